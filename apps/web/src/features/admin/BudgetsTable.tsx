import { useState } from "react";
import Box from "@mui/material/Box";
import IconButton from "@mui/material/IconButton";
import LinearProgress from "@mui/material/LinearProgress";
import Paper from "@mui/material/Paper";
import Table from "@mui/material/Table";
import TableBody from "@mui/material/TableBody";
import TableCell from "@mui/material/TableCell";
import TableHead from "@mui/material/TableHead";
import TableRow from "@mui/material/TableRow";
import Tooltip from "@mui/material/Tooltip";
import HistoryOutlined from "@mui/icons-material/HistoryOutlined";
import SavingsOutlined from "@mui/icons-material/SavingsOutlined";
import TuneOutlined from "@mui/icons-material/TuneOutlined";
import { useTranslation } from "react-i18next";
import { EmptyState } from "../../components/EmptyState";
import type { AdminBudget } from "./api";
import { AdjustBudgetDialog, BudgetHistoryDialog } from "./AdjustBudgetDialog";
import { CompanySelect } from "./fields";
import { useAdminBudgets } from "./hooks";
import { LoadFailed, Loading, useFormatMoney, stickyActions, usePeriodLabel } from "./ui";
import { TablePager, usePaging } from "../../components/TablePager";
import { ScrollArea } from "../../components/ScrollArea";

type Dialog = { kind: "adjust" | "history"; budget: AdminBudget } | null;

const MONEY_COLUMNS = ["amount", "allocated", "reserved", "paid", "remaining"] as const;

/** Spent is what approved requests reserve plus what was paid; remaining is the budget less that. */
export function budgetFigures(budget: AdminBudget) {
  const spent = budget.reserved_minor + budget.paid_minor;
  return {
    amount: budget.amount_minor,
    allocated: budget.allocated_minor,
    reserved: budget.reserved_minor,
    paid: budget.paid_minor,
    remaining: budget.amount_minor - spent,
    usedPercent: budget.amount_minor > 0 ? Math.min(100, Math.round((spent / budget.amount_minor) * 100)) : 0,
  };
}

/** Every company's budgets, allocations and spend, each amount in its company's currency. */
export function BudgetsTable() {
  const { t } = useTranslation("admin");
  const money = useFormatMoney();
  const periodLabel = usePeriodLabel();
  const [company, setCompany] = useState("");
  const { page, pageSize, setPage, pager } = usePaging();
  const [dialog, setDialog] = useState<Dialog>(null);
  const budgets = useAdminBudgets({ company: company ? Number(company) : undefined, page, page_size: pageSize });
  const list = budgets.data?.results ?? [];
  const close = () => setDialog(null);
  const label = t("budgets.tableLabel");

  return (
    <>
      <Box sx={{ display: "flex", flexWrap: "wrap", gap: 1.5, mb: 2 }}>
        <CompanySelect
          size="small"
          label={t("budgets.company")}
          value={company}
          onChange={(value) => {
            setCompany(value);
            setPage(1);
          }}
          emptyLabel={t("budgets.allCompanies")}
          sx={{ flex: "0 1 320px" }}
        />
      </Box>

      {budgets.isPending ? (
        <Loading label={t("budgets.loading")} />
      ) : budgets.isError ? (
        <LoadFailed error={budgets.error} onRetry={() => void budgets.refetch()} />
      ) : list.length === 0 ? (
        <EmptyState icon={<SavingsOutlined />} title={company ? t("budgets.noMatch") : t("budgets.emptyTitle")} description={t("budgets.emptyDescription")} />
      ) : (
        <Paper variant="outlined">
          <ScrollArea label={label}>
            <Table size="small" aria-label={label} aria-busy={budgets.isFetching} sx={{ minWidth: 900 }}>
              <TableHead>
                <TableRow>
                  <TableCell scope="col">{t("budgets.columns.company")}</TableCell>
                  <TableCell scope="col">{t("budgets.columns.period")}</TableCell>
                  {MONEY_COLUMNS.map((column) => (
                    <TableCell key={column} scope="col" align="right">
                      {t(`budgets.columns.${column}`)}
                    </TableCell>
                  ))}
                  <TableCell scope="col">{t("budgets.columns.used")}</TableCell>
                  <TableCell scope="col" align="right" sx={stickyActions}>
                    {t("budgets.columns.actions")}
                  </TableCell>
                </TableRow>
              </TableHead>
              <TableBody>
                {list.map((budget) => {
                  const figures = budgetFigures(budget);
                  const name = t("budgets.name", { company: budget.company.name, period: periodLabel(budget.period, budget.period_start) });
                  return (
                    <TableRow key={budget.id}>
                      <TableCell component="th" scope="row">
                        {budget.company.name}
                      </TableCell>
                      <TableCell sx={{ whiteSpace: "nowrap" }}>{periodLabel(budget.period, budget.period_start)}</TableCell>
                      {MONEY_COLUMNS.map((column) => (
                        <TableCell key={column} align="right" sx={{ whiteSpace: "nowrap", color: column === "remaining" && figures.remaining < 0 ? "error.main" : undefined }}>
                          {money(figures[column], budget.currency)}
                        </TableCell>
                      ))}
                      <TableCell sx={{ minWidth: 120 }}>
                        <Box sx={{ display: "flex", alignItems: "center", gap: 1 }}>
                          <LinearProgress
                            variant="determinate"
                            value={figures.usedPercent}
                            aria-label={t("budgets.usedLabel", { name })}
                            sx={{ flex: 1, height: 6, borderRadius: 3 }}
                          />
                          <Box component="span" sx={{ minWidth: 40, textAlign: "right" }}>
                            {figures.usedPercent}%
                          </Box>
                        </Box>
                      </TableCell>
                      <TableCell align="right" sx={stickyActions}>
                        <Tooltip title={t("budgets.historyButton", { name })}>
                          <IconButton aria-label={t("budgets.historyButton", { name })} onClick={() => setDialog({ kind: "history", budget })}>
                            <HistoryOutlined />
                          </IconButton>
                        </Tooltip>
                        <Tooltip title={t("budgets.adjustLabel", { name })}>
                          <IconButton aria-label={t("budgets.adjustLabel", { name })} onClick={() => setDialog({ kind: "adjust", budget })}>
                            <TuneOutlined />
                          </IconButton>
                        </Tooltip>
                      </TableCell>
                    </TableRow>
                  );
                })}
              </TableBody>
            </Table>
          </ScrollArea>
          <TablePager {...pager(budgets.data.count)} />
        </Paper>
      )}

      {dialog?.kind === "adjust" && <AdjustBudgetDialog budget={dialog.budget} onClose={close} />}
      {dialog?.kind === "history" && <BudgetHistoryDialog budget={dialog.budget} onClose={close} />}
    </>
  );
}
