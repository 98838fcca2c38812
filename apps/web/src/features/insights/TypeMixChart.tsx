import { PieChart } from "@mui/x-charts/PieChart";
import { useTranslation } from "react-i18next";
import type { Insights } from "@learnward/contracts";
import { formatNumber } from "./format";

/** Share of activity by content type, as a donut. Loaded lazily with @mui/x-charts. */
export default function TypeMixChart({ types }: { types: Insights["content_types"] }) {
  const { t, i18n } = useTranslation("insights");
  return (
    <PieChart
      height={240}
      series={[
        {
          innerRadius: 56,
          paddingAngle: 1,
          cornerRadius: 3,
          data: types.map((row) => ({ id: row.content_type, value: row.activity, label: t(`types.names.${row.content_type}`) })),
          valueFormatter: (item) => formatNumber(item.value, i18n.language),
        },
      ]}
    />
  );
}
