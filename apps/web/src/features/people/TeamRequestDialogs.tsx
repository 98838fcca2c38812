import { useState, type FormEvent } from "react";
import Alert from "@mui/material/Alert";
import Button from "@mui/material/Button";
import Dialog from "@mui/material/Dialog";
import DialogActions from "@mui/material/DialogActions";
import DialogContent from "@mui/material/DialogContent";
import DialogContentText from "@mui/material/DialogContentText";
import DialogTitle from "@mui/material/DialogTitle";
import Stack from "@mui/material/Stack";
import TextField from "@mui/material/TextField";
import { useTranslation } from "react-i18next";
import { Email } from "@learnward/contracts";
import type { Employee } from "./api";
import { useRequestInvite, useRequestRemoval } from "./hooks";
import { REASON_MAX } from "./DecideDialog";
import { usePeopleError } from "./usePeopleError";
import { useErrorMessage } from "../../i18n/useErrorMessage";
import { toast } from "../../lib/toast";

function ReasonField({ value, onChange }: { value: string; onChange: (value: string) => void }) {
  const { t } = useTranslation("people");
  return (
    <TextField
      label={t("teamPage.reason")}
      helperText={t("teamPage.reasonHint")}
      value={value}
      onChange={(event) => onChange(event.target.value)}
      multiline
      minRows={2}
      slotProps={{ htmlInput: { maxLength: REASON_MAX } }}
    />
  );
}

/** A team leader asks hr to invite someone to their team. */
export function RequestInviteDialog({ team, onClose }: { team: { id: number; name: string }; onClose: () => void }) {
  const { t } = useTranslation("people");
  const message = useErrorMessage();
  const ask = useRequestInvite();
  const [email, setEmail] = useState("");
  const [reason, setReason] = useState("");
  const [emailError, setEmailError] = useState<string | null>(null);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = Email.safeParse(email);
    if (!parsed.success) return setEmailError(message(email.trim() ? "invalid_email" : "required"));
    setEmailError(null);
    ask.mutate(
      { email: parsed.data, team_id: team.id, reason: reason.trim() || undefined },
      {
        onSuccess: () => {
          toast(t("teamPage.inviteRequested", { email: parsed.data }), "success");
          onClose();
        },
      },
    );
  };

  return (
    <Dialog open onClose={onClose} aria-labelledby="request-invite-title" fullWidth maxWidth="sm">
      <form noValidate onSubmit={submit}>
        <DialogTitle id="request-invite-title">{t("teamPage.requestInviteTitle", { team: team.name })}</DialogTitle>
        <DialogContent>
          <Stack spacing={2.5}>
            <DialogContentText>{t("teamPage.requestInviteDescription")}</DialogContentText>
            {ask.isError && (
              <Alert severity="error" role="alert">
                {message(ask.error)}
              </Alert>
            )}
            <TextField
              label={t("invite.email")}
              type="email"
              autoComplete="off"
              value={email}
              onChange={(event) => setEmail(event.target.value)}
              required
              autoFocus
              error={Boolean(emailError)}
              helperText={emailError ?? undefined}
            />
            <ReasonField value={reason} onChange={setReason} />
          </Stack>
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose}>{t("actions.cancel")}</Button>
          <Button type="submit" variant="contained" loading={ask.isPending}>
            {t("teamPage.sendRequest")}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}

/** A team leader asks hr to remove a member of their team (hr's approval deactivates the account). */
export function RequestRemovalDialog({ member, onClose }: { member: Employee; onClose: () => void }) {
  const { t } = useTranslation("people");
  const errorMessage = usePeopleError();
  const ask = useRequestRemoval();
  const [reason, setReason] = useState("");

  const submit = (event: FormEvent) => {
    event.preventDefault();
    ask.mutate(
      { employee_id: member.id, reason: reason.trim() || undefined },
      {
        onSuccess: () => {
          toast(t("teamPage.removalRequested", { name: member.display_name }), "success");
          onClose();
        },
      },
    );
  };

  return (
    <Dialog open onClose={onClose} aria-labelledby="request-removal-title" aria-describedby="request-removal-description" fullWidth maxWidth="sm">
      <form noValidate onSubmit={submit}>
        <DialogTitle id="request-removal-title">{t("teamPage.requestRemovalTitle", { name: member.display_name })}</DialogTitle>
        <DialogContent>
          <Stack spacing={2.5}>
            <DialogContentText id="request-removal-description">{t("teamPage.requestRemovalDescription", { email: member.email })}</DialogContentText>
            {ask.isError && (
              <Alert severity="error" role="alert">
                {errorMessage(ask.error)}
              </Alert>
            )}
            <ReasonField value={reason} onChange={setReason} />
          </Stack>
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose}>{t("actions.cancel")}</Button>
          <Button type="submit" variant="contained" color="error" loading={ask.isPending}>
            {t("teamPage.sendRequest")}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
