import { Navigate, useNavigate, useSearchParams } from "react-router";
import { lazy, Suspense, useState, type FormEvent } from "react";
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
import { homePathFor, safeNextPath, useSession, useEmailFirst, useSignIn } from "../../features/identity/hooks";
import { signInResolver } from "../../features/identity/lazyResolvers";
import { preloadOnInput } from "../../components/lazyResolver";
import { useErrorMessage } from "../../i18n/useErrorMessage";
import { fieldProps } from "../../components/formField";
import { DisabledUntilHydrated } from "../../app/renderHints";
import { AuthCard } from "./AuthCard";

// The password field shows only after the email step, so it stays out of /login's first load
// (its budget is 200 KB gzip). It loads from the first key or press in the form, with the form's
// schema: started with the page, linking its files took 9-14 ms of hydration's last task.
const loadPasswordField = () => import("../../components/PasswordField");
const preloadForm = preloadOnInput({
  preload: () => {
    signInResolver.preload();
    void loadPasswordField();
  },
});
const PasswordField = lazy(() => loadPasswordField().then((m) => ({ default: m.PasswordField })));

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
  // The email first; the password only for an address whose company has no single sign-on.
  const [step, setStep] = useState<"email" | "password">("email");
  const emailFirst = useEmailFirst();
  const ssoError = ssoErrorOf(params.get("error"));
  const navigate = useNavigate();
  const form = useForm({ resolver: signInResolver, defaultValues: { email: "", password: "" } });

  if (session.data?.status === "signedIn") {
    return <Navigate to={next ?? homePathFor(session.data.me.abilities)} replace />;
  }
  // spec §4: a user without an account row was signed out; say so.
  const accountMissing = session.data?.status === "signedOut" && session.data.reason === "accountMissing";
  const registerLink = next ? `/register?next=${encodeURIComponent(next)}` : "/register";
  // An account with an authenticator gives its code next, on its own page (loaded only then).
  const twoFactorPath = next ? `/login/two-factor?next=${encodeURIComponent(next)}` : "/login/two-factor";

  // A failed lookup (network, rate limit) is said, and the password step still opens: it must not lock anyone out.
  const continueWithEmail = () =>
    void form
      .trigger("email")
      .then((valid) => valid && emailFirst.mutate(form.getValues("email"), { onSettled: (found) => found !== "provider" && setStep("password") }));
  const changeEmail = () => {
    setStep("email");
    emailFirst.reset();
    signIn.reset();
    form.resetField("password");
  };
  const submit = (event: FormEvent) => {
    if (step === "password")
      return form.handleSubmit((values) => signIn.mutate(values, { onSuccess: ({ twoFactor }) => twoFactor && void navigate(twoFactorPath) }))(event);
    event.preventDefault();
    continueWithEmail();
  };
  const email = form.getValues("email");

  return (
    <AuthCard title={t("login.title")} subtitle={t("login.subtitle")}>
      <Box component="form" method="post" noValidate onSubmit={submit} {...preloadForm}>
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
          {ssoError && step === "email" && !emailFirst.isPending && (
            <Alert severity="error" role="alert">
              {t(`login.sso.errors.${ssoError}`)}
            </Alert>
          )}
          {step === "password" && emailFirst.isError && !signIn.isError && (
            <Alert severity="warning" role="alert">
              {t("login.sso.lookupFailed")}
            </Alert>
          )}
          {signIn.isError && (
            <Alert severity="error" role="alert">
              {message(signIn.error)}
            </Alert>
          )}
          {step === "email" ? (
            <FormTextField {...fieldProps(form, "email", message)} label={t("fields.email")} type="email" autoComplete="email" required fullWidth autoFocus />
          ) : (
            <>
              <Box sx={{ display: "flex", flexWrap: "wrap", alignItems: "center", columnGap: 1 }}>
                <Typography sx={{ flex: "1 1 auto", minWidth: 0, overflowWrap: "anywhere", fontWeight: 500 }}>{email}</Typography>
                <Button size="small" onClick={changeEmail}>
                  {t("login.otherEmail")}
                </Button>
              </Box>
              {/* Password managers save the address with the password. */}
              <input type="email" name="email" autoComplete="username" value={email} readOnly hidden />
              <Suspense>
                <PasswordField
                  {...fieldProps(form, "password", message)}
                  label={t("fields.password")}
                  autoComplete="current-password"
                  required
                  fullWidth
                  autoFocus
                />
              </Suspense>
            </>
          )}
          <Box sx={{ textAlign: "right", mt: "8px !important" }}>
            <TextLink to="/forgot-password" sx={{ typography: "body2" }}>
              {t("login.forgot")}
            </TextLink>
          </Box>
          {/* The server renders this page (app/router.tsx). Until the browser has hydrated it, the form
              must not submit natively: with its submit button disabled, Enter in a field does not submit
              it either (HTML's implicit submission), and were it ever sent, it posts: no password in an
              address. What is typed meanwhile stays (React and react-hook-form keep it). */}
          <DisabledUntilHydrated>
            {step === "email" ? (
              <Button type="submit" variant="contained" size="large" loading={emailFirst.isPending || emailFirst.data === "provider"} fullWidth>
                {t("login.continue")}
              </Button>
            ) : (
              <Button type="submit" variant="contained" size="large" loading={signIn.isPending} fullWidth>
                {t("login.submit")}
              </Button>
            )}
          </DisabledUntilHydrated>
          <Typography variant="body2" sx={{ textAlign: "center" }}>
            {t("login.noAccount")} <TextLink to={registerLink}>{t("login.register")}</TextLink>
          </Typography>
        </Stack>
      </Box>
    </AuthCard>
  );
}
