import { useState, type FormEvent } from "react";
import Alert from "@mui/material/Alert";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import InputAdornment from "@mui/material/InputAdornment";
import MenuItem from "@mui/material/MenuItem";
import TextField from "@mui/material/TextField";
import Typography from "@mui/material/Typography";
import { useTranslation } from "react-i18next";
import type { Budget } from "@learnward/contracts";
import { toast } from "../../lib/toast";
import { useUpdateBudget, type Frequency } from "./hooks";
import { minorDigits, parseMoney, toMajorText } from "./money";
import { useBudgetError } from "./useBudgetError";

/** Change a budget's amount or how it repeats (PATCH /budgets/{id}/). Keyed by budget id by its parent. */
export function EditBudgetForm({ budget }: { budget: Budget }) {
  const { t } = useTranslation("budgeting");
  const update = useUpdateBudget();
  const errorMessage = useBudgetError(budget.currency);
  const digits = minorDigits(budget.currency);
  const [amount, setAmount] = useState(() => toMajorText(budget.amount_minor, digits));
  const [frequency, setFrequency] = useState<Frequency | "">(budget.frequency ?? "");
  const parsed = parseMoney(amount, digits);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!parsed.ok) return;
    update.mutate({ id: budget.id, amount_minor: parsed.minor, frequency: frequency || null }, { onSuccess: () => toast(t("companyBudget.edit.saved"), "success") });
  };

  return (
    <Box component="form" noValidate onSubmit={submit} aria-labelledby="edit-budget-heading">
      <Typography variant="h3" component="h3" id="edit-budget-heading" sx={{ mb: 2 }}>
        {t("companyBudget.edit.heading")}
      </Typography>
      <Box sx={{ display: "grid", gap: 2, gridTemplateColumns: { xs: "1fr", sm: "repeat(3, minmax(0, 1fr))" }, alignItems: "start" }}>
        {update.isError && (
          <Alert severity="error" role="alert" sx={{ gridColumn: "1 / -1" }}>
            {errorMessage(update.error)}
          </Alert>
        )}
        <TextField
          label={t("companyBudget.edit.amount")}
          value={amount}
          onChange={(e) => setAmount(e.target.value)}
          required
          slotProps={{ htmlInput: { inputMode: "decimal" }, input: { endAdornment: <InputAdornment position="end">{budget.currency}</InputAdornment> } }}
          error={!parsed.ok}
          helperText={parsed.ok ? undefined : t(`money.${parsed.error}`)}
        />
        <TextField select label={t("companyBudget.create.frequency")} value={frequency} slotProps={{ select: { displayEmpty: true }, inputLabel: { shrink: true } }} onChange={(e) => setFrequency(e.target.value as Frequency | "")}>
          <MenuItem value="">{t("companyBudget.create.noFrequency")}</MenuItem>
          {(["yearly", "monthly", "weekly"] as const).map((f) => (
            <MenuItem key={f} value={f}>
              {t(`frequency.${f}`)}
            </MenuItem>
          ))}
        </TextField>
        <Box sx={{ pt: 1 }}>
          <Button type="submit" variant="outlined" loading={update.isPending} disabled={!parsed.ok}>
            {t("companyBudget.edit.save")}
          </Button>
        </Box>
      </Box>
    </Box>
  );
}
