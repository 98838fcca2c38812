import TextField from "@mui/material/TextField";
import { useTranslation } from "react-i18next";
import { CreatePublishRequest } from "@learnward/contracts";
import { FormDialog } from "../../components/FormDialog";
import { maxLengthOf } from "../../components/formRules";
import { useErrorMessage } from "../../i18n/useErrorMessage";
import { isApiError } from "../../lib/api";
import { toast } from "../../lib/toast";
import { useRequestPublish } from "./hooks";

const PublishForm = CreatePublishRequest.pick({ message: true });

interface RequestPublishDialogProps {
  collectionId: number;
  open: boolean;
  onClose: () => void;
  /** publish: a private collection; edit: the owner's draft of a published one. */
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
  return (
    <FormDialog
      open={open}
      schema={PublishForm}
      defaultValues={{ message: "" }}
      title={words.title}
      description={words.body}
      submitLabel={words.send}
      cancelLabel={t("actions.cancel")}
      errorText={(error) => (isApiError(error, "publish_request_open") ? t("publish.alreadyOpen") : errorMessage(error))}
      onSubmit={async ({ message }) => {
        await ask.mutateAsync({ collection_id: collectionId, ...(message ? { message } : {}) });
        toast(words.sent, "success");
      }}
      onClose={onClose}
    >
      {({ field }) => (
        <TextField
          label={t("publish.message")}
          multiline
          minRows={3}
          fullWidth
          {...field("message", t("publish.messageHint", { count: maxLengthOf(PublishForm, "message") }))}
        />
      )}
    </FormDialog>
  );
}
