import { Suspense } from "react";
import Alert from "@mui/material/Alert";
import Box from "@mui/material/Box";
import Paper from "@mui/material/Paper";
import Skeleton from "@mui/material/Skeleton";
import Table from "@mui/material/Table";
import TableBody from "@mui/material/TableBody";
import TableCell from "@mui/material/TableCell";
import TableHead from "@mui/material/TableHead";
import TableRow from "@mui/material/TableRow";
import Typography from "@mui/material/Typography";
import { useTranslation } from "react-i18next";
import type { Allocation, Budget } from "@learnward/contracts";
import { useBudgetUsage } from "./hooks";
import { formatMoney } from "./money";
import { lazyPart } from "../../app/lazyPart";
import { ChartFrame } from "../../components/ChartFrame";

// @mui/x-charts is about 100 KB gzip: it loads only here, after the figures are on screen.
const UsageChart = lazyPart("budgeting.usageChart", () => import("./UsageChart"));

interface AllocationFiguresProps {
  budget: Pick<Budget, "id" | "period" | "period_start" | "period_end">;
  allocation: Allocation;
  currency: string;
  headingId: string;
}

/** A team's allocation: four figures, a chart of its use over the period, and the split as a table. */
export function AllocationFigures({ budget, allocation, currency, headingId }: AllocationFiguresProps) {
  const { t, i18n } = useTranslation("budgeting");
  const usage = useBudgetUsage(budget.id, allocation.team.id);
  const money = (minor: number) => formatMoney(minor, currency, i18n.language);
  const figures = [
    { key: "allocated", value: allocation.amount_minor },
    { key: "reserved", value: allocation.reserved_minor },
    { key: "paid", value: allocation.paid_minor },
    { key: "remaining", value: allocation.remaining_minor },
  ] as const;
  return (
    <Box sx={{ display: "grid", gap: 2 }}>
      <Box component="dl" sx={{ m: 0, display: "grid", gap: 2, gridTemplateColumns: { xs: "repeat(2, minmax(0, 1fr))", md: "repeat(4, minmax(0, 1fr))" } }}>
        {figures.map((f) => (
          <Paper key={f.key} variant="outlined" sx={{ p: 2 }}>
            <Typography component="dt" variant="body2" color="text.secondary">
              {t(`figures.${f.key}`)}
            </Typography>
            <Typography component="dd" variant="h3" sx={{ m: 0, wordBreak: "break-word" }}>
              {money(f.value)}
            </Typography>
          </Paper>
        ))}
      </Box>
      <Paper variant="outlined" sx={{ p: 2 }}>
        <Typography variant="h3" component="h3" id={`${headingId}-chart`} sx={{ mb: 1 }}>
          {t("chart.title")}
        </Typography>
        {usage.isError ? (
          <Alert severity="warning">{t("chart.loadError")}</Alert>
        ) : (
          <ChartFrame height={220}>
            <Suspense fallback={<Skeleton variant="rounded" height={220} />}>
              {usage.data ? (
                <UsageChart labelledBy={`${headingId}-chart`} budget={budget} usage={usage.data} format={money} />
              ) : (
                <Skeleton variant="rounded" height={220} />
              )}
            </Suspense>
          </ChartFrame>
        )}
        <Table size="small" aria-label={t("chart.tableLabel")} sx={{ mt: 1 }}>
          <TableHead>
            <TableRow>
              <TableCell>{t("chart.part")}</TableCell>
              <TableCell align="right">{t("chart.amount")}</TableCell>
              <TableCell align="right">{t("chart.share")}</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {figures.slice(1).map((f) => (
              <TableRow key={f.key}>
                <TableCell>{t(`figures.${f.key}`)}</TableCell>
                <TableCell align="right">{money(f.value)}</TableCell>
                <TableCell align="right">
                  {allocation.amount_minor > 0
                    ? new Intl.NumberFormat(i18n.language, { style: "percent", maximumFractionDigits: 1 }).format(f.value / allocation.amount_minor)
                    : "—"}
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </Paper>
    </Box>
  );
}
