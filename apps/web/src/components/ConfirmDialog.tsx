import { useId, type ReactNode } from "react";
import Alert from "@mui/material/Alert";
import Button from "@mui/material/Button";
import Dialog from "@mui/material/Dialog";
import DialogActions from "@mui/material/DialogActions";
import DialogContent from "@mui/material/DialogContent";
import DialogContentText from "@mui/material/DialogContentText";
import DialogTitle from "@mui/material/DialogTitle";

/**
 * "Are you sure?" before something that can't be undone: a title, what will happen, the server's
 * refusal if the last try failed (already translated), Cancel and a (red) confirming button.
 */
export function ConfirmDialog(p: {
  open: boolean;
  title: string;
  text: ReactNode;
  confirm: string;
  cancel: string;
  error: string | null;
  pending: boolean;
  /** Red for what can't be undone (the default); primary for a step back, such as lifting a suspension. */
  confirmColor?: "error" | "primary";
  onConfirm: () => void;
  onClose: () => void;
}) {
  const titleId = useId();
  const textId = useId();
  return (
    <Dialog open={p.open} onClose={p.onClose} aria-labelledby={titleId} aria-describedby={textId}>
      <DialogTitle id={titleId}>{p.title}</DialogTitle>
      <DialogContent>
        {p.error && (
          <Alert severity="error" role="alert" sx={{ mb: 2 }}>
            {p.error}
          </Alert>
        )}
        <DialogContentText id={textId}>{p.text}</DialogContentText>
      </DialogContent>
      <DialogActions>
        <Button onClick={p.onClose}>{p.cancel}</Button>
        <Button color={p.confirmColor ?? "error"} variant="contained" loading={p.pending} onClick={p.onConfirm}>
          {p.confirm}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
