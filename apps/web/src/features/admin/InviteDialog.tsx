import TextField from "@mui/material/TextField";
import MenuItem from "@mui/material/MenuItem";
import { useTranslation } from "react-i18next";
import { CompanyRole } from "@learnward/contracts";
import { FormDialog } from "../../components/FormDialog";
import { isApiError } from "../../lib/api";
import { toast } from "../../lib/toast";
import type { AdminCompany } from "./api";
import { InviteForm } from "./forms";
import { useInviteToCompany } from "./hooks";
import { useRoleLabel } from "./ui";
import { useAdminError, useFormMessage } from "./useAdminError";

/**
 * Invites someone into a company by email, with a role (hr by default: this is how a new company
 * gets its first hr person, who invites the rest). The server mails the invitation link at once.
 */
export function InviteDialog({ company, onClose }: { company: AdminCompany; onClose: () => void }) {
  const { t } = useTranslation("admin");
  const roleLabel = useRoleLabel();
  const formMessage = useFormMessage();
  const errorMessage = useAdminError();
  const invite = useInviteToCompany();
  return (
    <FormDialog
      schema={InviteForm}
      defaultValues={{ email: "", role: "hr" }}
      maxWidth="xs"
      title={t("companies.invite.title", { name: company.name })}
      description={t("companies.invite.description")}
      submitLabel={t("companies.invite.submit")}
      cancelLabel={t("actions.cancel")}
      errorText={errorMessage}
      fieldRefusal={(error) => (isApiError(error, "email_in_use") ? { field: "email", message: formMessage("email_in_use") } : null)}
      onSubmit={async (values) => {
        await invite.mutateAsync({ companyId: company.id, ...values });
        toast(t("companies.invite.sent", { email: values.email }), "success");
      }}
      onClose={onClose}
    >
      {({ field, control }) => {
        const role = control("role");
        return (
          <>
            <TextField label={t("companies.invite.email")} type="email" required autoFocus autoComplete="off" fullWidth {...field("email")} />
            <TextField select label={t("companies.invite.role")} value={role.value} onChange={(event) => role.onChange(event.target.value)} fullWidth>
              {CompanyRole.options.map((option) => (
                <MenuItem key={option} value={option}>
                  {roleLabel(option)}
                </MenuItem>
              ))}
            </TextField>
          </>
        );
      }}
    </FormDialog>
  );
}
