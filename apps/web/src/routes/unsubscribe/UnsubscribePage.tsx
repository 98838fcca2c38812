import { useParams } from "react-router";
import { useMutation } from "@tanstack/react-query";
import Alert from "@mui/material/Alert";
import Button from "@mui/material/Button";
import Stack from "@mui/material/Stack";
import Typography from "@mui/material/Typography";
import { useTranslation } from "react-i18next";
import { NOTIFICATION_KINDS, type NotificationKind } from "@learnward/contracts";
import { useErrorMessage } from "../../i18n/useErrorMessage";
import { isApiError, request } from "../../lib/api";
import { checkedBy } from "../../lib/contracts";
import { TextLink } from "../../components/TextLink";
import { AuthCard } from "../auth/AuthCard";

const checkUnsubscribe = checkedBy((s) => s.UnsubscribeResponse);
const unsubscribe = (token: string) => request(`/api/unsubscribe/${encodeURIComponent(token)}`, { method: "POST", body: {}, parse: checkUnsubscribe });

/** What a link's token names (`<account>~<scope>~<signature>`), to say what the button turns off; the server decides. */
function scopeOf(token: string): NotificationKind | "daily" | "weekly" | null {
  const scope = token.split("~")[1] ?? "";
  return scope === "daily" || scope === "weekly" || (NOTIFICATION_KINDS as readonly string[]).includes(scope) ? (scope as NotificationKind) : null;
}

/**
 * /unsubscribe/:token: the page an email's "turn them off" link opens, without signing in.
 * One button calls the same one-click endpoint mail clients use.
 */
export default function UnsubscribePage() {
  const { t } = useTranslation("settings");
  const message = useErrorMessage();
  const { token = "" } = useParams();
  const off = useMutation({ mutationFn: () => unsubscribe(token) });
  const scope = scopeOf(token);
  const what =
    scope === "daily" || scope === "weekly"
      ? t(`unsubscribe.digest.${scope}`)
      : scope
        ? t("unsubscribe.kind", { what: t(`notifications.kinds.${scope}`) })
        : t("unsubscribe.unknown");

  return (
    <AuthCard title={t("unsubscribe.title")}>
      <Stack spacing={2.5}>
        {off.isSuccess ? (
          <Alert severity="success" role="status">
            {t("unsubscribe.done")} <TextLink to="/setting">{t("unsubscribe.settings")}</TextLink>
          </Alert>
        ) : (
          <>
            <Typography>{what}</Typography>
            {off.isError && (
              <Alert severity="error" role="alert">
                {isApiError(off.error, "invalid_token") ? t("unsubscribe.invalid") : message(off.error)}
              </Alert>
            )}
            <Button variant="contained" size="large" fullWidth loading={off.isPending} onClick={() => off.mutate()}>
              {t("unsubscribe.confirm")}
            </Button>
          </>
        )}
      </Stack>
    </AuthCard>
  );
}
