import MenuItem from "@mui/material/MenuItem";
import TextField from "@mui/material/TextField";
import type { SxProps, Theme } from "@mui/material/styles";

interface RoleTextSelectProps<R extends string> {
  label: string;
  /** A role, or "" for the empty choice. */
  value: string;
  onChange: (value: string) => void;
  /** The roles offered, in the menu's order, and how each is named. */
  roles: readonly R[];
  roleLabel: (role: R) => string;
  disabled?: boolean;
  helperText?: string;
  size?: "small" | "medium";
  fullWidth?: boolean;
  sx?: SxProps<Theme>;
  /** The label of the "" choice; without it there is none. */
  emptyLabel?: string;
  /** The closed field shows the "" choice's label (a filter's "All roles") under a raised field label. */
  showEmpty?: boolean;
}

/** A select of a few fixed roles (a short menu, nothing to search). */
export function RoleTextSelect<R extends string>({
  label,
  value,
  onChange,
  roles,
  roleLabel,
  disabled,
  helperText,
  size,
  fullWidth = true,
  sx,
  emptyLabel,
  showEmpty = false,
}: RoleTextSelectProps<R>) {
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
      sx={sx}
      slotProps={showEmpty && emptyLabel ? { select: { displayEmpty: true }, inputLabel: { shrink: true } } : undefined}
    >
      {emptyLabel && <MenuItem value="">{emptyLabel}</MenuItem>}
      {roles.map((role) => (
        <MenuItem key={role} value={role}>
          {roleLabel(role)}
        </MenuItem>
      ))}
    </TextField>
  );
}
