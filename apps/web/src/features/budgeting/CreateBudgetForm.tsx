import { useState, type FormEvent } from "react";
import Alert from "@mui/material/Alert";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import InputAdornment from "@mui/material/InputAdornment";
import MenuItem from "@mui/material/MenuItem";
import Paper from "@mui/material/Paper";
import TextField from "@mui/material/TextField";
import Typography from "@mui/material/Typography";
import { useTranslation } from "react-i18next";
import { toast } from "../../lib/toast";
import { useCreateBudget, type Frequency } from "./hooks";
import { minorDigits, parseMoney } from "./money";
import { useBudgetError } from "./useBudgetError";

const FREQUENCIES: Frequency[] = ["yearly", "monthly", "weekly"];

/** The first day of a period as the server wants it: YYYY-01-01 for a year, YYYY-MM-01 for a month. */
export function periodStart(period: "year" | "month", year: number, month: number): string {
  return period === "year" ? `${year}-01-01` : `${year}-${String(month).padStart(2, "0")}-01`;
}

/** The L&D leader sets the company budget for a year or a month. */
export function CreateBudgetForm({ currency, onCreated }: { currency: string; onCreated: (id: number) => void }) {
  const { t, i18n } = useTranslation("budgeting");
  const create = useCreateBudget();
  const errorMessage = useBudgetError(currency);
  const now = new Date();
  const [period, setPeriod] = useState<"year" | "month">("year");
  const [year, setYear] = useState(now.getFullYear());
  const [month, setMonth] = useState(now.getMonth() + 1);
  const [amount, setAmount] = useState("");
  const [frequency, setFrequency] = useState<Frequency | "">("");
  const [touched, setTouched] = useState(false);
  const parsed = parseMoney(amount, minorDigits(currency));
  const years = [now.getFullYear() - 1, now.getFullYear(), now.getFullYear() + 1, now.getFullYear() + 2];
  const monthName = (m: number) => new Intl.DateTimeFormat(i18n.language, { month: "long", timeZone: "UTC" }).format(new Date(Date.UTC(2000, m - 1, 1)));

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setTouched(true);
    if (!parsed.ok) return;
    create.mutate(
      { period, period_start: periodStart(period, year, month), amount_minor: parsed.minor, frequency: frequency || null },
      {
        onSuccess: (budget) => {
          toast(t("companyBudget.create.created"), "success");
          setAmount("");
          setTouched(false);
          onCreated(budget.id);
        },
      },
    );
  };

  return (
    <Paper variant="outlined" component="section" aria-labelledby="create-budget-heading" sx={{ p: { xs: 2, sm: 3 } }}>
      <Typography variant="h2" id="create-budget-heading" sx={{ mb: 2 }}>
        {t("companyBudget.create.heading")}
      </Typography>
      <Box component="form" noValidate onSubmit={submit} sx={{ display: "grid", gap: 2, gridTemplateColumns: { xs: "1fr", sm: "repeat(2, minmax(0, 1fr))", lg: "repeat(5, minmax(0, 1fr))" }, alignItems: "start" }}>
        {create.isError && (
          <Alert severity="error" role="alert" sx={{ gridColumn: "1 / -1" }}>
            {errorMessage(create.error)}
          </Alert>
        )}
        <TextField select label={t("companyBudget.create.period")} value={period} onChange={(e) => setPeriod(e.target.value as "year" | "month")}>
          <MenuItem value="year">{t("period.year")}</MenuItem>
          <MenuItem value="month">{t("period.month")}</MenuItem>
        </TextField>
        <TextField select label={t("companyBudget.create.year")} value={year} onChange={(e) => setYear(Number(e.target.value))}>
          {years.map((y) => (
            <MenuItem key={y} value={y}>
              {y}
            </MenuItem>
          ))}
        </TextField>
        {period === "month" && (
          <TextField select label={t("companyBudget.create.month")} value={month} onChange={(e) => setMonth(Number(e.target.value))}>
            {Array.from({ length: 12 }, (_, i) => i + 1).map((m) => (
              <MenuItem key={m} value={m}>
                {monthName(m)}
              </MenuItem>
            ))}
          </TextField>
        )}
        <TextField
          label={t("companyBudget.create.amount")}
          value={amount}
          onChange={(e) => setAmount(e.target.value)}
          required
          slotProps={{ htmlInput: { inputMode: "decimal" }, input: { endAdornment: <InputAdornment position="end">{currency}</InputAdornment> } }}
          error={touched && !parsed.ok}
          helperText={touched && !parsed.ok ? t(`money.${parsed.error}`) : undefined}
        />
        <TextField select label={t("companyBudget.create.frequency")} value={frequency} slotProps={{ select: { displayEmpty: true }, inputLabel: { shrink: true } }} onChange={(e) => setFrequency(e.target.value as Frequency | "")}>
          <MenuItem value="">{t("companyBudget.create.noFrequency")}</MenuItem>
          {FREQUENCIES.map((f) => (
            <MenuItem key={f} value={f}>
              {t(`frequency.${f}`)}
            </MenuItem>
          ))}
        </TextField>
        <Box sx={{ gridColumn: "1 / -1" }}>
          <Button type="submit" variant="contained" loading={create.isPending}>
            {t("companyBudget.create.submit")}
          </Button>
        </Box>
      </Box>
    </Paper>
  );
}
