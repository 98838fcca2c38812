import { Link as RouterLink, useNavigate, useSearchParams } from "react-router";
import { useEffect } from "react";
import { useForm } from "react-hook-form";
import Alert from "@mui/material/Alert";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import { TextLink } from "../../components/TextLink";
import Stack from "@mui/material/Stack";
import { useTranslation } from "react-i18next";
import { useResetPassword } from "../../features/identity/hooks";
import { resetPasswordResolver } from "../../features/identity/lazyResolvers";
import { useErrorMessage } from "../../i18n/useErrorMessage";
import { isApiError } from "../../lib/api";
import { fieldProps } from "../../components/formField";
import { PasswordField } from "../../components/PasswordField";
import { AuthCard } from "./AuthCard";

/** Opened from the reset mail: /reset-password?token=… */
export default function ResetPasswordPage() {
  const { t } = useTranslation("auth");
  const message = useErrorMessage();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const token = params.get("token");
  const reset = useResetPassword();
  const form = useForm({ resolver: resetPasswordResolver, defaultValues: { newPassword: "", confirmPassword: "" } });
  useEffect(() => {
    resetPasswordResolver.preload();
  }, []);

  const invalidLink = !token || params.has("error") || isApiError(reset.error, "invalid_token");
  if (invalidLink) {
    return (
      <AuthCard title={t("reset.title")}>
        <Stack spacing={2.5}>
          <Alert severity="error" role="alert">
            {message("invalid_token")}
          </Alert>
          <Button component={RouterLink} to="/forgot-password" variant="contained">
            {t("reset.requestNew")}
          </Button>
        </Stack>
      </AuthCard>
    );
  }

  const submit = form.handleSubmit(({ newPassword }) =>
    reset.mutate({ token, newPassword }, { onSuccess: () => void navigate("/login?reset=done", { replace: true }) }),
  );

  return (
    <AuthCard title={t("reset.title")} subtitle={t("reset.subtitle")}>
      <Box component="form" noValidate onSubmit={submit}>
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
          <Button type="submit" variant="contained" size="large" loading={reset.isPending} fullWidth>
            {t("reset.submit")}
          </Button>
          <TextLink to="/login" style={{ textAlign: "center" }}>
            {t("forgot.back")}
          </TextLink>
        </Stack>
      </Box>
    </AuthCard>
  );
}
