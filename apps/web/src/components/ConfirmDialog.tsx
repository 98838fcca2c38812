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
 * refusal if the last try failed (already translated), Cancel and a red confirming button.
 */
export function ConfirmDialog(p: {
  open: boolean;
  title: string;
  text: ReactNode;
  confirm: string;
  cancel: string;
  error: string | null;
  pending: boolean;
  onConfirm: () => void;
  onClose: () => void;
}) {
  const titleId = useId();
  return (
    <Dialog open={p.open} onClose={p.onClose} aria-labelledby={titleId}>
      <DialogTitle id={titleId}>{p.title}</DialogTitle>
      <DialogContent>
        {p.error && (
          <Alert severity="error" role="alert" sx={{ mb: 2 }}>
            {p.error}
          </Alert>
        )}
        <DialogContentText>{p.text}</DialogContentText>
      </DialogContent>
      <DialogActions>
        <Button onClick={p.onClose}>{p.cancel}</Button>
        <Button color="error" variant="contained" loading={p.pending} onClick={p.onConfirm}>
          {p.confirm}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
