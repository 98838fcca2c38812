import { LineChart } from "@mui/x-charts/LineChart";
import { useTheme } from "@mui/material/styles";
import { useTranslation } from "react-i18next";
import type { Budget, BudgetUsage } from "@learnward/contracts";
import { periodSteps } from "./periodLabel";

interface UsageChartProps {
  labelledBy: string;
  budget: Pick<Budget, "period" | "period_start" | "period_end">;
  usage: BudgetUsage;
  format: (minor: number) => string;
}

/**
 * Committed (approved or paid) and paid money, cumulative over the budget's period, under the
 * allocation's line. Steps still to come are left empty. The figures and table beside it say the same.
 */
export default function UsageChart({ labelledBy, budget, usage, format }: UsageChartProps) {
  const { t, i18n } = useTranslation("budgeting");
  const theme = useTheme();
  const steps = periodSteps(budget);
  const byStart = new Map(usage.points.map((p) => [p.start, p]));
  const label = new Intl.DateTimeFormat(
    i18n.language,
    budget.period === "year" ? { month: "short", timeZone: "UTC" } : { day: "numeric", month: "short", timeZone: "UTC" },
  );
  const valueFormatter = (value: number | null) => (value === null ? "" : format(value));
  const last = usage.points.at(-1);
  return (
    <div role="img" aria-labelledby={labelledBy} aria-describedby={`${labelledBy}-summary`}>
      <span id={`${labelledBy}-summary`} hidden>
        {last
          ? t("chart.summary", {
              date: label.format(new Date(`${last.end}T00:00:00Z`)),
              committed: format(last.committed_minor),
              paid: format(last.paid_minor),
              allocated: format(usage.allocated_minor),
            })
          : t("chart.notStarted")}
      </span>
      <LineChart
        height={220}
        margin={{ left: 8, right: 16 }}
        xAxis={[{ scaleType: "point", data: steps, valueFormatter: (value: string) => label.format(new Date(`${value}T00:00:00Z`)) }]}
        yAxis={[{ valueFormatter: (value: number) => format(value), width: 88 }]}
        series={[
          { data: steps.map(() => usage.allocated_minor), label: t("chart.allocated"), color: theme.palette.grey[500], showMark: false, valueFormatter },
          {
            data: steps.map((s) => byStart.get(s)?.committed_minor ?? null),
            label: t("chart.committed"),
            color: theme.palette.warning.main,
            showMark: false,
            valueFormatter,
          },
          {
            data: steps.map((s) => byStart.get(s)?.paid_minor ?? null),
            label: t("chart.paid"),
            color: theme.palette.success.main,
            area: true,
            showMark: false,
            valueFormatter,
          },
        ]}
      />
    </div>
  );
}
