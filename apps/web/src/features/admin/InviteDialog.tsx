import { useId } from "react";
import { useForm } from "react-hook-form";
import { zodResolver } from "@hookform/resolvers/zod";
import Alert from "@mui/material/Alert";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import Dialog from "@mui/material/Dialog";
import DialogActions from "@mui/material/DialogActions";
import DialogContent from "@mui/material/DialogContent";
import DialogContentText from "@mui/material/DialogContentText";
import DialogTitle from "@mui/material/DialogTitle";
import MenuItem from "@mui/material/MenuItem";
import Stack from "@mui/material/Stack";
import TextField from "@mui/material/TextField";
import { useTranslation } from "react-i18next";
import { CompanyRole } from "@learnward/contracts";
import { fieldProps } from "../../components/formField";
import { isApiError } from "../../lib/api";
import { toast } from "../../lib/toast";
import type { AdminCompany } from "./api";
import { InviteForm, type InviteFormValues } from "./forms";
import { useInviteToCompany } from "./hooks";
import { useRoleLabel } from "./ui";
import { useAdminError, useFormMessage } from "./useAdminError";

/**
 * Invites someone into a company by email, with a role (hr by default: this is how a new company
 * gets its first hr person, who invites the rest). The server mails the invitation link at once.
 */
export function InviteDialog({ company, onClose }: { company: AdminCompany; onClose: () => void }) {
  const { t } = useTranslation("admin");
  const titleId = useId();
  const roleLabel = useRoleLabel();
  const formMessage = useFormMessage();
  const errorMessage = useAdminError();
  const invite = useInviteToCompany();
  const form = useForm<InviteFormValues>({ resolver: zodResolver(InviteForm), defaultValues: { email: "", role: "hr" } });
  const submit = form.handleSubmit((values) =>
    invite.mutate(
      { companyId: company.id, email: values.email, role: values.role },
      {
        onSuccess: () => {
          toast(t("companies.invite.sent", { email: values.email }), "success");
          onClose();
        },
        onError: (error) => {
          if (isApiError(error, "email_in_use")) form.setError("email", { message: "email_in_use" }, { shouldFocus: true });
        },
      },
    ),
  );
  const otherError = invite.isError && !isApiError(invite.error, "email_in_use");

  return (
    <Dialog open onClose={onClose} aria-labelledby={titleId} aria-describedby={`${titleId}-text`} fullWidth maxWidth="xs">
      <DialogTitle id={titleId}>{t("companies.invite.title", { name: company.name })}</DialogTitle>
      <DialogContent>
        <Box component="form" id={`${titleId}-form`} noValidate onSubmit={submit}>
          <Stack spacing={2.5}>
            <DialogContentText id={`${titleId}-text`}>{t("companies.invite.description")}</DialogContentText>
            {otherError && (
              <Alert severity="error" role="alert">
                {errorMessage(invite.error)}
              </Alert>
            )}
            <TextField label={t("companies.invite.email")} type="email" required autoFocus autoComplete="off" fullWidth {...fieldProps(form, "email", formMessage)} />
            <TextField
              select
              label={t("companies.invite.role")}
              value={form.watch("role")}
              onChange={(event) => form.setValue("role", event.target.value as InviteFormValues["role"])}
              fullWidth
            >
              {CompanyRole.options.map((role) => (
                <MenuItem key={role} value={role}>
                  {roleLabel(role)}
                </MenuItem>
              ))}
            </TextField>
          </Stack>
        </Box>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t("actions.cancel")}</Button>
        <Button type="submit" form={`${titleId}-form`} variant="contained" loading={invite.isPending}>
          {t("companies.invite.submit")}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
