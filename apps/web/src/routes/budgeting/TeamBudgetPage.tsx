import { useState } from "react";
import { Link as RouterLink } from "react-router";
import Alert from "@mui/material/Alert";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import CircularProgress from "@mui/material/CircularProgress";
import MenuItem from "@mui/material/MenuItem";
import Paper from "@mui/material/Paper";
import Stack from "@mui/material/Stack";
import TextField from "@mui/material/TextField";
import Typography from "@mui/material/Typography";
import AccountBalanceWalletOutlined from "@mui/icons-material/AccountBalanceWalletOutlined";
import { useTranslation } from "react-i18next";
import { useMe } from "../../app/session";
import { EmptyState } from "../../components/EmptyState";
import { PageHeader } from "../../components/PageHeader";
import { AllocationFigures } from "../../features/budgeting/AllocationFigures";
import { useBudgets, useTeams } from "../../features/budgeting/hooks";
import { periodLabel } from "../../features/budgeting/periodLabel";
import { RequestList } from "../../features/budgeting/RequestList";
import { useBudgetError } from "../../features/budgeting/useBudgetError";

/** spec §2: /budgetingPlan, the team's budget: a team leader sees their team, the L&D leader picks one. */
export default function TeamBudgetPage() {
  const { t } = useTranslation("budgeting");
  const me = useMe();
  const currency = me.company?.currency ?? "USD";
  const header = <PageHeader title={t("teamBudget.title")} description={t("teamBudget.description")} />;

  if (!me.abilities.see_team_budget) {
    return (
      <>
        {header}
        <EmptyState
          icon={<AccountBalanceWalletOutlined />}
          title={t("teamBudget.notForRole")}
          description={t("teamBudget.notForRoleDescription")}
          action={
            <Button component={RouterLink} to="/budgetingPlan/purchaseRequest" variant="contained">
              {t("teamBudget.goToRequests")}
            </Button>
          }
        />
      </>
    );
  }
  // A team leader without a team has no budget to see; the L&D leader picks any team.
  if (!me.abilities.manage_company_budget && !me.account.team) {
    return (
      <>
        {header}
        <EmptyState icon={<AccountBalanceWalletOutlined />} title={t("teamBudget.noTeam")} description={t("teamBudget.noTeamDescription")} />
      </>
    );
  }
  return (
    <>
      {header}
      <TeamBudget isLeader={me.abilities.manage_company_budget} ownTeam={me.account.team?.id ?? null} currency={currency} />
    </>
  );
}

function TeamBudget({ isLeader, ownTeam, currency }: { isLeader: boolean; ownTeam: number | null; currency: string }) {
  const { t, i18n } = useTranslation("budgeting");
  const budgets = useBudgets(true);
  const teams = useTeams(isLeader);
  const errorMessage = useBudgetError(currency);
  const [picked, setPicked] = useState<number | null>(null);
  const teamId = isLeader ? (picked ?? teams.data?.[0]?.id ?? null) : ownTeam;

  if (budgets.isPending || (isLeader && teams.isPending)) {
    return (
      <Box sx={{ display: "flex", justifyContent: "center", p: 4 }}>
        <CircularProgress aria-label={t("loading")} />
      </Box>
    );
  }
  const error = budgets.error ?? teams.error;
  if (error) {
    return (
      <Alert severity="error" role="alert">
        {errorMessage(error)}
      </Alert>
    );
  }
  const current = budgets.data?.results ?? [];

  return (
    <Stack spacing={4}>
      {isLeader && (
        <TextField
          select
          label={t("teamBudget.team")}
          value={teamId ?? ""}
          onChange={(e) => setPicked(Number(e.target.value))}
          sx={{ maxWidth: 320 }}
          disabled={!teams.data?.length}
          helperText={teams.data?.length ? undefined : t("teamBudget.noTeams")}
        >
          {(teams.data ?? []).map((team) => (
            <MenuItem key={team.id} value={team.id}>
              {team.name}
            </MenuItem>
          ))}
        </TextField>
      )}

      {current.length === 0 ? (
        <EmptyState icon={<AccountBalanceWalletOutlined />} title={t("teamBudget.emptyTitle")} description={t("teamBudget.emptyDescription")} />
      ) : (
        current.map((budget) => {
          const allocation = budget.allocations.find((a) => a.team.id === teamId);
          const label = periodLabel(budget, t, i18n.language);
          const headingId = `budget-${budget.id}`;
          return (
            <Box component="section" key={budget.id} aria-labelledby={headingId}>
              <Typography variant="h2" id={headingId} sx={{ mb: 2 }}>
                {t("teamBudget.budgetHeading", { period: label })}
              </Typography>
              {allocation ? (
                <AllocationFigures budget={budget} allocation={allocation} currency={budget.currency} headingId={headingId} />
              ) : (
                <Paper variant="outlined" sx={{ p: 2 }}>
                  <Typography color="text.secondary">{t("teamBudget.noAllocation", { period: label })}</Typography>
                </Paper>
              )}
            </Box>
          );
        })
      )}

      {teamId !== null && (
        <Box component="section" aria-labelledby="decide-heading">
          <Typography variant="h2" id="decide-heading" sx={{ mb: 2 }}>
            {t("teamBudget.decideHeading")}
          </Typography>
          <RequestList scope="decide" currency={currency} team={isLeader ? teamId : undefined} labelledBy="decide-heading" initialStatus="pending" />
        </Box>
      )}
    </Stack>
  );
}
