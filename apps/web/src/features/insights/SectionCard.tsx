import { Suspense, useId, useState, type ReactNode } from "react";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import Paper from "@mui/material/Paper";
import Skeleton from "@mui/material/Skeleton";
import ToggleButton from "@mui/material/ToggleButton";
import ToggleButtonGroup from "@mui/material/ToggleButtonGroup";
import Typography from "@mui/material/Typography";
import FileDownloadOutlined from "@mui/icons-material/FileDownloadOutlined";
import { useTranslation } from "react-i18next";
import { ChartFrame } from "../../components/ChartFrame";
import { renderNearScreen } from "../../components/offscreen";

/** A section's height until it has been laid out: a chart's (260 px) with its heading and padding. */
const SECTION_HEIGHT = 340;

interface SectionCardProps {
  title: string;
  /** The CSV of this section's table. */
  csvHref?: string;
  /** A chart (lazily loaded) with its text summary; the table is its accessible alternative. */
  chart?: { node: ReactNode; summary: string; height: number };
  children: ReactNode;
}

/**
 * One section of the dashboard: a heading, its CSV download, and either a table or a chart that can
 * be switched to the same figures as a table. The chart is an image with a summary for screen readers.
 */
export function SectionCard({ title, csvHref, chart, children }: SectionCardProps) {
  const { t } = useTranslation("insights");
  const headingId = useId();
  const [view, setView] = useState<"chart" | "table">("chart");
  return (
    // Laid out only near the screen: the sections come in below the key figures after hydration, and
    // laying out all of them at once (tables of 20 rows) was a 31-35 ms task of /dashboard/content's
    // load on a phone's screen, where they start below it.
    <Paper
      component="section"
      variant="outlined"
      aria-labelledby={headingId}
      sx={{ p: 2, minWidth: 0, display: "flex", flexDirection: "column", gap: 1.5, ...renderNearScreen(SECTION_HEIGHT) }}
    >
      <Box sx={{ display: "flex", flexWrap: "wrap", alignItems: "center", gap: 1 }}>
        <Typography variant="h3" component="h2" id={headingId} sx={{ flex: "1 1 auto", mr: 1 }}>
          {title}
        </Typography>
        {chart && (
          <ToggleButtonGroup
            size="small"
            exclusive
            value={view}
            onChange={(_, next: "chart" | "table" | null) => next && setView(next)}
            aria-label={t("view.label", { what: title })}
          >
            <ToggleButton value="chart">{t("view.chart")}</ToggleButton>
            <ToggleButton value="table">{t("view.table")}</ToggleButton>
          </ToggleButtonGroup>
        )}
        {csvHref && (
          <Button size="small" href={csvHref} download startIcon={<FileDownloadOutlined />} aria-label={t("csv.label", { what: title })}>
            {t("csv.download")}
          </Button>
        )}
      </Box>
      {chart && view === "chart" ? (
        <Box role="img" aria-label={chart.summary} sx={{ minWidth: 0 }}>
          <ChartFrame height={chart.height}>
            <Suspense fallback={<Skeleton variant="rounded" height={chart.height} />}>{chart.node}</Suspense>
          </ChartFrame>
        </Box>
      ) : (
        children
      )}
    </Paper>
  );
}
