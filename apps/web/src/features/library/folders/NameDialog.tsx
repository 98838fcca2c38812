import { useId } from "react";
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
import { FolderNameRequest } from "@learnward/contracts";
import { FormDialog } from "../../../components/FormDialog";

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

/** Names a new folder or section, or renames one (the server's FolderNameRequest: 1 to 120 characters). */
export function NameDialog({ title, label, submitLabel, initial = "", pending, error, onSubmit, onClose }: NameDialogProps) {
  const { t } = useTranslation("home");
  return (
    <FormDialog
      schema={FolderNameRequest}
      defaultValues={{ name: initial }}
      maxWidth="xs"
      title={title}
      submitLabel={submitLabel}
      cancelLabel={t("actions.cancel")}
      pending={pending}
      error={error}
      onSubmit={(values) => onSubmit(values.name)}
      onClose={onClose}
    >
      {({ field }) => <TextField label={label} autoFocus required fullWidth {...field("name")} />}
    </FormDialog>
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
