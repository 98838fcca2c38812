import TextField from "@mui/material/TextField";
import { useTranslation } from "react-i18next";
import { DecideRequest } from "@learnward/contracts";
import { FormDialog } from "../../components/FormDialog";
import { useDecideRequest } from "./hooks";
import { requestSubject, type Deciding } from "./requests";
import { usePeopleError } from "./usePeopleError";
import { toast } from "../../lib/toast";

/** Accepts or rejects a request (hr), with an optional reason. */
export function DecideDialog({ deciding, onClose }: { deciding: Deciding; onClose: () => void }) {
  const { t } = useTranslation("people");
  const errorMessage = usePeopleError();
  const decide = useDecideRequest();
  const { kind, request, decision } = deciding;
  const subject = requestSubject(request);
  return (
    <FormDialog
      schema={DecideRequest}
      defaultValues={{ reason: "" }}
      title={t(`decide.title.${kind}.${decision}`)}
      description={t(`decide.description.${kind}.${decision}`, { subject, team: request.team.name })}
      submitLabel={t(`decide.confirm.${decision}`)}
      cancelLabel={t("actions.cancel")}
      submitColor={decision === "reject" ? "error" : "primary"}
      errorText={errorMessage}
      onSubmit={async ({ reason }) => {
        await decide.mutateAsync({ kind, id: request.id, decision, reason: reason || undefined });
        toast(t(`decide.done.${kind}.${decision}`, { subject }), "success");
      }}
      onClose={onClose}
    >
      {({ field }) => <TextField label={t("decide.reason")} multiline minRows={2} {...field("reason", t("decide.reasonHint"))} />}
    </FormDialog>
  );
}
