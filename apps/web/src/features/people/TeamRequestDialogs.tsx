import TextField from "@mui/material/TextField";
import { z } from "zod";
import { useTranslation } from "react-i18next";
import { CreateInviteRequest, CreateRemovalRequest } from "@learnward/contracts";
import { FormDialog, type FormFields } from "../../components/FormDialog";
import { filled } from "../../components/formRules";
import type { Employee } from "./api";
import { useRequestInvite, useRequestRemoval } from "./hooks";
import { usePeopleError } from "./usePeopleError";
import { toast } from "../../lib/toast";

const RequestInviteForm = z.object({ email: filled(CreateInviteRequest.shape.email), reason: CreateInviteRequest.shape.reason });
const RequestRemovalForm = CreateRemovalRequest.pick({ reason: true });

function ReasonField({ field }: { field: FormFields<typeof RequestRemovalForm>["field"] }) {
  const { t } = useTranslation("people");
  return <TextField label={t("teamPage.reason")} multiline minRows={2} {...field("reason", t("teamPage.reasonHint"))} />;
}

/** A team leader asks hr to invite someone to their team. */
export function RequestInviteDialog({ team, onClose }: { team: { id: number; name: string }; onClose: () => void }) {
  const { t } = useTranslation("people");
  const ask = useRequestInvite();
  return (
    <FormDialog
      schema={RequestInviteForm}
      defaultValues={{ email: "", reason: "" }}
      title={t("teamPage.requestInviteTitle", { team: team.name })}
      description={t("teamPage.requestInviteDescription")}
      submitLabel={t("teamPage.sendRequest")}
      cancelLabel={t("actions.cancel")}
      onSubmit={async ({ email, reason }) => {
        await ask.mutateAsync({ email, team_id: team.id, reason: reason || undefined });
        toast(t("teamPage.inviteRequested", { email }), "success");
      }}
      onClose={onClose}
    >
      {({ field }) => (
        <>
          <TextField label={t("invite.email")} type="email" autoComplete="off" required autoFocus {...field("email")} />
          <ReasonField field={field} />
        </>
      )}
    </FormDialog>
  );
}

/** A team leader asks hr to remove a member of their team (hr's approval deactivates the account). */
export function RequestRemovalDialog({ member, onClose }: { member: Employee; onClose: () => void }) {
  const { t } = useTranslation("people");
  const errorMessage = usePeopleError();
  const ask = useRequestRemoval();
  return (
    <FormDialog
      schema={RequestRemovalForm}
      defaultValues={{ reason: "" }}
      title={t("teamPage.requestRemovalTitle", { name: member.display_name })}
      description={t("teamPage.requestRemovalDescription", { email: member.email })}
      submitLabel={t("teamPage.sendRequest")}
      cancelLabel={t("actions.cancel")}
      submitColor="error"
      errorText={errorMessage}
      onSubmit={async ({ reason }) => {
        await ask.mutateAsync({ employee_id: member.id, reason: reason || undefined });
        toast(t("teamPage.removalRequested", { name: member.display_name }), "success");
      }}
      onClose={onClose}
    >
      {({ field }) => <ReasonField field={field} />}
    </FormDialog>
  );
}
