import TextField from "@mui/material/TextField";
import { useTranslation } from "react-i18next";
import { RejectPurchaseRequest } from "@learnward/contracts";
import { FormDialog } from "../../components/FormDialog";

/** Rejecting needs a reason (PRODUCT.md): the requester reads it. */
export function RejectDialog({
  title,
  pending,
  onClose,
  onReject,
}: {
  title: string;
  pending: boolean;
  onClose: () => void;
  onReject: (reason: string) => void;
}) {
  const { t } = useTranslation("budgeting");
  return (
    <FormDialog
      schema={RejectPurchaseRequest}
      defaultValues={{ reason: "" }}
      title={t("reject.title", { title })}
      submitLabel={t("actions.reject")}
      cancelLabel={t("actions.close")}
      submitColor="error"
      messages={{ reason: { required: t("reject.reasonRequired") } }}
      pending={pending}
      onSubmit={(values) => onReject(values.reason)}
      onClose={onClose}
    >
      {({ field }) => <TextField label={t("reject.reason")} required fullWidth multiline minRows={3} autoFocus {...field("reason", t("reject.reasonHelp"))} />}
    </FormDialog>
  );
}
