import { z } from "zod";
import TextField from "@mui/material/TextField";
import { useTranslation } from "react-i18next";
import { CompanyRole, CreateInvitationRequest } from "@learnward/contracts";
import { ConfirmDialog } from "../../components/ConfirmDialog";
import { FormDialog } from "../../components/FormDialog";
import { filled } from "../../components/formRules";
import type { Employee, UpdateEmployeeBody } from "./api";
import { useInvite, useUpdateEmployee } from "./hooks";
import { RoleSelect, TeamSelect } from "./fields";
import { usePeopleError } from "./usePeopleError";
import { toast } from "../../lib/toast";

const teamValue = (id: number | null | undefined) => (id == null ? "" : String(id));
const teamId = (value: string) => (value === "" ? null : Number(value));

// Selects hold strings: a role ("" when it is not one hr may give) and a team id ("" for none).
const EditEmployeeForm = z.object({ role: CompanyRole.or(z.literal("")), team: z.string() });

/** Changes an employee's role and team (hr). hr never changes their own role (people.policy). */
export function EditEmployeeDialog({ employee, isSelf, onClose }: { employee: Employee; isSelf: boolean; onClose: () => void }) {
  const { t } = useTranslation("people");
  const errorMessage = usePeopleError();
  const update = useUpdateEmployee();
  const editableRole = CompanyRole.safeParse(employee.role);
  return (
    <FormDialog
      schema={EditEmployeeForm}
      defaultValues={{ role: editableRole.success ? editableRole.data : "", team: teamValue(employee.team?.id) }}
      title={t("employees.editTitle", { name: employee.display_name })}
      submitLabel={t("actions.save")}
      cancelLabel={t("actions.cancel")}
      errorText={errorMessage}
      onSubmit={async ({ role, team }) => {
        const body: UpdateEmployeeBody = {};
        if (role !== "" && role !== employee.role && !isSelf) body.role = role;
        if (team !== teamValue(employee.team?.id)) body.team_id = teamId(team);
        if (Object.keys(body).length === 0) return;
        await update.mutateAsync({ id: employee.id, ...body });
        toast(t("employees.saved", { name: employee.display_name }), "success");
      }}
      onClose={onClose}
    >
      {({ control }) => (
        <>
          <RoleSelect
            label={t("employees.role")}
            {...control("role")}
            disabled={isSelf || !editableRole.success}
            helperText={isSelf ? t("employees.ownRole") : undefined}
          />
          <TeamSelect label={t("employees.team")} {...control("team")} emptyLabel={t("employees.noTeam")} />
        </>
      )}
    </FormDialog>
  );
}

/** Deactivates an account after confirmation: sign-in is refused, history is kept. */
export function DeactivateDialog({ employee, onClose }: { employee: Employee; onClose: () => void }) {
  const { t } = useTranslation("people");
  const errorMessage = usePeopleError();
  const update = useUpdateEmployee();
  return (
    <ConfirmDialog
      open
      title={t("employees.deactivateTitle", { name: employee.display_name })}
      text={t("employees.deactivateDescription", { email: employee.email })}
      confirm={t("employees.deactivate")}
      cancel={t("actions.cancel")}
      error={update.isError ? errorMessage(update.error) : null}
      pending={update.isPending}
      onConfirm={() =>
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
      onClose={onClose}
    />
  );
}

const InviteForm = z.object({ email: filled(CreateInvitationRequest.shape.email), role: CompanyRole, team: z.string() });

/** hr invites someone directly: the invitation mail goes out at once. */
export function InviteDialog({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation("people");
  const invite = useInvite();
  return (
    <FormDialog
      schema={InviteForm}
      defaultValues={{ email: "", role: "member", team: "" }}
      title={t("invite.title")}
      description={t("invite.description")}
      submitLabel={t("invite.submit")}
      cancelLabel={t("actions.cancel")}
      onSubmit={async ({ email, role, team }) => {
        await invite.mutateAsync({ email, role, team_id: teamId(team) });
        toast(t("invite.sent", { email }), "success");
      }}
      onClose={onClose}
    >
      {({ field, control }) => (
        <>
          <TextField label={t("invite.email")} type="email" autoComplete="off" required autoFocus {...field("email")} />
          <RoleSelect label={t("employees.role")} {...control("role")} />
          <TeamSelect label={t("employees.team")} {...control("team")} emptyLabel={t("employees.noTeam")} />
        </>
      )}
    </FormDialog>
  );
}
