import { useState } from "react";
import Alert from "@mui/material/Alert";
import Box from "@mui/material/Box";
import CircularProgress from "@mui/material/CircularProgress";
import Divider from "@mui/material/Divider";
import MenuItem from "@mui/material/MenuItem";
import Paper from "@mui/material/Paper";
import Stack from "@mui/material/Stack";
import TextField from "@mui/material/TextField";
import Typography from "@mui/material/Typography";
import AccountBalanceOutlined from "@mui/icons-material/AccountBalanceOutlined";
import { useTranslation } from "react-i18next";
import type { Budget } from "@learnward/contracts";
import { useMe } from "../../app/session";
import { EmptyState } from "../../components/EmptyState";
import { PageHeader } from "../../components/PageHeader";
import { AllocationEditor } from "../../features/budgeting/AllocationEditor";
import { AuditTrail } from "../../features/budgeting/AuditTrail";
import { CreateBudgetForm } from "../../features/budgeting/CreateBudgetForm";
import { EditBudgetForm } from "../../features/budgeting/EditBudgetForm";
import { useBudgets, useTeams } from "../../features/budgeting/hooks";
import { formatMoney } from "../../features/budgeting/money";
import { periodLabel } from "../../features/budgeting/periodLabel";
import { UsageTable } from "../../features/budgeting/UsageTable";
import { useBudgetError } from "../../features/budgeting/useBudgetError";

/** spec §2/§6: /budgetingPlan/companyBudget, ldleader only (the router refuses others). */
export default function CompanyBudgetPage() {
  const { t, i18n } = useTranslation("budgeting");
  const me = useMe();
  const currency = me.company?.currency ?? "USD";
  const budgets = useBudgets(false);
  const teams = useTeams();
  const errorMessage = useBudgetError(currency);
  const [picked, setPicked] = useState<number | null>(null);

  const list = budgets.data?.results ?? [];
  // Unless one is picked, the budget that covers today comes first, not a future one planned ahead.
  const today = new Date().toISOString().slice(0, 10);
  const budget = list.find((b) => b.id === picked) ?? list.find((b) => b.period_start <= today && today <= b.period_end) ?? list[0];

  return (
    <>
      <PageHeader title={t("companyBudget.title")} description={t("companyBudget.description")} />
      <Stack spacing={4}>
        {budgets.isPending ? (
          <Box sx={{ display: "flex", justifyContent: "center", p: 4 }}>
            <CircularProgress aria-label={t("loading")} />
          </Box>
        ) : budgets.isError ? (
          <Alert severity="error" role="alert">
            {errorMessage(budgets.error)}
          </Alert>
        ) : budget ? (
          <Paper variant="outlined" component="section" aria-labelledby="budget-heading" sx={{ p: { xs: 2, sm: 3 } }}>
            <Box sx={{ display: "flex", flexWrap: "wrap", gap: 2, alignItems: "center", justifyContent: "space-between", mb: 2 }}>
              <Typography variant="h2" id="budget-heading">
                {t("teamBudget.budgetHeading", { period: periodLabel(budget, t, i18n.language) })}
              </Typography>
              {list.length > 1 && (
                <TextField
                  select
                  size="small"
                  label={t("companyBudget.select")}
                  value={budget.id}
                  onChange={(e) => setPicked(Number(e.target.value))}
                  sx={{ minWidth: 220 }}
                >
                  {list.map((b) => (
                    <MenuItem key={b.id} value={b.id}>
                      {periodLabel(b, t, i18n.language)}
                    </MenuItem>
                  ))}
                </TextField>
              )}
            </Box>
            <Stack spacing={3} divider={<Divider flexItem />}>
              <BudgetSummary budget={budget} />
              <EditBudgetForm key={`${budget.id}-${budget.amount_minor}-${budget.frequency ?? ""}`} budget={budget} />
              {teams.isError ? (
                <Alert severity="error" role="alert">
                  {errorMessage(teams.error)}
                </Alert>
              ) : (
                <AllocationEditor key={budget.id} budget={budget} teams={teams.data ?? []} />
              )}
              <UsageTable budget={budget} />
            </Stack>
          </Paper>
        ) : (
          <EmptyState icon={<AccountBalanceOutlined />} title={t("companyBudget.emptyTitle")} description={t("companyBudget.emptyDescription")} />
        )}
        <CreateBudgetForm currency={currency} onCreated={setPicked} />
        <AuditTrail />
      </Stack>
    </>
  );
}

function BudgetSummary({ budget }: { budget: Budget }) {
  const { t, i18n } = useTranslation("budgeting");
  const items = [
    ["amount", budget.amount_minor],
    ["allocated", budget.allocated_minor],
    ["unallocated", budget.unallocated_minor],
    ["reserved", budget.reserved_minor],
    ["paid", budget.paid_minor],
  ] as const;
  return (
    <Box component="dl" sx={{ m: 0, display: "grid", gap: 2, gridTemplateColumns: { xs: "repeat(2, minmax(0, 1fr))", md: "repeat(5, minmax(0, 1fr))" } }}>
      {items.map(([key, value]) => (
        <div key={key}>
          <Typography component="dt" variant="body2" color="text.secondary">
            {t(`companyBudget.summary.${key}`)}
          </Typography>
          <Typography component="dd" variant="h3" sx={{ m: 0, wordBreak: "break-word" }}>
            {formatMoney(value, budget.currency, i18n.language)}
          </Typography>
        </div>
      ))}
    </Box>
  );
}
