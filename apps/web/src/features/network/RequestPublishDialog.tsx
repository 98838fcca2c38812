import { useId, useState, type FormEvent } from "react";
import Alert from "@mui/material/Alert";
import Button from "@mui/material/Button";
import Dialog from "@mui/material/Dialog";
import DialogActions from "@mui/material/DialogActions";
import DialogContent from "@mui/material/DialogContent";
import DialogContentText from "@mui/material/DialogContentText";
import DialogTitle from "@mui/material/DialogTitle";
import TextField from "@mui/material/TextField";
import { useTranslation } from "react-i18next";
import { useErrorMessage } from "../../i18n/useErrorMessage";
import { isApiError } from "../../lib/api";
import { toast } from "../../lib/toast";
import { useRequestPublish } from "./hooks";

const MESSAGE_MAX = 1000;

interface RequestPublishDialogProps {
  collectionId: number;
  open: boolean;
  onClose: () => void;
  /** publish: a private collection; edit: the owner's draft of a published one (issue 22). */
  kind?: "publish" | "edit";
}

/** Asks the L&D leader to publish a collection, or to accept the draft of a published one, with an optional message (POST /api/b2b/v1/publish-requests/). */
export function RequestPublishDialog({ collectionId, open, onClose, kind = "publish" }: RequestPublishDialogProps) {
  const { t } = useTranslation("network");
  const words =
    kind === "edit"
      ? { title: t("draft.dialogTitle"), body: t("draft.dialogText"), send: t("draft.send"), sent: t("draft.sent") }
      : { title: t("publish.dialogTitle"), body: t("publish.dialogText"), send: t("publish.send"), sent: t("publish.sent") };
  const errorMessage = useErrorMessage();
  const ask = useRequestPublish();
  const [message, setMessage] = useState("");
  const titleId = useId();

  const close = () => {
    ask.reset();
    setMessage("");
    onClose();
  };
  const send = (event: FormEvent) => {
    event.preventDefault();
    const text = message.trim();
    ask.mutate(
      { collection_id: collectionId, ...(text ? { message: text } : {}) },
      {
        onSuccess: () => {
          toast(words.sent, "success");
          close();
        },
      },
    );
  };

  return (
    <Dialog open={open} onClose={close} aria-labelledby={titleId} fullWidth maxWidth="sm">
      <form onSubmit={send} noValidate>
        <DialogTitle id={titleId}>{words.title}</DialogTitle>
        <DialogContent>
          <DialogContentText sx={{ mb: 2 }}>{words.body}</DialogContentText>
          {ask.isError && (
            <Alert severity="error" role="alert" sx={{ mb: 2 }}>
              {isApiError(ask.error, "publish_request_open") ? t("publish.alreadyOpen") : errorMessage(ask.error)}
            </Alert>
          )}
          <TextField
            label={t("publish.message")}
            helperText={t("publish.messageHint", { count: MESSAGE_MAX })}
            value={message}
            onChange={(event) => setMessage(event.target.value.slice(0, MESSAGE_MAX))}
            multiline
            minRows={3}
            fullWidth
          />
        </DialogContent>
        <DialogActions>
          <Button onClick={close}>{t("actions.cancel")}</Button>
          <Button type="submit" variant="contained" loading={ask.isPending}>
            {words.send}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
