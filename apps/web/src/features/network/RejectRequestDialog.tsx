import { useState } from "react";
import TextField from "@mui/material/TextField";
import { useTranslation } from "react-i18next";
import { RejectRequest } from "@learnward/contracts";
import { FormDialog } from "../../components/FormDialog";
import { toast } from "../../lib/toast";
import { useDecidePublishRequest } from "./hooks";
import type { PublishRequest } from "./types";

/** The L&D leader rejects a publish request, saying why (POST …/publish-requests/{id}/reject/ {reason}: the server's RejectRequest). */
export function RejectRequestDialog({ request, onClose }: { request: PublishRequest | null; onClose: () => void }) {
  const { t } = useTranslation("network");
  const decide = useDecidePublishRequest();
  // The last request stays shown while the dialog animates closed.
  const [shown, setShown] = useState(request);
  if (request !== null && request !== shown) setShown(request);
  const title = shown?.collection.title ?? "";
  return (
    <FormDialog
      key={shown?.id}
      open={request !== null}
      schema={RejectRequest}
      defaultValues={{ reason: "" }}
      title={t("requests.rejectTitle", { title })}
      description={t("requests.rejectText")}
      submitLabel={t("requests.reject")}
      cancelLabel={t("actions.cancel")}
      submitColor="error"
      messages={{ reason: { required: t("requests.reasonRequired") } }}
      onSubmit={async ({ reason }) => {
        if (!shown) return;
        await decide.mutateAsync({ id: shown.id, decision: "reject", reason });
        toast(t("requests.rejected", { title }), "success");
      }}
      onClose={onClose}
    >
      {({ field }) => <TextField label={t("requests.reason")} required multiline minRows={3} fullWidth autoFocus {...field("reason")} />}
    </FormDialog>
  );
}
