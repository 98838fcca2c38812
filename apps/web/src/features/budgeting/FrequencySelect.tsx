import MenuItem from "@mui/material/MenuItem";
import TextField from "@mui/material/TextField";
import { useTranslation } from "react-i18next";
import type { Frequency } from "./hooks";

const FREQUENCIES: Frequency[] = ["yearly", "monthly", "weekly"];

/** How a budget repeats: yearly, monthly, weekly, or not at all (""). */
export function FrequencySelect({ value, onChange }: { value: string; onChange: (value: string) => void }) {
  const { t } = useTranslation("budgeting");
  return (
    <TextField
      select
      label={t("companyBudget.create.frequency")}
      value={value}
      slotProps={{ select: { displayEmpty: true }, inputLabel: { shrink: true } }}
      onChange={(e) => onChange(e.target.value)}
    >
      <MenuItem value="">{t("companyBudget.create.noFrequency")}</MenuItem>
      {FREQUENCIES.map((f) => (
        <MenuItem key={f} value={f}>
          {t(`frequency.${f}`)}
        </MenuItem>
      ))}
    </TextField>
  );
}
