import { BarChart } from "@mui/x-charts/BarChart";
import { useTheme } from "@mui/material/styles";
import { useTranslation } from "react-i18next";
import type { Insights } from "@learnward/contracts";

/** Each team's allocation against what it has used (reserved plus paid). Loaded lazily with @mui/x-charts. */
export default function BudgetChart({ budget, money }: { budget: NonNullable<Insights["budget"]>; money: (minor: number) => string }) {
  const { t } = useTranslation("insights");
  const theme = useTheme();
  const teams = budget.teams;
  const format = (v: number | null) => (v === null ? "" : money(v));
  return (
    <BarChart
      height={Math.max(140, 56 + teams.length * 44)}
      layout="horizontal"
      margin={{ left: 4, right: 16 }}
      yAxis={[{ scaleType: "band", data: teams.map((row) => row.team.name), width: 110 }]}
      xAxis={[{ valueFormatter: (v: number) => money(v) }]}
      series={[
        { data: teams.map((row) => row.allocated_minor), label: t("budget.allocated"), color: theme.palette.grey[400], valueFormatter: format },
        { data: teams.map((row) => row.reserved_minor + row.paid_minor), label: t("budget.used"), color: theme.palette.primary.main, valueFormatter: format },
      ]}
    />
  );
}
