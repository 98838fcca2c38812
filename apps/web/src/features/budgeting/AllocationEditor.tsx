import { useState, type FormEvent } from "react";
import Alert from "@mui/material/Alert";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import InputAdornment from "@mui/material/InputAdornment";
import Stack from "@mui/material/Stack";
import TextField from "@mui/material/TextField";
import Typography from "@mui/material/Typography";
import { useTranslation } from "react-i18next";
import type { Budget } from "@learnward/contracts";
import { toast } from "../../lib/toast";
import { checkAllocation } from "./allocation";
import { useAllocate } from "./hooks";
import { formatMoney, minorDigits, toMajorText } from "./money";
import { useBudgetError } from "./useBudgetError";

/** One input per team; each shows, as you type, what the budget would have left (sum ≤ budget). */
export function AllocationEditor({ budget, teams }: { budget: Budget; teams: { id: number; name: string }[] }) {
  const { t } = useTranslation("budgeting");
  return (
    <Box component="section" aria-labelledby="allocate-heading">
      <Typography variant="h3" component="h3" id="allocate-heading" sx={{ mb: 2 }}>
        {t("companyBudget.allocate.heading")}
      </Typography>
      {teams.length === 0 ? (
        <Typography color="text.secondary">{t("companyBudget.allocate.noTeams")}</Typography>
      ) : (
        <Stack spacing={2}>
          {teams.map((team) => (
            <AllocationRow key={`${budget.id}-${team.id}`} budget={budget} team={team} />
          ))}
        </Stack>
      )}
    </Box>
  );
}

export function AllocationRow({ budget, team }: { budget: Budget; team: { id: number; name: string } }) {
  const { t, i18n } = useTranslation("budgeting");
  const allocate = useAllocate();
  const errorMessage = useBudgetError(budget.currency);
  const digits = minorDigits(budget.currency);
  const current = budget.allocations.find((a) => a.team.id === team.id);
  const [amount, setAmount] = useState(() => (current ? toMajorText(current.amount_minor, digits) : ""));
  const check = checkAllocation(budget, team.id, amount, digits);
  const money = (minor: number) => formatMoney(minor, budget.currency, i18n.language);
  const used = current ? current.reserved_minor + current.paid_minor : 0;

  const help =
    check.error === "overBudget"
      ? t("companyBudget.allocate.overBudget", { amount: money(-check.leftMinor) })
      : check.error === "belowUsed"
        ? t("companyBudget.allocate.belowUsed", { amount: money(used) })
        : check.error && amount.trim() !== ""
          ? t(`money.${check.error}`)
          : t("companyBudget.allocate.left", { amount: money(check.leftMinor) });
  const invalid = check.error !== null && !(check.error === "required" && amount.trim() === "");

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (check.error || check.amountMinor === null) return;
    allocate.mutate(
      { budgetId: budget.id, team_id: team.id, amount_minor: check.amountMinor },
      { onSuccess: () => toast(t("companyBudget.allocate.saved", { team: team.name }), "success") },
    );
  };

  return (
    <Box component="form" noValidate onSubmit={submit} sx={{ display: "flex", gap: 2, alignItems: "flex-start", flexWrap: "wrap" }}>
      <TextField
        label={t("companyBudget.allocate.amountFor", { team: team.name })}
        value={amount}
        onChange={(e) => setAmount(e.target.value)}
        sx={{ flex: "1 1 240px", maxWidth: 420 }}
        slotProps={{
          htmlInput: { inputMode: "decimal", "aria-live": "off" },
          input: { endAdornment: <InputAdornment position="end">{budget.currency}</InputAdornment> },
          formHelperText: { "aria-live": "polite" } as Record<string, string>,
        }}
        error={invalid}
        helperText={help}
      />
      <Button
        type="submit"
        variant="outlined"
        loading={allocate.isPending}
        disabled={check.error !== null}
        aria-label={t("companyBudget.allocate.saveFor", { team: team.name })}
        sx={{ mt: 1 }}
      >
        {t("companyBudget.allocate.save")}
      </Button>
      {allocate.isError && (
        <Alert severity="error" role="alert" sx={{ flexBasis: "100%" }}>
          {errorMessage(allocate.error)}
        </Alert>
      )}
    </Box>
  );
}
