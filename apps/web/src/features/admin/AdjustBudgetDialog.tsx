import { useId, useState, type FormEvent } from "react";
import Alert from "@mui/material/Alert";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import Dialog from "@mui/material/Dialog";
import DialogActions from "@mui/material/DialogActions";
import DialogContent from "@mui/material/DialogContent";
import DialogTitle from "@mui/material/DialogTitle";
import InputAdornment from "@mui/material/InputAdornment";
import Stack from "@mui/material/Stack";
import TextField from "@mui/material/TextField";
import Typography from "@mui/material/Typography";
import { useTranslation } from "react-i18next";
import { ApiError } from "../../lib/api";
import { toast } from "../../lib/toast";
import { minorDigits, parseMoney, toMajorText } from "../budgeting/money";
import type { AdminBudget } from "./api";
import { AuditLog } from "./AuditLog";
import { useAdjustBudget } from "./hooks";
import { useFormatMoney, usePeriodLabel } from "./ui";
import { useAdminError } from "./useAdminError";

const MAX_REASON = 1000;

/** What is wrong with a new amount, if anything: the budget can't drop below its teams' allocations. */
export function adjustmentError(budget: AdminBudget, input: string): { code: "required" | "format" | "tooLarge" | "belowAllocated" | "unchanged" } | null {
  const parsed = parseMoney(input, minorDigits(budget.currency), { allowZero: true });
  if (!parsed.ok) return { code: parsed.error === "zero" ? "format" : parsed.error };
  if (parsed.minor < budget.allocated_minor) return { code: "belowAllocated" };
  if (parsed.minor === budget.amount_minor) return { code: "unchanged" };
  return null;
}

/** Sets a company's budget to a new amount, with the reason the audit log keeps. */
export function AdjustBudgetDialog({ budget, onClose }: { budget: AdminBudget; onClose: () => void }) {
  const { t } = useTranslation("admin");
  const titleId = useId();
  const money = useFormatMoney();
  const periodLabel = usePeriodLabel();
  const errorMessage = useAdminError(budget.currency);
  const adjust = useAdjustBudget();
  const digits = minorDigits(budget.currency);
  const [amount, setAmount] = useState(() => toMajorText(budget.amount_minor, digits));
  const [reason, setReason] = useState("");
  const [submitted, setSubmitted] = useState(false);
  const [amountTouched, setAmountTouched] = useState(false);

  const amountError = adjustmentError(budget, amount);
  const reasonError = reason.trim() === "" ? "reasonRequired" : reason.trim().length > MAX_REASON ? "reasonTooLong" : null;
  // The server's "below what is allocated" (someone allocated more meanwhile) belongs to the amount.
  const serverAmountError = adjust.error instanceof ApiError && adjust.error.code === "budget_below_allocated" ? errorMessage(adjust.error) : null;
  const showAmount = (amountTouched || submitted) && amountError;
  const amountHelp = showAmount
    ? t(`budgets.adjust.errors.${amountError.code}`, { allocated: money(budget.allocated_minor, budget.currency) })
    : (serverAmountError ?? t("budgets.adjust.amountHelp", { allocated: money(budget.allocated_minor, budget.currency) }));

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setSubmitted(true);
    if (amountError || reasonError) return;
    const parsed = parseMoney(amount, digits, { allowZero: true });
    if (!parsed.ok) return;
    adjust.mutate(
      { id: budget.id, amount_minor: parsed.minor, reason: reason.trim() },
      {
        onSuccess: (saved) => {
          toast(t("budgets.adjust.saved", { company: budget.company.name, amount: money(saved.amount_minor, budget.currency) }), "success");
          onClose();
        },
      },
    );
  };

  return (
    <Dialog open onClose={onClose} aria-labelledby={titleId} fullWidth maxWidth="sm">
      <form noValidate onSubmit={submit}>
        <DialogTitle id={titleId}>{t("budgets.adjust.title", { company: budget.company.name, period: periodLabel(budget.period, budget.period_start) })}</DialogTitle>
        <DialogContent>
          <Stack spacing={2.5} sx={{ pt: 1 }}>
            <Typography color="text.secondary">
              {t("budgets.adjust.current", {
                amount: money(budget.amount_minor, budget.currency),
                allocated: money(budget.allocated_minor, budget.currency),
                spent: money(budget.reserved_minor + budget.paid_minor, budget.currency),
              })}
            </Typography>
            {adjust.isError && !serverAmountError && (
              <Alert severity="error" role="alert">
                {errorMessage(adjust.error)}
              </Alert>
            )}
            <TextField
              label={t("budgets.adjust.amount")}
              required
              autoFocus
              value={amount}
              onChange={(event) => {
                setAmount(event.target.value);
                setAmountTouched(true);
                if (serverAmountError) adjust.reset();
              }}
              error={Boolean(showAmount) || Boolean(serverAmountError)}
              helperText={amountHelp}
              slotProps={{ htmlInput: { inputMode: "decimal" }, input: { endAdornment: <InputAdornment position="end">{budget.currency}</InputAdornment> } }}
            />
            <TextField
              label={t("budgets.adjust.reason")}
              required
              multiline
              minRows={2}
              value={reason}
              onChange={(event) => setReason(event.target.value)}
              error={submitted && Boolean(reasonError)}
              helperText={submitted && reasonError ? t(`budgets.adjust.errors.${reasonError}`) : t("budgets.adjust.reasonHelp")}
              slotProps={{ htmlInput: { maxLength: MAX_REASON + 100 } }}
            />
          </Stack>
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose}>{t("actions.cancel")}</Button>
          <Button type="submit" variant="contained" loading={adjust.isPending}>
            {t("budgets.adjust.submit")}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}

/** A budget's audited adjustments. */
export function BudgetHistoryDialog({ budget, onClose }: { budget: AdminBudget; onClose: () => void }) {
  const { t } = useTranslation("admin");
  const titleId = useId();
  const periodLabel = usePeriodLabel();
  const name = t("budgets.name", { company: budget.company.name, period: periodLabel(budget.period, budget.period_start) });
  return (
    <Dialog open onClose={onClose} aria-labelledby={titleId} fullWidth maxWidth="md" scroll="body">
      <DialogTitle id={titleId}>{t("budgets.historyTitle", { name })}</DialogTitle>
      <DialogContent>
        <Box sx={{ pt: 1 }}>
          <AuditLog entity="budget" entityId={budget.id} label={t("budgets.historyLabel", { name })} />
        </Box>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t("actions.close")}</Button>
      </DialogActions>
    </Dialog>
  );
}
