import { useState, type FormEvent } from "react";
import Button from "@mui/material/Button";
import Dialog from "@mui/material/Dialog";
import DialogActions from "@mui/material/DialogActions";
import DialogContent from "@mui/material/DialogContent";
import DialogTitle from "@mui/material/DialogTitle";
import Stack from "@mui/material/Stack";
import TextField from "@mui/material/TextField";
import { useTranslation } from "react-i18next";

const today = () => new Date().toISOString().slice(0, 10);

/** The L&D leader records the payment: a reference (invoice, order number) and the day it was paid. */
export function PayDialog({
  title,
  pending,
  onClose,
  onPay,
}: {
  title: string;
  pending: boolean;
  onClose: () => void;
  onPay: (reference: string, paidAt: string) => void;
}) {
  const { t } = useTranslation("budgeting");
  const [reference, setReference] = useState("");
  const [paidAt, setPaidAt] = useState(today);
  const [touched, setTouched] = useState(false);
  const missing = reference.trim() === "";
  const badDate = !/^\d{4}-\d{2}-\d{2}$/.test(paidAt);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setTouched(true);
    if (!missing && !badDate) onPay(reference.trim(), paidAt);
  };
  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="sm" aria-labelledby="pay-dialog-title">
      <form noValidate onSubmit={submit}>
        <DialogTitle id="pay-dialog-title">{t("pay.title", { title })}</DialogTitle>
        <DialogContent>
          <Stack spacing={2} sx={{ pt: 1 }}>
            <TextField
              label={t("pay.reference")}
              value={reference}
              onChange={(e) => setReference(e.target.value)}
              required
              autoFocus
              fullWidth
              slotProps={{ htmlInput: { maxLength: 200 } }}
              error={touched && missing}
              helperText={touched && missing ? t("pay.referenceRequired") : t("pay.referenceHelp")}
            />
            <TextField
              label={t("pay.paidAt")}
              type="date"
              value={paidAt}
              onChange={(e) => setPaidAt(e.target.value)}
              required
              fullWidth
              slotProps={{ inputLabel: { shrink: true } }}
              error={touched && badDate}
              helperText={touched && badDate ? t("pay.dateRequired") : undefined}
            />
          </Stack>
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose}>{t("actions.close")}</Button>
          <Button type="submit" variant="contained" loading={pending}>
            {t("actions.markPaid")}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
