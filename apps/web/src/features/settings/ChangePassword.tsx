import { useForm } from "react-hook-form";
import { zodResolver } from "@hookform/resolvers/zod";
import Alert from "@mui/material/Alert";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import Paper from "@mui/material/Paper";
import Stack from "@mui/material/Stack";
import Typography from "@mui/material/Typography";
import { useTranslation } from "react-i18next";
import { ChangePasswordForm } from "../identity/forms";
import { useErrorMessage } from "../../i18n/useErrorMessage";
import { isApiError } from "../../lib/api";
import { fieldProps } from "../../components/formField";
import { PasswordField } from "../../components/PasswordField";
import { useChangePassword } from "./hooks";
import { toast } from "../../lib/toast";

const EMPTY = { currentPassword: "", newPassword: "", confirmPassword: "" };

/** Settings → Personal Profile → password change (POST /api/auth/change-password). */
export function ChangePassword({ email }: { email: string }) {
  const { t } = useTranslation("settings");
  const message = useErrorMessage();
  const change = useChangePassword();
  const form = useForm({ resolver: zodResolver(ChangePasswordForm), defaultValues: EMPTY });

  const submit = form.handleSubmit(({ currentPassword, newPassword }) =>
    change.mutate(
      { currentPassword, newPassword },
      {
        onSuccess: () => {
          form.reset(EMPTY);
          toast(t("password.changed"), "success");
        },
        onError: (error) => {
          // The server says "invalid credentials"; here that can only mean the current password.
          if (isApiError(error, "invalid_credentials")) form.setError("currentPassword", { message: "current_password_incorrect" });
        },
      },
    ),
  );

  const otherError = change.isError && !isApiError(change.error, "invalid_credentials");

  return (
    <Paper variant="outlined" component="section" aria-labelledby="change-password-heading" sx={{ p: { xs: 2, sm: 3 } }}>
      <Typography id="change-password-heading" variant="h2" sx={{ mb: 3 }}>
        {t("password.heading")}
      </Typography>
      <Box component="form" noValidate onSubmit={submit}>
        {/* Lets password managers file the new password under the right account. */}
        <input type="text" name="username" autoComplete="username" value={email} readOnly hidden />
        <Stack spacing={2.5}>
          {otherError && (
            <Alert severity="error" role="alert">
              {message(change.error)}
            </Alert>
          )}
          <PasswordField {...fieldProps(form, "currentPassword", message)} label={t("password.current")} autoComplete="current-password" required fullWidth />
          <PasswordField {...fieldProps(form, "newPassword", message)} label={t("password.new")} autoComplete="new-password" required fullWidth />
          <PasswordField {...fieldProps(form, "confirmPassword", message)} label={t("password.confirm")} autoComplete="new-password" required fullWidth />
          <Box>
            <Button type="submit" variant="contained" loading={change.isPending}>
              {t("password.submit")}
            </Button>
          </Box>
        </Stack>
      </Box>
    </Paper>
  );
}
