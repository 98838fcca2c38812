import { Navigate, useNavigate, useSearchParams } from "react-router";
import { useEffect } from "react";
import { useForm } from "react-hook-form";
import Alert from "@mui/material/Alert";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import { TextLink } from "../../components/TextLink";
import Stack from "@mui/material/Stack";
import { FormTextField } from "../../components/FormTextField";
import Typography from "@mui/material/Typography";
import { useTranslation } from "react-i18next";
import type { SsoSignInError } from "@learnward/contracts";
import { homePathFor, safeNextPath, useSession, useSignIn, useSingleSignOn } from "../../features/identity/hooks";
import { signInResolver } from "../../features/identity/lazyResolvers";
import { useErrorMessage } from "../../i18n/useErrorMessage";
import { fieldProps } from "../../components/formField";
import { PasswordField } from "../../components/PasswordField";
import { useHydrated } from "../../app/renderHints";
import { AuthCard } from "./AuthCard";

// Where a refused single sign-on lands (/login?error=…); Record<…> makes the compiler insist on every code of the contract.
const SSO_ERRORS: Record<SsoSignInError, true> = {
  sso_not_enabled: true,
  sso_state_invalid: true,
  sso_provider_refused: true,
  sso_token_invalid: true,
  sso_email_unverified: true,
  sso_email_outside_domain: true,
  sso_account_elsewhere: true,
  sso_account_refused: true,
};
const ssoErrorOf = (code: string | null): SsoSignInError | null => (code !== null && Object.hasOwn(SSO_ERRORS, code) ? (code as SsoSignInError) : null);

export default function LoginPage() {
  const { t } = useTranslation("auth");
  const message = useErrorMessage();
  const session = useSession();
  const [params] = useSearchParams();
  const next = safeNextPath(params.get("next"));
  const signIn = useSignIn();
  const singleSignOn = useSingleSignOn();
  const ssoError = ssoErrorOf(params.get("error"));
  const navigate = useNavigate();
  const form = useForm({ resolver: signInResolver, defaultValues: { email: "", password: "" } });
  // The server renders this page (app/router.tsx). Until the browser has hydrated it, the form must
  // not submit natively: with its submit button disabled, Enter in a field does not submit it either
  // (HTML's implicit submission), and were it ever sent, it posts: no password in an address. What is
  // typed meanwhile stays (React and react-hook-form keep it).
  const hydrated = useHydrated();
  useEffect(() => {
    signInResolver.preload();
  }, []);

  if (session.data?.status === "signedIn") {
    return <Navigate to={next ?? homePathFor(session.data.me.abilities)} replace />;
  }
  // spec §4: a user without an account row was signed out; say so.
  const accountMissing = session.data?.status === "signedOut" && session.data.reason === "accountMissing";
  const registerLink = next ? `/register?next=${encodeURIComponent(next)}` : "/register";
  // An account with an authenticator gives its code next, on its own page (loaded only then).
  const twoFactorPath = next ? `/login/two-factor?next=${encodeURIComponent(next)}` : "/login/two-factor";

  return (
    <AuthCard title={t("login.title")} subtitle={t("login.subtitle")}>
      <Box
        component="form"
        method="post"
        noValidate
        onSubmit={form.handleSubmit((values) => signIn.mutate(values, { onSuccess: ({ twoFactor }) => twoFactor && void navigate(twoFactorPath) }))}
      >
        <Stack spacing={2.5}>
          {accountMissing && !signIn.isPending && (
            <Alert severity="warning" role="alert">
              {message("account_missing")}
            </Alert>
          )}
          {params.get("reset") === "done" && <Alert severity="success">{t("reset.done")}</Alert>}
          {/* Where a confirmation link lands (better-auth adds error= when the link is bad). */}
          {params.get("verified") === "1" && !params.get("error") && <Alert severity="success">{t("login.verified")}</Alert>}
          {params.get("verified") === "1" && params.get("error") && <Alert severity="warning">{t("login.verifyFailed")}</Alert>}
          {ssoError && !singleSignOn.isPending && (
            <Alert severity="error" role="alert">
              {t(`login.sso.errors.${ssoError}`)}
            </Alert>
          )}
          {singleSignOn.data === false && <Alert severity="info">{t("login.sso.none")}</Alert>}
          {singleSignOn.isError && (
            <Alert severity="error" role="alert">
              {t("login.sso.failed")}
            </Alert>
          )}
          {signIn.isError && (
            <Alert severity="error" role="alert">
              {message(signIn.error)}
            </Alert>
          )}
          <FormTextField {...fieldProps(form, "email", message)} label={t("fields.email")} type="email" autoComplete="email" required fullWidth autoFocus />
          <PasswordField {...fieldProps(form, "password", message)} label={t("fields.password")} autoComplete="current-password" required fullWidth />
          <Box sx={{ textAlign: "right", mt: "8px !important" }}>
            <TextLink to="/forgot-password" sx={{ typography: "body2" }}>
              {t("login.forgot")}
            </TextLink>
          </Box>
          <Button type="submit" variant="contained" size="large" loading={signIn.isPending} disabled={!hydrated} fullWidth>
            {t("login.submit")}
          </Button>
          {/* Issue 27: only the email is needed; the company's identity provider asks for the rest. */}
          <Button
            variant="outlined"
            size="large"
            loading={singleSignOn.isPending || singleSignOn.data === true}
            disabled={!hydrated}
            fullWidth
            onClick={() => void form.trigger("email").then((valid) => valid && singleSignOn.mutate(form.getValues("email")))}
          >
            {t("login.sso.button")}
          </Button>
          <Typography variant="body2" sx={{ textAlign: "center" }}>
            {t("login.noAccount")} <TextLink to={registerLink}>{t("login.register")}</TextLink>
          </Typography>
        </Stack>
      </Box>
    </AuthCard>
  );
}
