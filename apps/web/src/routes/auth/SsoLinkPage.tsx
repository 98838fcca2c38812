import { Link as RouterLink, useSearchParams } from "react-router";
import Alert from "@mui/material/Alert";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import Stack from "@mui/material/Stack";
import Typography from "@mui/material/Typography";
import { useTranslation } from "react-i18next";
import { useConfirmSsoLink, useDeclineSsoLink, useSsoLink } from "../../features/sso/hooks";
import { useErrorMessage } from "../../i18n/useErrorMessage";
import { isApiError } from "../../lib/api";
import { TextLink } from "../../components/TextLink";
import { AuthCard } from "./AuthCard";
import { Detail } from "./Detail";
import { Loading } from "../../components/Loading";

/**
 * /sso/link (public). Without a token: where a sign-in through the company's identity provider lands
 * when it named an existing account never linked to it (a link was mailed to the account's address).
 * With ?token=… (that mail's link): the owner sees which account, company and provider, and links or
 * declines. Linking opens no session: the person then signs in through the provider as usual.
 */
export default function SsoLinkPage() {
  const { t } = useTranslation("auth");
  const message = useErrorMessage();
  const [params] = useSearchParams();
  const token = params.get("token");
  const info = useSsoLink(token);
  const confirm = useConfirmSsoLink();
  const decline = useDeclineSsoLink();
  const back = <TextLink to="/login">{t("ssoLink.toLogin")}</TextLink>;

  if (token === null) {
    return (
      <AuthCard title={t("ssoLink.sentTitle")}>
        <Stack spacing={2.5}>
          <Alert severity="info" role="status">
            {t("ssoLink.sent")}
          </Alert>
          <Typography variant="body2" color="text.secondary">
            {t("ssoLink.sentWhy")}
          </Typography>
          {back}
        </Stack>
      </AuthCard>
    );
  }

  if (info.isPending) {
    return (
      <AuthCard title={t("ssoLink.title")}>
        <Loading label={t("ssoLink.loading")} />
      </AuthCard>
    );
  }

  const invalid = isApiError(info.error, "invalid_token") || isApiError(confirm.error, "invalid_token");
  if (info.isError || invalid) {
    return (
      <AuthCard title={t("ssoLink.title")}>
        <Stack spacing={2.5}>
          <Alert severity="error" role="alert">
            {invalid ? t("ssoLink.invalid") : message(info.error)}
          </Alert>
          {back}
        </Stack>
      </AuthCard>
    );
  }

  if (confirm.isSuccess || decline.isSuccess) {
    return (
      <AuthCard title={t("ssoLink.title")}>
        <Stack spacing={2.5}>
          <Alert severity={confirm.isSuccess ? "success" : "info"} role="status">
            {confirm.isSuccess ? t("ssoLink.linked") : t("ssoLink.declined")}
          </Alert>
          {confirm.isSuccess ? (
            <Button component={RouterLink} to="/login" variant="contained" size="large" fullWidth>
              {t("ssoLink.signIn")}
            </Button>
          ) : (
            back
          )}
        </Stack>
      </AuthCard>
    );
  }

  const { email, company, protocol, issuer } = info.data;
  const busy = confirm.isPending || decline.isPending;
  return (
    <AuthCard title={t("ssoLink.title")} subtitle={t("ssoLink.subtitle", { company })}>
      <Stack spacing={2.5}>
        {(confirm.isError || decline.isError) && (
          <Alert severity="error" role="alert">
            {message(confirm.error ?? decline.error)}
          </Alert>
        )}
        <Box component="dl" sx={{ display: "grid", gridTemplateColumns: "minmax(0, auto) minmax(0, 1fr)", columnGap: 2, rowGap: 1, m: 0 }}>
          <Detail label={t("ssoLink.account")} value={email} />
          <Detail label={t("ssoLink.company")} value={company} />
          <Detail label={t("ssoLink.provider")} value={`${protocol === "oidc" ? "OpenID Connect" : "SAML 2.0"} · ${issuer}`} />
        </Box>
        <Alert severity="warning">{t("ssoLink.warning")}</Alert>
        <Button variant="contained" size="large" fullWidth loading={confirm.isPending} disabled={busy} onClick={() => confirm.mutate(token)}>
          {t("ssoLink.confirm")}
        </Button>
        <Button variant="outlined" size="large" fullWidth loading={decline.isPending} disabled={busy} onClick={() => decline.mutate(token)}>
          {t("ssoLink.decline")}
        </Button>
      </Stack>
    </AuthCard>
  );
}
