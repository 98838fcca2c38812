import { useState } from "react";
import Box from "@mui/material/Box";
import LinearProgress from "@mui/material/LinearProgress";
import HistoryOutlined from "@mui/icons-material/HistoryOutlined";
import SavingsOutlined from "@mui/icons-material/SavingsOutlined";
import TuneOutlined from "@mui/icons-material/TuneOutlined";
import { useTranslation } from "react-i18next";
import { EmptyState } from "../../components/EmptyState";
import type { AdminBudget, BudgetsParams } from "./api";
import { AdjustBudgetDialog, BudgetHistoryDialog } from "./AdjustBudgetDialog";
import { CompanySelect } from "./fields";
import { useAdminBudgets } from "./hooks";
import { useFormatMoney, stickyActions, usePeriodLabel } from "./ui";
import { usePaging } from "../../components/TablePager";
import { DataTable, RowAction, type Column } from "../../components/DataTable";

type Dialog = { kind: "adjust" | "history"; budget: AdminBudget } | null;

/** The page of budgets the table opens with, every company's (the budget management page's first data). */
export const FIRST_BUDGETS = { page: 1, page_size: 20 } as const satisfies BudgetsParams;

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
  const { page, pageSize, pager, filter } = usePaging(FIRST_BUDGETS.page_size);
  const [dialog, setDialog] = useState<Dialog>(null);
  const budgets = useAdminBudgets({ company: company ? Number(company) : undefined, page, page_size: pageSize });
  const list = budgets.data?.results ?? [];
  const close = () => setDialog(null);
  const nameOf = (budget: AdminBudget) => t("budgets.name", { company: budget.company.name, period: periodLabel(budget.period, budget.period_start) });
  const columns: Column<AdminBudget>[] = [
    { key: "company", header: t("budgets.columns.company"), rowHeader: true, cell: (budget) => budget.company.name },
    { key: "period", header: t("budgets.columns.period"), cellSx: { whiteSpace: "nowrap" }, cell: (budget) => periodLabel(budget.period, budget.period_start) },
    ...MONEY_COLUMNS.map((column): Column<AdminBudget> => ({
      key: column,
      header: t(`budgets.columns.${column}`),
      align: "right",
      cellSx: { whiteSpace: "nowrap" },
      cell: (budget) => {
        const figures = budgetFigures(budget);
        const overspent = column === "remaining" && figures.remaining < 0;
        return (
          <Box component="span" sx={{ color: overspent ? "error.main" : undefined }}>
            {money(figures[column], budget.currency)}
          </Box>
        );
      },
    })),
    {
      key: "used",
      header: t("budgets.columns.used"),
      cellSx: { minWidth: 120 },
      cell: (budget) => {
        const { usedPercent } = budgetFigures(budget);
        return (
          <Box sx={{ display: "flex", alignItems: "center", gap: 1 }}>
            <LinearProgress
              variant="determinate"
              value={usedPercent}
              aria-label={t("budgets.usedLabel", { name: nameOf(budget) })}
              sx={{ flex: 1, height: 6, borderRadius: 3 }}
            />
            <Box component="span" sx={{ minWidth: 40, textAlign: "right" }}>
              {usedPercent}%
            </Box>
          </Box>
        );
      },
    },
    {
      key: "actions",
      header: t("budgets.columns.actions"),
      align: "right",
      sx: stickyActions,
      cell: (budget) => (
        <>
          <RowAction
            label={t("budgets.historyButton", { name: nameOf(budget) })}
            icon={<HistoryOutlined />}
            onClick={() => setDialog({ kind: "history", budget })}
          />
          <RowAction label={t("budgets.adjustLabel", { name: nameOf(budget) })} icon={<TuneOutlined />} onClick={() => setDialog({ kind: "adjust", budget })} />
        </>
      ),
    },
  ];

  return (
    <>
      <Box sx={{ display: "flex", flexWrap: "wrap", gap: 1.5, mb: 2 }}>
        <CompanySelect
          size="small"
          label={t("budgets.company")}
          value={company}
          onChange={filter(setCompany)}
          emptyLabel={t("budgets.allCompanies")}
          sx={{ flex: "0 1 320px" }}
        />
      </Box>

      <DataTable
        label={t("budgets.tableLabel")}
        query={budgets}
        loadingLabel={t("budgets.loading")}
        minWidth={900}
        columns={columns}
        rows={list}
        rowKey={(budget) => budget.id}
        pager={pager(budgets.data?.count ?? 0)}
        empty={
          <EmptyState icon={<SavingsOutlined />} title={company ? t("budgets.noMatch") : t("budgets.emptyTitle")} description={t("budgets.emptyDescription")} />
        }
      />

      {dialog?.kind === "adjust" && <AdjustBudgetDialog budget={dialog.budget} onClose={close} />}
      {dialog?.kind === "history" && <BudgetHistoryDialog budget={dialog.budget} onClose={close} />}
    </>
  );
}
