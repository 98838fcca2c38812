import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import FileDownloadOutlined from "@mui/icons-material/FileDownloadOutlined";
import Paper from "@mui/material/Paper";
import Typography from "@mui/material/Typography";
import { useTranslation } from "react-i18next";
import type { Insights, InsightTime } from "@learnward/contracts";
import { formatDelta, formatFigure, type FigureUnit } from "./format";

/** The headline figures and the unit each is written in. */
const KPIS = {
  active_learners: "count",
  learning_time_s: "learning_time",
  completions: "count",
  overdue_people: "count",
  certificates: "count",
} as const satisfies Record<keyof Insights["kpis"], FigureUnit>;

/** The headline figures, each with its change against the period before; the certificates issued download as CSV. */
export function KpiCards({ kpis, time, mine, certificatesCsv }: { kpis: Insights["kpis"]; time: InsightTime; mine: boolean; certificatesCsv?: string }) {
  const { t, i18n } = useTranslation("insights");
  const l = i18n.language;
  return (
    <Box component="section" aria-label={t("kpis.label")}>
      <Box
        component="dl"
        sx={{
          m: 0,
          display: "grid",
          gap: 2,
          gridTemplateColumns: { xs: "repeat(2, minmax(0, 1fr))", md: "repeat(3, minmax(0, 1fr))", lg: "repeat(5, minmax(0, 1fr))" },
        }}
      >
        {(Object.keys(KPIS) as (keyof typeof KPIS)[]).map((key) => {
          const kpi = kpis[key];
          const value = formatFigure(kpi.value, KPIS[key], l);
          const delta = formatDelta(kpi.value, kpi.previous, l, KPIS[key]);
          const note =
            key === "overdue_people"
              ? t("kpis.overdueHint")
              : time === "all" || kpi.previous === null
                ? null
                : delta && kpi.value !== kpi.previous
                  ? t(`kpis.versus.${time}`, { delta })
                  : t("kpis.noChange");
          return (
            <Paper key={key} variant="outlined" sx={{ p: 2, minWidth: 0 }}>
              <Typography component="dt" variant="body2" color="text.secondary">
                {key === "overdue_people" && mine ? t("kpis.overdue_mine") : t(`kpis.${key}`)}
              </Typography>
              <Typography component="dd" variant="h2" sx={{ m: 0, wordBreak: "break-word" }}>
                {value}
              </Typography>
              {note && (
                <Typography component="dd" variant="caption" color="text.secondary" sx={{ m: 0, display: "block" }}>
                  {note}
                </Typography>
              )}
            </Paper>
          );
        })}
      </Box>
      {certificatesCsv && (
        <Button size="small" href={certificatesCsv} download startIcon={<FileDownloadOutlined />} sx={{ mt: 1 }}>
          {t("kpis.certificatesCsv")}
        </Button>
      )}
    </Box>
  );
}
