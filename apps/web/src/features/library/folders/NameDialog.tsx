import { useId, useState } from "react";
import Alert from "@mui/material/Alert";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import Dialog from "@mui/material/Dialog";
import DialogActions from "@mui/material/DialogActions";
import DialogContent from "@mui/material/DialogContent";
import DialogTitle from "@mui/material/DialogTitle";
import TextField from "@mui/material/TextField";
import { useTranslation } from "react-i18next";
import { useErrorMessage } from "../../../i18n/useErrorMessage";

const MAX_NAME = 120;

interface NameDialogProps {
  title: string;
  label: string;
  submitLabel: string;
  initial?: string;
  pending: boolean;
  error: unknown;
  onSubmit: (name: string) => void;
  onClose: () => void;
}

/** Names a new folder or section, or renames one (the server takes 1 to 120 characters). */
export function NameDialog({ title, label, submitLabel, initial = "", pending, error, onSubmit, onClose }: NameDialogProps) {
  const { t } = useTranslation("home");
  const titleId = useId();
  const message = useErrorMessage();
  const [name, setName] = useState(initial);
  const [touched, setTouched] = useState(false);
  const blank = name.trim() === "";
  return (
    <Dialog open onClose={onClose} aria-labelledby={titleId} fullWidth maxWidth="xs">
      <Box
        component="form"
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          setTouched(true);
          if (!blank) onSubmit(name.trim());
        }}
      >
        <DialogTitle id={titleId}>{title}</DialogTitle>
        <DialogContent>
          {Boolean(error) && (
            <Alert severity="error" role="alert" sx={{ mb: 2 }}>
              {message(error)}
            </Alert>
          )}
          <TextField
            label={label}
            value={name}
            onChange={(event) => setName(event.target.value)}
            error={touched && blank}
            helperText={touched && blank ? message("required") : undefined}
            autoFocus
            required
            fullWidth
            margin="dense"
            slotProps={{ htmlInput: { maxLength: MAX_NAME } }}
          />
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose}>{t("actions.cancel")}</Button>
          <Button type="submit" variant="contained" loading={pending}>
            {submitLabel}
          </Button>
        </DialogActions>
      </Box>
    </Dialog>
  );
}

interface ConfirmDialogProps {
  title: string;
  description: string;
  confirmLabel: string;
  pending: boolean;
  error: unknown;
  onConfirm: () => void;
  onClose: () => void;
}

/** Asks before something that cannot be undone, e.g. deleting a folder. */
export function ConfirmDialog({ title, description, confirmLabel, pending, error, onConfirm, onClose }: ConfirmDialogProps) {
  const { t } = useTranslation("home");
  const titleId = useId();
  const descriptionId = useId();
  const message = useErrorMessage();
  return (
    <Dialog open onClose={onClose} aria-labelledby={titleId} aria-describedby={descriptionId} fullWidth maxWidth="xs">
      <DialogTitle id={titleId}>{title}</DialogTitle>
      <DialogContent>
        {Boolean(error) && (
          <Alert severity="error" role="alert" sx={{ mb: 2 }}>
            {message(error)}
          </Alert>
        )}
        <Box id={descriptionId}>{description}</Box>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t("actions.cancel")}</Button>
        <Button color="error" variant="contained" onClick={onConfirm} loading={pending}>
          {confirmLabel}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
