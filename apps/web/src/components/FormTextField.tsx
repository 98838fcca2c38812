import { useId, type ReactNode, type Ref } from "react";
import FormControl from "@mui/material/FormControl";
import FormHelperText from "@mui/material/FormHelperText";
import InputLabel from "@mui/material/InputLabel";
import OutlinedInput, { type OutlinedInputProps } from "@mui/material/OutlinedInput";

export interface FormTextFieldProps extends Pick<
  OutlinedInputProps,
  "name" | "type" | "autoComplete" | "autoFocus" | "placeholder" | "onChange" | "onBlur" | "disabled" | "endAdornment"
> {
  label: string;
  helperText?: ReactNode;
  error?: boolean;
  required?: boolean;
  fullWidth?: boolean;
  inputRef?: Ref<HTMLInputElement>;
}

/**
 * An outlined text input with label and helper text. MUI's TextField would do the same but also
 * bundles Select, Menu and Popover, which the sign-in screens do not need (spec budget: /login < 200 KB).
 */
export function FormTextField({ label, helperText, error, required, fullWidth, inputRef, ...input }: FormTextFieldProps) {
  const id = useId();
  const helperId = `${id}-helper`;
  return (
    <FormControl variant="outlined" error={error} required={required} fullWidth={fullWidth}>
      <InputLabel htmlFor={id}>{label}</InputLabel>
      <OutlinedInput {...input} id={id} label={label} inputRef={inputRef} aria-describedby={helperText ? helperId : undefined} />
      {helperText && <FormHelperText id={helperId}>{helperText}</FormHelperText>}
    </FormControl>
  );
}
