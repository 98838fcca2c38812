import { LineChart } from "@mui/x-charts/LineChart";
import { useTheme } from "@mui/material/styles";
import { useTranslation } from "react-i18next";
import type { InsightBucket, Insights } from "@learnward/contracts";
import { formatHours, formatNumber, formatPeriod } from "./format";

/** Active learners and completions per step (left axis), learning hours (right axis). Loaded lazily with @mui/x-charts. */
export default function ActivityChart({ series, bucket }: { series: Insights["series"]; bucket: InsightBucket }) {
  const { t, i18n } = useTranslation("insights");
  const theme = useTheme();
  const locale = i18n.language;
  return (
    <LineChart
      height={260}
      margin={{ left: 4, right: 4 }}
      xAxis={[{ scaleType: "point", data: series.map((p) => p.period), valueFormatter: (value: string) => formatPeriod(value, bucket, locale) }]}
      yAxis={[
        { id: "count", width: 40, valueFormatter: (value: number) => formatNumber(value, locale) },
        { id: "hours", position: "right", width: 56, valueFormatter: (value: number) => formatHours(value * 3600, locale) },
      ]}
      series={[
        {
          data: series.map((p) => p.active_learners),
          label: t("kpis.active_learners"),
          yAxisId: "count",
          color: theme.palette.primary.main,
          showMark: false,
          valueFormatter: (v) => (v === null ? "" : formatNumber(v, locale)),
        },
        {
          data: series.map((p) => p.completions),
          label: t("kpis.completions"),
          yAxisId: "count",
          color: theme.palette.success.main,
          showMark: false,
          valueFormatter: (v) => (v === null ? "" : formatNumber(v, locale)),
        },
        {
          data: series.map((p) => p.learning_time_s / 3600),
          label: t("kpis.learning_time_s"),
          yAxisId: "hours",
          color: theme.palette.warning.main,
          showMark: false,
          valueFormatter: (v) => (v === null ? "" : formatHours(v * 3600, locale)),
        },
      ]}
    />
  );
}
