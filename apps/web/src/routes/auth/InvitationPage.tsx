import { useNavigate, useParams } from "react-router";
import { useForm } from "react-hook-form";
import { zodResolver } from "@hookform/resolvers/zod";
import Alert from "@mui/material/Alert";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import Stack from "@mui/material/Stack";
import { useTranslation } from "react-i18next";
import { useOptionalMe } from "../../app/session";
import { useSignIn } from "../../features/identity/hooks";
import type { Invitation } from "../../features/people/api";
import { AcceptInvitationForm } from "../../features/people/forms";
import { useAcceptInvitation, useInvitation } from "../../features/people/hooks";
import { useErrorMessage } from "../../i18n/useErrorMessage";
import { isApiError } from "../../lib/api";
import { fieldProps } from "../../components/formField";
import { FormTextField } from "../../components/FormTextField";
import { PasswordField } from "../../components/PasswordField";
import { TextLink } from "../../components/TextLink";
import { AuthCard } from "./AuthCard";
import { Detail } from "./Detail";
import { Loading } from "../../components/Loading";

/** What to do about an expired invitation: whom to ask for a new link (who sent it, when known). */
function useExpiredText() {
  const { t } = useTranslation("people");
  return (invitation: Invitation) =>
    invitation.invited_by
      ? t("invitation.closed.expired.descriptionFrom", { company: invitation.company.name, inviter: invitation.invited_by })
      : t("invitation.closed.expired.description", { company: invitation.company.name });
}

function AcceptForm({ token, invitation }: { token: string; invitation: Invitation }) {
  const { t } = useTranslation(["people", "auth", "common"]);
  const message = useErrorMessage();
  const navigate = useNavigate();
  const me = useOptionalMe();
  const accept = useAcceptInvitation(token);
  const signIn = useSignIn();
  const form = useForm({ resolver: zodResolver(AcceptInvitationForm), defaultValues: { name: "", password: "" } });

  const submit = form.handleSubmit(({ name, password }) =>
    accept.mutate(
      { name, password },
      {
        // The account exists now: sign in with it, as the person would on /login.
        onSuccess: () => signIn.mutate({ email: invitation.email, password }, { onSuccess: () => void navigate("/home", { replace: true }) }),
      },
    ),
  );

  const expiredText = useExpiredText();
  const used = isApiError(accept.error, "invalid_token");
  // The link expired while the page was open: say whom to ask for a new one.
  const expired = isApiError(accept.error, "invitation_expired");
  return (
    <Box component="form" noValidate onSubmit={submit}>
      <Stack spacing={2.5}>
        {me && <Alert severity="info">{t("invitation.signedInAs", { email: me.user.email })}</Alert>}
        {accept.isError && (
          <Alert severity="error" role="alert">
            {expired ? expiredText(invitation) : used ? t("invitation.usedNow") : message(accept.error)}
          </Alert>
        )}
        {signIn.isError && (
          <Alert severity="warning" role="alert">
            {t("invitation.signInFailed")} <TextLink to="/login">{t("invitation.goToLogin")}</TextLink>
          </Alert>
        )}
        {/* Lets password managers file the new password under the invited email. */}
        <input type="text" name="username" autoComplete="username" value={invitation.email} readOnly hidden />
        <FormTextField {...fieldProps(form, "name", message)} label={t("auth:fields.name")} autoComplete="name" required fullWidth autoFocus />
        <PasswordField {...fieldProps(form, "password", message)} label={t("auth:fields.password")} autoComplete="new-password" required fullWidth />
        <Button
          type="submit"
          variant="contained"
          size="large"
          fullWidth
          loading={accept.isPending || signIn.isPending}
          disabled={accept.isSuccess && !signIn.isError}
        >
          {t("invitation.submit")}
        </Button>
      </Stack>
    </Box>
  );
}

/** /invitation/{token} (public): the link of an invitation mail; accepting creates the account and signs in. */
export default function InvitationPage() {
  const { t } = useTranslation(["people", "common"]);
  const message = useErrorMessage();
  const roleLabel = (role: Invitation["role"]) => t(`common:roles.${role}`);
  const token = useParams().token ?? "";
  const invitation = useInvitation(token);
  const expiredText = useExpiredText();

  if (invitation.isPending) {
    return (
      <AuthCard title={t("invitation.title")}>
        <Loading label={t("invitation.loading")} />
      </AuthCard>
    );
  }

  if (invitation.isError) {
    // An unknown or malformed token: the server answers 404 or a validation error.
    const invalid = isApiError(invitation.error, "not_found") || isApiError(invitation.error, "validation_error");
    return (
      <AuthCard title={t("invitation.invalidTitle")}>
        <Stack spacing={2}>
          <Alert severity="error" role="alert">
            {invalid ? t("invitation.invalid") : message(invitation.error)}
          </Alert>
          {!invalid && (
            <Button variant="outlined" onClick={() => void invitation.refetch()}>
              {t("common:actions.retry")}
            </Button>
          )}
          <TextLink to="/login">{t("invitation.goToLogin")}</TextLink>
        </Stack>
      </AuthCard>
    );
  }

  const data = invitation.data;
  if (data.status !== "pending") {
    return (
      <AuthCard title={t(`invitation.closed.${data.status}.title`)}>
        <Stack spacing={2}>
          <Alert severity={data.status === "accepted" ? "info" : "warning"} role="alert">
            {data.status === "expired"
              ? expiredText(data)
              : t(`invitation.closed.${data.status}.description`, { company: data.company.name, email: data.email })}
          </Alert>
          <TextLink to="/login">{t("invitation.goToLogin")}</TextLink>
        </Stack>
      </AuthCard>
    );
  }

  return (
    <AuthCard title={t("invitation.title")} subtitle={t("invitation.subtitle", { company: data.company.name })}>
      <Box
        component="dl"
        sx={{ display: "grid", gridTemplateColumns: "auto 1fr", columnGap: 2, rowGap: 1, m: 0, mb: 3, p: 2, bgcolor: "action.hover", borderRadius: 1 }}
      >
        <Detail label={t("invitation.company")} value={`${data.company.name} (${data.company.domain})`} />
        <Detail label={t("invitation.team")} value={data.team?.name ?? t("invitation.noTeam")} />
        <Detail label={t("invitation.role")} value={roleLabel(data.role)} />
        <Detail label={t("invitation.email")} value={data.email} />
      </Box>
      <AcceptForm token={token} invitation={data} />
    </AuthCard>
  );
}
