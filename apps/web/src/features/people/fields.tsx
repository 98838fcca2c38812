import MenuItem from "@mui/material/MenuItem";
import TextField from "@mui/material/TextField";
import { useTranslation } from "react-i18next";
import type { CompanyRole } from "@learnward/contracts";
import { ASSIGNABLE_ROLES } from "./abilities";
import { useAllTeams } from "./hooks";
import { useRoleLabel } from "./ui";

// Select fields the people dialogs share. Selects hold strings; "" means "none" or "all".

interface SelectProps {
  label: string;
  value: string;
  onChange: (value: string) => void;
  disabled?: boolean;
  helperText?: string;
  size?: "small" | "medium";
  fullWidth?: boolean;
  /** The label of the "" choice; without it there is none. */
  emptyLabel?: string;
}

export function RoleSelect({ label, value, onChange, disabled, helperText, size, fullWidth = true, emptyLabel }: SelectProps) {
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
      fullWidth={fullWidth}
    >
      {emptyLabel && <MenuItem value="">{emptyLabel}</MenuItem>}
      {ASSIGNABLE_ROLES.map((role: CompanyRole) => (
        <MenuItem key={role} value={role}>
          {roleLabel(role)}
        </MenuItem>
      ))}
    </TextField>
  );
}

export function TeamSelect({ label, value, onChange, disabled, helperText, size, fullWidth = true, emptyLabel }: SelectProps) {
  const { t } = useTranslation("people");
  const teams = useAllTeams();
  const options = teams.data ?? [];
  // Until the teams arrive, a chosen team is unknown to the menu: keep the value but show nothing.
  const known = value === "" || options.some((team) => String(team.id) === value);
  return (
    <TextField
      select
      label={label}
      value={known ? value : ""}
      onChange={(event) => onChange(event.target.value)}
      disabled={disabled}
      helperText={teams.isError ? t("teamsUnavailable") : helperText}
      error={teams.isError}
      size={size}
      fullWidth={fullWidth}
    >
      {emptyLabel && <MenuItem value="">{emptyLabel}</MenuItem>}
      {options.map((team) => (
        <MenuItem key={team.id} value={String(team.id)}>
          {team.name}
        </MenuItem>
      ))}
    </TextField>
  );
}
