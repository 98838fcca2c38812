import Box from "@mui/material/Box";
import Typography from "@mui/material/Typography";

/** One label and value of a description list (`<dl>`) on the sign-in pages; long addresses wrap. */
export function Detail({ label, value }: { label: string; value: string }) {
  return (
    <Box sx={{ display: "contents" }}>
      <Typography component="dt" variant="body2" color="text.secondary">
        {label}
      </Typography>
      <Typography component="dd" variant="body2" sx={{ m: 0, fontWeight: 600, overflowWrap: "anywhere" }}>
        {value}
      </Typography>
    </Box>
  );
}
