import { z } from "zod";
import TextField from "@mui/material/TextField";
import { useTranslation } from "react-i18next";
import type { Team } from "./api";
import { useCreateTeam, useDeleteTeam, useUpdateTeam } from "./hooks";
import { EmployeePicker, type PersonOption } from "./EmployeePicker";
import { usePeopleError } from "./usePeopleError";
import { CreateTeamRequest } from "@learnward/contracts";
import { ConfirmDialog } from "../../components/ConfirmDialog";
import { FormDialog } from "../../components/FormDialog";
import { toast } from "../../lib/toast";

// The leader is picked as a person (name and address shown); the contract's leader_id is sent.
const TeamForm = z.object({ name: CreateTeamRequest.shape.name, leader: z.custom<PersonOption | null>() });

/** Creates a team, or renames one and sets its leader (hr). */
export function TeamDialog({ team, open, onClose }: { team: Team | null; open: boolean; onClose: () => void }) {
  const { t } = useTranslation("people");
  const errorMessage = usePeopleError();
  const create = useCreateTeam();
  const update = useUpdateTeam();
  const done = (saved: Team) => toast(team ? t("teams.saved", { name: saved.name }) : t("teams.created", { name: saved.name }), "success");
  return (
    <FormDialog
      open={open}
      schema={TeamForm}
      defaultValues={{ name: team?.name ?? "", leader: team?.leader ?? null }}
      title={team ? t("teams.editTitle", { name: team.name }) : t("teams.createTitle")}
      submitLabel={team ? t("actions.save") : t("teams.create")}
      cancelLabel={t("actions.cancel")}
      errorText={errorMessage}
      onSubmit={async ({ name, leader }) => {
        if (!team) return done(await create.mutateAsync({ name, leader_id: leader?.id ?? null }));
        // Only what changed: setting the leader moves that person into the team.
        const body: { id: number; name?: string; leader_id?: number | null } = { id: team.id };
        if (name !== team.name) body.name = name;
        if ((leader?.id ?? null) !== (team.leader?.id ?? null)) body.leader_id = leader?.id ?? null;
        if (body.name !== undefined || body.leader_id !== undefined) done(await update.mutateAsync(body));
      }}
      onClose={onClose}
    >
      {({ field, control }) => (
        <>
          <TextField label={t("teams.name")} required autoFocus {...field("name")} />
          <EmployeePicker label={t("teams.leader")} {...control("leader")} helperText={t("teams.leaderHint")} />
        </>
      )}
    </FormDialog>
  );
}

/** Deletes an empty team; the server refuses (409) while anyone is still in it. */
export function DeleteTeamDialog({ team, onClose }: { team: Team; onClose: () => void }) {
  const { t } = useTranslation("people");
  const errorMessage = usePeopleError();
  const remove = useDeleteTeam();
  return (
    <ConfirmDialog
      open
      title={t("teams.deleteTitle", { name: team.name })}
      text={t("teams.deleteDescription")}
      confirm={t("teams.delete")}
      cancel={t("actions.cancel")}
      error={remove.isError ? errorMessage(remove.error) : null}
      pending={remove.isPending}
      onConfirm={() =>
        remove.mutate(team.id, {
          onSuccess: () => {
            toast(t("teams.deleted", { name: team.name }), "success");
            onClose();
          },
        })
      }
      onClose={onClose}
    />
  );
}
