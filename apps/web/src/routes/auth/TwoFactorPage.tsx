import { useId, useState } from "react";
import { Link as RouterLink, Navigate, useSearchParams } from "react-router";
import { useForm } from "react-hook-form";
import { zodResolver } from "@hookform/resolvers/zod";
import Alert from "@mui/material/Alert";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import Checkbox from "@mui/material/Checkbox";
import FormControlLabel from "@mui/material/FormControlLabel";
import Stack from "@mui/material/Stack";
import TextField from "@mui/material/TextField";
import Typography from "@mui/material/Typography";
import { useTranslation } from "react-i18next";
import { homePathFor, safeNextPath, useSession } from "../../features/identity/hooks";
import { BackupCodeForm, TotpCodeForm } from "../../features/identity/forms";
import { useVerifySignIn, type SecondFactor } from "../../features/identity/twoFactor";
import { twoFactorChallengePending } from "../../features/identity/twoFactorChallenge";
import { useSecurityMessage } from "../../features/identity/useSecurityMessage";
import { fieldProps } from "../../components/formField";
import { TextLink } from "../../components/TextLink";
import { isApiError } from "../../lib/api";
import { AuthCard } from "./AuthCard";

type Verify = ReturnType<typeof useVerifySignIn>;

/** The code field and "trust this device", for the app's code or a backup code. */
function CodeForm({ method, verify, onSwitch, loginPath }: { method: SecondFactor; verify: Verify; onSwitch: () => void; loginPath: string }) {
  const { t } = useTranslation("security");
  const message = useSecurityMessage();
  const trustHelpId = useId();
  const form = useForm({
    resolver: zodResolver(method === "totp" ? TotpCodeForm : BackupCodeForm),
    defaultValues: { code: "", trustDevice: false },
  });
  const submit = form.handleSubmit((values) =>
    verify.mutate(
      { method, ...values },
      {
        onError: (error) => {
          if (isApiError(error, "invalid_code")) {
            form.setError("code", { message: method === "totp" ? "invalid_code" : "invalidBackupCode" }, { shouldFocus: true });
          }
        },
      },
    ),
  );
  // Wrong codes show on the field; what else went wrong (too many tries, the network) above the form.
  const otherError = verify.isError && !isApiError(verify.error, "invalid_code");
  const code = fieldProps(form, "code", message);
  const totp = method === "totp";

  return (
    <Box component="form" noValidate onSubmit={submit}>
      <Stack spacing={2.5}>
        {otherError && (
          <Alert severity="error" role="alert">
            {message(verify.error)}
          </Alert>
        )}
        <TextField
          {...code}
          label={totp ? t("signIn.code") : t("signIn.backupCode")}
          autoComplete={totp ? "one-time-code" : "off"}
          required
          fullWidth
          autoFocus
          slotProps={{ htmlInput: totp ? { inputMode: "numeric", maxLength: 12, spellCheck: false } : { autoCapitalize: "off", spellCheck: false } }}
        />
        <Box>
          <FormControlLabel
            control={
              <Checkbox
                checked={form.watch("trustDevice")}
                onChange={(event) => form.setValue("trustDevice", event.target.checked)}
                slotProps={{ input: { "aria-describedby": trustHelpId } }}
              />
            }
            label={t("signIn.trustDevice")}
          />
          <Typography id={trustHelpId} variant="body2" color="text.secondary" sx={{ ml: 4 }}>
            {t("signIn.trustDeviceHelp")}
          </Typography>
        </Box>
        <Button type="submit" variant="contained" size="large" loading={verify.isPending} fullWidth>
          {t("signIn.submit")}
        </Button>
        <Box sx={{ display: "flex", flexWrap: "wrap", justifyContent: "space-between", alignItems: "center", gap: 1 }}>
          <Button variant="text" onClick={onSwitch} sx={{ px: 0.5 }}>
            {totp ? t("signIn.useBackup") : t("signIn.useApp")}
          </Button>
          <TextLink to={loginPath} sx={{ typography: "body2" }}>
            {t("signIn.back")}
          </TextLink>
        </Box>
      </Stack>
    </Box>
  );
}

/**
 * /login/two-factor: after the password, someone with an authenticator gives its code
 * (or a backup code) and goes where they were going, as from the sign-in page.
 */
export default function TwoFactorPage() {
  const { t } = useTranslation("security");
  const session = useSession();
  const [params] = useSearchParams();
  const next = safeNextPath(params.get("next"));
  // Read once: the page keeps its form while the challenge it answers is being used.
  const [pending] = useState(() => twoFactorChallengePending());
  const [method, setMethod] = useState<SecondFactor>("totp");
  const verify = useVerifySignIn();

  if (session.data?.status === "signedIn") {
    return <Navigate to={next ?? homePathFor(session.data.me.abilities)} replace />;
  }
  const loginPath = next ? `/login?next=${encodeURIComponent(next)}` : "/login";

  if (!pending || isApiError(verify.error, "two_factor_expired")) {
    return (
      <AuthCard title={t("signIn.expiredTitle")}>
        <Stack spacing={2.5}>
          <Alert severity="warning" role="alert">
            {t("signIn.expired")}
          </Alert>
          <Button component={RouterLink} to={loginPath} variant="contained" size="large" fullWidth>
            {t("signIn.signInAgain")}
          </Button>
        </Stack>
      </AuthCard>
    );
  }

  const switchMethod = () => {
    verify.reset();
    setMethod(method === "totp" ? "backup" : "totp");
  };
  return (
    <AuthCard title={t("signIn.title")} subtitle={method === "totp" ? t("signIn.subtitle") : t("signIn.backupSubtitle")}>
      {/* Keyed: switching method starts a fresh form with its own rules. */}
      <CodeForm key={method} method={method} verify={verify} onSwitch={switchMethod} loginPath={loginPath} />
    </AuthCard>
  );
}
