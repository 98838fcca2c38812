import InputAdornment from "@mui/material/InputAdornment";
import TextField, { type TextFieldProps } from "@mui/material/TextField";

/**
 * An amount typed in a currency: a decimal keyboard on phones and the currency after the number.
 * These are its only slot props: the input takes no length limit, the form's schema judges the text.
 */
export function MoneyField({ currency, ...props }: TextFieldProps & { currency: string }) {
  return (
    <TextField
      {...props}
      slotProps={{ htmlInput: { inputMode: "decimal" }, input: { endAdornment: <InputAdornment position="end">{currency}</InputAdornment> } }}
    />
  );
}
