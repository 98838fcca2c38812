import InputAdornment from "@mui/material/InputAdornment";
import TextField from "@mui/material/TextField";
import SearchOutlined from "@mui/icons-material/SearchOutlined";
import type { SxProps, Theme } from "@mui/material/styles";

/** A list's search box: a small search field with a magnifier in front; `onChange` gets the text. */
export function SearchField({ label, value, onChange, sx }: { label: string; value: string; onChange: (value: string) => void; sx?: SxProps<Theme> }) {
  return (
    <TextField
      type="search"
      size="small"
      label={label}
      value={value}
      onChange={(event) => onChange(event.target.value)}
      sx={sx}
      slotProps={{
        input: {
          startAdornment: (
            <InputAdornment position="start">
              <SearchOutlined fontSize="small" />
            </InputAdornment>
          ),
        },
      }}
    />
  );
}
