import { Navigate, useSearchParams } from "react-router";
import { useForm } from "react-hook-form";
import Alert from "@mui/material/Alert";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import { TextLink } from "../../components/TextLink";
import Stack from "@mui/material/Stack";
import { FormTextField } from "../../components/FormTextField";
import Typography from "@mui/material/Typography";
import { useTranslation } from "react-i18next";
import { homePathFor, safeNextPath, useSession, useSignUp } from "../../features/identity/hooks";
import { signUpResolver } from "../../features/identity/lazyResolvers";
import { preloadOnInput } from "../../components/lazyResolver";
import { useErrorMessage } from "../../i18n/useErrorMessage";
import { fieldProps } from "../../components/formField";
import { PasswordField } from "../../components/PasswordField";
import { AuthCard } from "./AuthCard";

export default function RegisterPage() {
  const { t } = useTranslation("auth");
  const message = useErrorMessage();
  const session = useSession();
  const [params] = useSearchParams();
  const next = safeNextPath(params.get("next"));
  const signUp = useSignUp();
  const form = useForm({ resolver: signUpResolver, defaultValues: { name: "", email: "", password: "" } });

  if (session.data?.status === "signedIn") {
    return <Navigate to={next ?? homePathFor(session.data.me.abilities)} replace />;
  }
  const accountMissing = session.data?.status === "signedOut" && session.data.reason === "accountMissing";
  const emailField = fieldProps(form, "email", message);

  return (
    <AuthCard title={t("register.title")} subtitle={t("register.subtitle")}>
      <Box component="form" noValidate onSubmit={form.handleSubmit((values) => signUp.mutate(values))} {...preloadOnInput(signUpResolver)}>
        <Stack spacing={2.5}>
          {accountMissing && !signUp.isSuccess && (
            <Alert severity="warning" role="alert">
              {message("account_missing")}
            </Alert>
          )}
          {signUp.isSuccess && (
            <Alert severity="success" role="status">
              {t("register.checkInbox", { email: signUp.variables.email })}
            </Alert>
          )}
          {signUp.isError && (
            <Alert severity="error" role="alert">
              {message(signUp.error)}
            </Alert>
          )}
          <FormTextField {...fieldProps(form, "name", message)} label={t("fields.name")} autoComplete="name" required fullWidth autoFocus />
          <FormTextField
            {...emailField}
            label={t("fields.email")}
            type="email"
            autoComplete="email"
            required
            fullWidth
            helperText={emailField.helperText ?? t("register.emailHint")}
          />
          <PasswordField {...fieldProps(form, "password", message)} label={t("fields.password")} autoComplete="new-password" required fullWidth />
          <Button type="submit" variant="contained" size="large" loading={signUp.isPending} fullWidth>
            {t("register.submit")}
          </Button>
          <Typography variant="body2" sx={{ textAlign: "center" }}>
            {t("register.haveAccount")} <TextLink to={next ? `/login?next=${encodeURIComponent(next)}` : "/login"}>{t("register.login")}</TextLink>
          </Typography>
        </Stack>
      </Box>
    </AuthCard>
  );
}
