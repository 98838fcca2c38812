import { useMemo } from "react";
import { z } from "zod";
import Alert from "@mui/material/Alert";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import MenuItem from "@mui/material/MenuItem";
import Paper from "@mui/material/Paper";
import TextField from "@mui/material/TextField";
import Typography from "@mui/material/Typography";
import { useTranslation } from "react-i18next";
import { CreateBudgetRequest } from "@learnward/contracts";
import { useSchemaForm } from "../../components/useSchemaForm";
import { toast } from "../../lib/toast";
import { useCreateBudget } from "./hooks";
import { MONEY_ERRORS, minorDigits } from "./money";
import { moneyText } from "./moneyText";
import { useBudgetError } from "./useBudgetError";
import { MoneyField } from "../../components/MoneyField";
import { FrequencySelect } from "./FrequencySelect";

/** The first day of a period as the server wants it: YYYY-01-01 for a year, YYYY-MM-01 for a month. */
export function periodStart(period: "year" | "month", year: number, month: number): string {
  return period === "year" ? `${year}-01-01` : `${year}-${String(month).padStart(2, "0")}-01`;
}

const rules = CreateBudgetRequest.shape;
/** The budget as chosen: a period, its year (and month), the amount as typed, how it repeats ("" for not at all). */
const createBudgetForm = (digits: number) =>
  z.object({
    period: rules.period,
    year: z.number().int(),
    month: z.number().int().min(1).max(12),
    amount_minor: moneyText(digits).pipe(rules.amount_minor),
    frequency: rules.frequency.unwrap().unwrap().or(z.literal("")),
  });

/** The L&D leader sets the company budget for a year or a month. */
export function CreateBudgetForm({ currency, onCreated }: { currency: string; onCreated: (id: number) => void }) {
  const { t, i18n } = useTranslation("budgeting");
  const create = useCreateBudget();
  const errorMessage = useBudgetError(currency);
  const now = new Date();
  const digits = minorDigits(currency);
  const schema = useMemo(() => createBudgetForm(digits), [digits]);
  const { form, field, control } = useSchemaForm(schema, {
    defaultValues: { period: "year", year: now.getFullYear(), month: now.getMonth() + 1, amount_minor: "", frequency: "" },
    messages: { amount_minor: Object.fromEntries(MONEY_ERRORS.map((code) => [code, t(`money.${code}`)])) },
  });
  const period = control("period");
  const year = control("year");
  const month = control("month");
  const frequency = control("frequency");
  const years = [now.getFullYear() - 1, now.getFullYear(), now.getFullYear() + 1, now.getFullYear() + 2];
  const monthName = (m: number) => new Intl.DateTimeFormat(i18n.language, { month: "long", timeZone: "UTC" }).format(new Date(Date.UTC(2000, m - 1, 1)));

  const submit = form.handleSubmit((values) =>
    create.mutate(
      {
        period: values.period,
        period_start: periodStart(values.period, values.year, values.month),
        amount_minor: values.amount_minor,
        frequency: values.frequency || null,
      },
      {
        onSuccess: (budget) => {
          toast(t("companyBudget.create.created"), "success");
          // The next budget likely shares the period and how it repeats; the amount starts over.
          form.reset({ ...form.getValues(), amount_minor: "" });
          onCreated(budget.id);
        },
      },
    ),
  );

  return (
    <Paper variant="outlined" component="section" aria-labelledby="create-budget-heading" sx={{ p: { xs: 2, sm: 3 } }}>
      <Typography variant="h2" id="create-budget-heading" sx={{ mb: 2 }}>
        {t("companyBudget.create.heading")}
      </Typography>
      <Box
        component="form"
        noValidate
        onSubmit={(event) => void submit(event)}
        sx={{
          display: "grid",
          gap: 2,
          gridTemplateColumns: { xs: "1fr", sm: "repeat(2, minmax(0, 1fr))", lg: "repeat(5, minmax(0, 1fr))" },
          alignItems: "start",
        }}
      >
        {create.isError && (
          <Alert severity="error" role="alert" sx={{ gridColumn: "1 / -1" }}>
            {errorMessage(create.error)}
          </Alert>
        )}
        <TextField select label={t("companyBudget.create.period")} value={period.value} onChange={(e) => period.onChange(e.target.value)}>
          <MenuItem value="year">{t("period.year")}</MenuItem>
          <MenuItem value="month">{t("period.month")}</MenuItem>
        </TextField>
        <TextField select label={t("companyBudget.create.year")} value={year.value} onChange={(e) => year.onChange(Number(e.target.value))}>
          {years.map((y) => (
            <MenuItem key={y} value={y}>
              {y}
            </MenuItem>
          ))}
        </TextField>
        {period.value === "month" && (
          <TextField select label={t("companyBudget.create.month")} value={month.value} onChange={(e) => month.onChange(Number(e.target.value))}>
            {Array.from({ length: 12 }, (_, i) => i + 1).map((m) => (
              <MenuItem key={m} value={m}>
                {monthName(m)}
              </MenuItem>
            ))}
          </TextField>
        )}
        <MoneyField label={t("companyBudget.create.amount")} required {...field("amount_minor")} currency={currency} />
        <FrequencySelect value={frequency.value} onChange={frequency.onChange} />
        <Box sx={{ gridColumn: "1 / -1" }}>
          <Button type="submit" variant="contained" loading={create.isPending}>
            {t("companyBudget.create.submit")}
          </Button>
        </Box>
      </Box>
    </Paper>
  );
}
