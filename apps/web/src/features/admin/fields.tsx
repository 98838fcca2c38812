import MenuItem from "@mui/material/MenuItem";
import TextField from "@mui/material/TextField";
import { useTranslation } from "react-i18next";
import { Role } from "@learnward/contracts";
import { useAllCompanies } from "./hooks";
import { useRoleLabel } from "./ui";

// Selects hold strings; "" means "all" (filters) or "none" (a platform operator's company).

interface SelectProps {
  label: string;
  value: string;
  onChange: (value: string) => void;
  disabled?: boolean;
  helperText?: string;
  error?: boolean;
  size?: "small" | "medium";
  /** The label of the "" choice; without it there is none. */
  emptyLabel?: string;
  sx?: object;
}

/** Any company of the platform. */
export function CompanySelect({ label, value, onChange, disabled, helperText, error, size, emptyLabel, sx }: SelectProps) {
  const { t } = useTranslation("admin");
  const companies = useAllCompanies();
  const options = companies.data ?? [];
  // Until the companies arrive, a chosen one is unknown to the menu: keep the value, show nothing.
  const known = value === "" || options.some((company) => String(company.id) === value);
  return (
    <TextField
      select
      label={label}
      value={known ? value : ""}
      onChange={(event) => onChange(event.target.value)}
      // Not disabled while the list loads: a label fading from disabled grey fails contrast checks,
      // and the "" choice is usable at once.
      disabled={disabled}
      helperText={companies.isError ? t("companiesUnavailable") : helperText}
      error={error || companies.isError}
      size={size}
      fullWidth
      sx={sx}
      slotProps={emptyLabel ? { select: { displayEmpty: true }, inputLabel: { shrink: true } } : undefined}
    >
      {emptyLabel && <MenuItem value="">{emptyLabel}</MenuItem>}
      {options.map((company) => (
        <MenuItem key={company.id} value={String(company.id)}>
          {company.name} ({company.domain})
        </MenuItem>
      ))}
    </TextField>
  );
}

/** Any role, platform operator included. */
export function AnyRoleSelect({ label, value, onChange, disabled, helperText, size, emptyLabel, sx }: SelectProps) {
  const roleLabel = useRoleLabel();
  return (
    <TextField
      select
      label={label}
      value={value}
      onChange={(event) => onChange(event.target.value)}
      disabled={disabled}
      helperText={helperText}
      size={size}
      fullWidth
      sx={sx}
      slotProps={emptyLabel ? { select: { displayEmpty: true }, inputLabel: { shrink: true } } : undefined}
    >
      {emptyLabel && <MenuItem value="">{emptyLabel}</MenuItem>}
      {Role.options.map((role) => (
        <MenuItem key={role} value={role}>
          {roleLabel(role)}
        </MenuItem>
      ))}
    </TextField>
  );
}
