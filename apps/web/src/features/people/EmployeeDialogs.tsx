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
import { CompanyRole, Email } from "@learnward/contracts";
import type { Employee, UpdateEmployeeBody } from "./api";
import { useInvite, useUpdateEmployee } from "./hooks";
import { RoleSelect, TeamSelect } from "./fields";
import { usePeopleError } from "./usePeopleError";
import { useErrorMessage } from "../../i18n/useErrorMessage";
import { toast } from "../../lib/toast";

const teamValue = (id: number | null | undefined) => (id == null ? "" : String(id));
const teamId = (value: string) => (value === "" ? null : Number(value));

/** Changes an employee's role and team (hr). hr never changes their own role (people.policy). */
export function EditEmployeeDialog({ employee, isSelf, onClose }: { employee: Employee; isSelf: boolean; onClose: () => void }) {
  const { t } = useTranslation("people");
  const errorMessage = usePeopleError();
  const update = useUpdateEmployee();
  const editableRole = CompanyRole.safeParse(employee.role);
  const [role, setRole] = useState<string>(editableRole.success ? editableRole.data : "");
  const [team, setTeam] = useState(teamValue(employee.team?.id));

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const body: UpdateEmployeeBody = {};
    const nextRole = CompanyRole.safeParse(role);
    if (nextRole.success && nextRole.data !== employee.role && !isSelf) body.role = nextRole.data;
    if (team !== teamValue(employee.team?.id)) body.team_id = teamId(team);
    if (Object.keys(body).length === 0) return onClose();
    update.mutate(
      { id: employee.id, ...body },
      {
        onSuccess: () => {
          toast(t("employees.saved", { name: employee.display_name }), "success");
          onClose();
        },
      },
    );
  };

  return (
    <Dialog open onClose={onClose} aria-labelledby="edit-employee-title" fullWidth maxWidth="sm">
      <form noValidate onSubmit={submit}>
        <DialogTitle id="edit-employee-title">{t("employees.editTitle", { name: employee.display_name })}</DialogTitle>
        <DialogContent>
          <Stack spacing={2.5} sx={{ pt: 1 }}>
            {update.isError && (
              <Alert severity="error" role="alert">
                {errorMessage(update.error)}
              </Alert>
            )}
            <RoleSelect
              label={t("employees.role")}
              value={role}
              onChange={setRole}
              disabled={isSelf || !editableRole.success}
              helperText={isSelf ? t("employees.ownRole") : undefined}
            />
            <TeamSelect label={t("employees.team")} value={team} onChange={setTeam} emptyLabel={t("employees.noTeam")} />
          </Stack>
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose}>{t("actions.cancel")}</Button>
          <Button type="submit" variant="contained" loading={update.isPending}>
            {t("actions.save")}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}

/** Deactivates an account after confirmation: sign-in is refused, history is kept. */
export function DeactivateDialog({ employee, onClose }: { employee: Employee; onClose: () => void }) {
  const { t } = useTranslation("people");
  const errorMessage = usePeopleError();
  const update = useUpdateEmployee();
  return (
    <Dialog open onClose={onClose} aria-labelledby="deactivate-title" aria-describedby="deactivate-description" fullWidth maxWidth="xs">
      <DialogTitle id="deactivate-title">{t("employees.deactivateTitle", { name: employee.display_name })}</DialogTitle>
      <DialogContent>
        <Stack spacing={2}>
          <DialogContentText id="deactivate-description">{t("employees.deactivateDescription", { email: employee.email })}</DialogContentText>
          {update.isError && (
            <Alert severity="error" role="alert">
              {errorMessage(update.error)}
            </Alert>
          )}
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t("actions.cancel")}</Button>
        <Button
          color="error"
          variant="contained"
          loading={update.isPending}
          onClick={() =>
            update.mutate(
              { id: employee.id, status: "deactivated" },
              {
                onSuccess: () => {
                  toast(t("employees.deactivated", { name: employee.display_name }), "success");
                  onClose();
                },
              },
            )
          }
        >
          {t("employees.deactivate")}
        </Button>
      </DialogActions>
    </Dialog>
  );
}

/** hr invites someone directly: the invitation mail goes out at once. */
export function InviteDialog({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation("people");
  const message = useErrorMessage();
  const invite = useInvite();
  const [email, setEmail] = useState("");
  const [role, setRole] = useState<string>("member");
  const [team, setTeam] = useState("");
  const [emailError, setEmailError] = useState<string | null>(null);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = Email.safeParse(email);
    if (!parsed.success) return setEmailError(message(email.trim() ? "invalid_email" : "required"));
    setEmailError(null);
    const chosenRole = CompanyRole.parse(role);
    invite.mutate(
      { email: parsed.data, role: chosenRole, team_id: teamId(team) },
      {
        onSuccess: () => {
          toast(t("invite.sent", { email: parsed.data }), "success");
          onClose();
        },
      },
    );
  };

  return (
    <Dialog open onClose={onClose} aria-labelledby="invite-title" fullWidth maxWidth="sm">
      <form noValidate onSubmit={submit}>
        <DialogTitle id="invite-title">{t("invite.title")}</DialogTitle>
        <DialogContent>
          <Stack spacing={2.5} sx={{ pt: 1 }}>
            <DialogContentText>{t("invite.description")}</DialogContentText>
            {invite.isError && (
              <Alert severity="error" role="alert">
                {message(invite.error)}
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
            <RoleSelect label={t("employees.role")} value={role} onChange={setRole} />
            <TeamSelect label={t("employees.team")} value={team} onChange={setTeam} emptyLabel={t("employees.noTeam")} />
          </Stack>
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose}>{t("actions.cancel")}</Button>
          <Button type="submit" variant="contained" loading={invite.isPending}>
            {t("invite.submit")}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
