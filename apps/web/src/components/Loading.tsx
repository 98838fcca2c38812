import Box from "@mui/material/Box";
import CircularProgress from "@mui/material/CircularProgress";

/** Something still being read: a spinner named for what it waits on, with `py` room above and below. */
export function Loading({ label, py = 4 }: { label: string; py?: number }) {
  return (
    <Box role="status" sx={{ display: "grid", placeItems: "center", py }}>
      <CircularProgress aria-label={label} />
    </Box>
  );
}
