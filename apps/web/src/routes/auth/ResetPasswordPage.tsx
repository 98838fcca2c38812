import { Link as RouterLink, useNavigate, useSearchParams } from "react-router";
import { useForm } from "react-hook-form";
import Alert from "@mui/material/Alert";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import Stack from "@mui/material/Stack";
import { useTranslation } from "react-i18next";
import { useResetPassword } from "../../features/identity/hooks";
import { resetPasswordResolver } from "../../features/identity/lazyResolvers";
import { preloadOnInput } from "../../components/lazyResolver";
import { useErrorMessage } from "../../i18n/useErrorMessage";
import { isApiError } from "../../lib/api";
import { fieldProps } from "../../components/formField";
import { PasswordField } from "../../components/PasswordField";
import { AuthCard, SubmitThenBack } from "./AuthCard";

/**
 * Opened from the reset mail: /reset-password?token=… With `confirm=1` it is the link that confirms a
 * new address: choosing the password there is what confirms it (a password typed at registration,
 * possibly by someone else, does not survive it).
 */
export default function ResetPasswordPage() {
  const { t } = useTranslation("auth");
  const message = useErrorMessage();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const token = params.get("token");
  const confirming = params.get("confirm") === "1";
  const copy = confirming ? "confirm" : "reset";
  const reset = useResetPassword();
  const form = useForm({ resolver: resetPasswordResolver, defaultValues: { newPassword: "", confirmPassword: "" } });

  const invalidLink = !token || params.has("error") || isApiError(reset.error, "invalid_token");
  if (invalidLink) {
    return (
      <AuthCard title={t(`${copy}.title`)}>
        <Stack spacing={2.5}>
          <Alert severity="error" role="alert">
            {confirming ? t("confirm.invalid") : message("invalid_token")}
          </Alert>
          <Button component={RouterLink} to="/forgot-password" variant="contained">
            {t("reset.requestNew")}
          </Button>
        </Stack>
      </AuthCard>
    );
  }

  const submit = form.handleSubmit(({ newPassword }) =>
    reset.mutate({ token, newPassword }, { onSuccess: () => void navigate(confirming ? "/login?verified=1" : "/login?reset=done", { replace: true }) }),
  );

  return (
    <AuthCard title={t(`${copy}.title`)} subtitle={t(`${copy}.subtitle`)}>
      <Box component="form" noValidate onSubmit={submit} {...preloadOnInput(resetPasswordResolver)}>
        <Stack spacing={2.5}>
          {reset.isError && (
            <Alert severity="error" role="alert">
              {message(reset.error)}
            </Alert>
          )}
          <PasswordField
            {...fieldProps(form, "newPassword", message)}
            label={t("fields.newPassword")}
            autoComplete="new-password"
            required
            fullWidth
            autoFocus
          />
          <PasswordField {...fieldProps(form, "confirmPassword", message)} label={t("fields.confirmPassword")} autoComplete="new-password" required fullWidth />
          <SubmitThenBack label={t(`${copy}.submit`)} pending={reset.isPending} />
        </Stack>
      </Box>
    </AuthCard>
  );
}
