import { useMemo } from "react";
import { z } from "zod";
import Alert from "@mui/material/Alert";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import Typography from "@mui/material/Typography";
import { useTranslation } from "react-i18next";
import { Frequency, UpdateBudgetRequest, type Budget } from "@learnward/contracts";
import { useSchemaForm } from "../../components/useSchemaForm";
import { toast } from "../../lib/toast";
import { useUpdateBudget } from "./hooks";
import { MONEY_ERRORS, minorDigits, toMajorText } from "./money";
import { moneyText } from "./moneyText";
import { useBudgetError } from "./useBudgetError";
import { MoneyField } from "../../components/MoneyField";
import { FrequencySelect } from "./FrequencySelect";

/** The amount as typed in the budget's currency and how it repeats ("" for not at all), by the server's UpdateBudgetRequest. */
const editBudgetForm = (digits: number) =>
  z.object({ amount_minor: moneyText(digits).pipe(UpdateBudgetRequest.shape.amount_minor.unwrap()), frequency: Frequency.or(z.literal("")) });

/** Change a budget's amount or how it repeats (PATCH /budgets/{id}/). Keyed by budget id by its parent. */
export function EditBudgetForm({ budget }: { budget: Budget }) {
  const { t } = useTranslation("budgeting");
  const update = useUpdateBudget();
  const errorMessage = useBudgetError(budget.currency);
  const digits = minorDigits(budget.currency);
  const schema = useMemo(() => editBudgetForm(digits), [digits]);
  const { form, field, control } = useSchemaForm(schema, {
    defaultValues: { amount_minor: toMajorText(budget.amount_minor, digits), frequency: budget.frequency ?? "" },
    // The amount says at once what is wrong with it.
    mode: "onChange",
    messages: { amount_minor: Object.fromEntries(MONEY_ERRORS.map((code) => [code, t(`money.${code}`)])) },
  });
  const frequency = control("frequency");
  const submit = form.handleSubmit(({ amount_minor, frequency: repeat }) =>
    update.mutate({ id: budget.id, amount_minor, frequency: repeat || null }, { onSuccess: () => toast(t("companyBudget.edit.saved"), "success") }),
  );

  return (
    <Box component="form" noValidate onSubmit={(event) => void submit(event)} aria-labelledby="edit-budget-heading">
      <Typography variant="h3" component="h3" id="edit-budget-heading" sx={{ mb: 2 }}>
        {t("companyBudget.edit.heading")}
      </Typography>
      <Box sx={{ display: "grid", gap: 2, gridTemplateColumns: { xs: "1fr", sm: "repeat(3, minmax(0, 1fr))" }, alignItems: "start" }}>
        {update.isError && (
          <Alert severity="error" role="alert" sx={{ gridColumn: "1 / -1" }}>
            {errorMessage(update.error)}
          </Alert>
        )}
        <MoneyField label={t("companyBudget.edit.amount")} required {...field("amount_minor")} currency={budget.currency} />
        <FrequencySelect value={frequency.value} onChange={frequency.onChange} />
        <Box sx={{ pt: 1 }}>
          <Button type="submit" variant="outlined" loading={update.isPending} disabled={Boolean(form.formState.errors.amount_minor)}>
            {t("companyBudget.edit.save")}
          </Button>
        </Box>
      </Box>
    </Box>
  );
}
