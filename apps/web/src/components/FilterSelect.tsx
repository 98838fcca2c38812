import MenuItem from "@mui/material/MenuItem";
import TextField from "@mui/material/TextField";
import type { SxProps, Theme } from "@mui/material/styles";

interface FilterSelectProps<Value extends string> {
  label: string;
  value: Value;
  /** The choices, in the order the menu lists them. */
  values: readonly Value[];
  optionLabel: (value: Value) => string;
  onChange: (value: Value) => void;
  sx?: SxProps<Theme>;
}

/** A list's small select of one filter or order ("Status: all / active / …"). */
export function FilterSelect<Value extends string>({ label, value, values, optionLabel, onChange, sx }: FilterSelectProps<Value>) {
  return (
    <TextField select size="small" label={label} value={value} onChange={(event) => onChange(event.target.value as Value)} sx={sx}>
      {values.map((choice) => (
        <MenuItem key={choice} value={choice}>
          {optionLabel(choice)}
        </MenuItem>
      ))}
    </TextField>
  );
}
