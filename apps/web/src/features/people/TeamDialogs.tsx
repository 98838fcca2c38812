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
import type { Team } from "./api";
import { useCreateTeam, useDeleteTeam, useUpdateTeam } from "./hooks";
import { EmployeePicker, type PersonOption } from "./EmployeePicker";
import { usePeopleError } from "./usePeopleError";
import { useErrorMessage } from "../../i18n/useErrorMessage";
import { toast } from "../../lib/toast";

const NAME_MAX = 120;

/** Creates a team, or renames one and sets its leader (hr). */
export function TeamDialog({ team, open, onClose }: { team: Team | null; open: boolean; onClose: () => void }) {
  const { t } = useTranslation("people");
  const errorMessage = usePeopleError();
  const message = useErrorMessage();
  const create = useCreateTeam();
  const update = useUpdateTeam();
  const mutation = team ? update : create;
  const [name, setName] = useState(team?.name ?? "");
  const [leader, setLeader] = useState<PersonOption | null>(team?.leader ?? null);
  const [nameError, setNameError] = useState<string | null>(null);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const trimmed = name.trim();
    if (!trimmed) return setNameError(message("required"));
    if (trimmed.length > NAME_MAX) return setNameError(message("too_long"));
    setNameError(null);
    const done = (saved: Team) => {
      toast(team ? t("teams.saved", { name: saved.name }) : t("teams.created", { name: saved.name }), "success");
      onClose();
    };
    if (!team) {
      create.mutate({ name: trimmed, leader_id: leader?.id ?? null }, { onSuccess: done });
      return;
    }
    // Only what changed: setting the leader moves that person into the team.
    const body: { id: number; name?: string; leader_id?: number | null } = { id: team.id };
    if (trimmed !== team.name) body.name = trimmed;
    if ((leader?.id ?? null) !== (team.leader?.id ?? null)) body.leader_id = leader?.id ?? null;
    if (body.name === undefined && body.leader_id === undefined) return onClose();
    update.mutate(body, { onSuccess: done });
  };

  const titleId = "team-dialog-title";
  return (
    <Dialog open={open} onClose={onClose} aria-labelledby={titleId} fullWidth maxWidth="sm">
      <form noValidate onSubmit={submit}>
        <DialogTitle id={titleId}>{team ? t("teams.editTitle", { name: team.name }) : t("teams.createTitle")}</DialogTitle>
        <DialogContent>
          <Stack spacing={2.5} sx={{ pt: 1 }}>
            {mutation.isError && (
              <Alert severity="error" role="alert">
                {errorMessage(mutation.error)}
              </Alert>
            )}
            <TextField
              label={t("teams.name")}
              value={name}
              onChange={(event) => setName(event.target.value)}
              required
              autoFocus
              error={Boolean(nameError)}
              helperText={nameError ?? undefined}
              slotProps={{ htmlInput: { maxLength: NAME_MAX } }}
            />
            <EmployeePicker label={t("teams.leader")} value={leader} onChange={setLeader} helperText={t("teams.leaderHint")} />
          </Stack>
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose}>{t("actions.cancel")}</Button>
          <Button type="submit" variant="contained" loading={mutation.isPending}>
            {team ? t("actions.save") : t("teams.create")}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}

/** Deletes an empty team; the server refuses (409) while anyone is still in it. */
export function DeleteTeamDialog({ team, onClose }: { team: Team; onClose: () => void }) {
  const { t } = useTranslation("people");
  const errorMessage = usePeopleError();
  const remove = useDeleteTeam();
  const titleId = "delete-team-title";
  return (
    <Dialog open onClose={onClose} aria-labelledby={titleId} aria-describedby="delete-team-description" fullWidth maxWidth="xs">
      <DialogTitle id={titleId}>{t("teams.deleteTitle", { name: team.name })}</DialogTitle>
      <DialogContent>
        <Stack spacing={2}>
          <DialogContentText id="delete-team-description">{t("teams.deleteDescription")}</DialogContentText>
          {remove.isError && (
            <Alert severity="error" role="alert">
              {errorMessage(remove.error)}
            </Alert>
          )}
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t("actions.cancel")}</Button>
        <Button
          color="error"
          variant="contained"
          loading={remove.isPending}
          onClick={() =>
            remove.mutate(team.id, {
              onSuccess: () => {
                toast(t("teams.deleted", { name: team.name }), "success");
                onClose();
              },
            })
          }
        >
          {t("teams.delete")}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
