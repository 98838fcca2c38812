import Box from "@mui/material/Box";
import CircularProgress from "@mui/material/CircularProgress";

/** spec §2: while the session loads, a full-screen spinner shows. */
export function FullScreenSpinner({ label }: { label: string }) {
  return (
    <Box
      role="status"
      aria-live="polite"
      sx={{ position: "fixed", inset: 0, display: "grid", placeItems: "center", bgcolor: "background.default", zIndex: "modal" }}
    >
      <CircularProgress aria-label={label} />
    </Box>
  );
}
