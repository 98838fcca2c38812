import { useState, type FormEvent } from "react";
import Button from "@mui/material/Button";
import Dialog from "@mui/material/Dialog";
import DialogActions from "@mui/material/DialogActions";
import DialogContent from "@mui/material/DialogContent";
import DialogTitle from "@mui/material/DialogTitle";
import TextField from "@mui/material/TextField";
import { useTranslation } from "react-i18next";

/** Rejecting needs a reason (PRODUCT.md): the requester reads it. */
export function RejectDialog({ title, pending, onClose, onReject }: { title: string; pending: boolean; onClose: () => void; onReject: (reason: string) => void }) {
  const { t } = useTranslation("budgeting");
  const [reason, setReason] = useState("");
  const [touched, setTouched] = useState(false);
  const missing = reason.trim() === "";
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setTouched(true);
    if (!missing) onReject(reason.trim());
  };
  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="sm" aria-labelledby="reject-dialog-title">
      <form noValidate onSubmit={submit}>
        <DialogTitle id="reject-dialog-title">{t("reject.title", { title })}</DialogTitle>
        <DialogContent>
          <TextField
            label={t("reject.reason")}
            value={reason}
            onChange={(e) => setReason(e.target.value)}
            required
            fullWidth
            multiline
            minRows={3}
            autoFocus
            margin="dense"
            slotProps={{ htmlInput: { maxLength: 1000 } }}
            error={touched && missing}
            helperText={touched && missing ? t("reject.reasonRequired") : t("reject.reasonHelp")}
          />
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose}>{t("actions.close")}</Button>
          <Button type="submit" color="error" variant="contained" loading={pending}>
            {t("actions.reject")}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
