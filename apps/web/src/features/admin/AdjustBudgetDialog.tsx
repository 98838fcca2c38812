import { useId, useMemo } from "react";
import { z } from "zod";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import Dialog from "@mui/material/Dialog";
import DialogActions from "@mui/material/DialogActions";
import DialogContent from "@mui/material/DialogContent";
import DialogTitle from "@mui/material/DialogTitle";
import TextField from "@mui/material/TextField";
import { useTranslation } from "react-i18next";
import { AdjustBudgetRequest } from "@learnward/contracts";
import { FormDialog } from "../../components/FormDialog";
import { isApiError } from "../../lib/api";
import { toast } from "../../lib/toast";
import { minorDigits, toMajorText } from "../budgeting/money";
import { moneyText } from "../budgeting/moneyText";
import type { AdminBudget } from "./api";
import { AuditLog } from "./AuditLog";
import { useAdjustBudget } from "./hooks";
import { useFormatMoney, usePeriodLabel } from "./ui";
import { useAdminError } from "./useAdminError";
import { MoneyField } from "../../components/MoneyField";

const ADJUST_ERRORS = ["required", "format", "tooLarge", "belowAllocated", "unchanged"] as const;

/** The adjustment as typed: the contract's rules, and the budget can't drop below its teams' allocations. */
function adjustForm(budget: AdminBudget) {
  const amount = moneyText(minorDigits(budget.currency), { allowZero: true })
    .pipe(AdjustBudgetRequest.shape.amount_minor)
    .refine((minor) => minor >= budget.allocated_minor, { message: "belowAllocated" })
    .refine((minor) => minor !== budget.amount_minor, { message: "unchanged" });
  return z.object({ amount_minor: amount, reason: AdjustBudgetRequest.shape.reason });
}

/** Sets a company's budget to a new amount, with the reason the audit log keeps. */
export function AdjustBudgetDialog({ budget, onClose }: { budget: AdminBudget; onClose: () => void }) {
  const { t } = useTranslation("admin");
  const money = useFormatMoney();
  const periodLabel = usePeriodLabel();
  const errorMessage = useAdminError(budget.currency);
  const adjust = useAdjustBudget();
  const schema = useMemo(() => adjustForm(budget), [budget]);
  const allocated = money(budget.allocated_minor, budget.currency);
  return (
    <FormDialog
      schema={schema}
      defaultValues={{ amount_minor: toMajorText(budget.amount_minor, minorDigits(budget.currency)), reason: "" }}
      // The amount says at once when it would drop below the allocations.
      mode="onChange"
      title={t("budgets.adjust.title", { company: budget.company.name, period: periodLabel(budget.period, budget.period_start) })}
      description={t("budgets.adjust.current", {
        amount: money(budget.amount_minor, budget.currency),
        allocated,
        spent: money(budget.reserved_minor + budget.paid_minor, budget.currency),
      })}
      submitLabel={t("budgets.adjust.submit")}
      cancelLabel={t("actions.cancel")}
      messages={{
        amount_minor: Object.fromEntries(ADJUST_ERRORS.map((code) => [code, t(`budgets.adjust.errors.${code}`, { allocated })])),
        reason: { required: t("budgets.adjust.errors.reasonRequired"), too_long: t("budgets.adjust.errors.reasonTooLong") },
      }}
      errorText={errorMessage}
      // Teams allocated more meanwhile: that is about the amount.
      fieldRefusal={(error) => (isApiError(error, "budget_below_allocated") ? { field: "amount_minor", message: errorMessage(error) } : null)}
      onSubmit={async (values) => {
        const saved = await adjust.mutateAsync({ id: budget.id, ...values });
        toast(t("budgets.adjust.saved", { company: budget.company.name, amount: money(saved.amount_minor, budget.currency) }), "success");
      }}
      onClose={onClose}
    >
      {({ field }) => (
        <>
          <MoneyField
            label={t("budgets.adjust.amount")}
            required
            autoFocus
            {...field("amount_minor", t("budgets.adjust.amountHelp", { allocated }))}
            currency={budget.currency}
          />
          <TextField label={t("budgets.adjust.reason")} required multiline minRows={2} {...field("reason", t("budgets.adjust.reasonHelp"))} />
        </>
      )}
    </FormDialog>
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
