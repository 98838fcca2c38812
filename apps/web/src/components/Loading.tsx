import Box from "@mui/material/Box";
import CircularProgress from "@mui/material/CircularProgress";

/** Something still being read: a spinner named for what it waits on. */
export function Loading({ label }: { label: string }) {
  return (
    <Box role="status" sx={{ display: "grid", placeItems: "center", py: 4 }}>
      <CircularProgress aria-label={label} />
    </Box>
  );
}
