import { useEffect, useState, type FormEvent } from "react";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import Alert from "@mui/material/Alert";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import CircularProgress from "@mui/material/CircularProgress";
import Paper from "@mui/material/Paper";
import Stack from "@mui/material/Stack";
import TextField from "@mui/material/TextField";
import Typography from "@mui/material/Typography";
import { useTranslation } from "react-i18next";
import { MAIL_FREQUENCIES, NOTIFICATION_KINDS, type MailFrequency, type NotificationKind, type NotificationSettings as Settings } from "@learnward/contracts";
import { useErrorMessage } from "../../i18n/useErrorMessage";
import { request } from "../../lib/api";
import { checkedBy } from "../../lib/contracts";
import { toast } from "../../lib/toast";
import { storeAnswer } from "../../lib/storeAnswer";

export const NOTIFICATION_SETTINGS_HEADING_ID = "notification-settings-heading";

const checkSettings = checkedBy((s) => s.NotificationSettings);
const settingsKey = ["notification-settings"] as const;
const fetchSettings = (signal?: AbortSignal) => request("/api/me/notification-settings", { parse: checkSettings, signal });
const saveSettings = (body: Partial<Settings>) => request("/api/me/notification-settings", { method: "PUT", body, parse: checkSettings });

/**
 * Settings → Notifications: how each kind of notification reaches me by email: at once, in
 * a daily or weekly digest, or not at all. Only the kinds changed are sent.
 */
export function NotificationSettings() {
  const { t } = useTranslation("settings");
  const message = useErrorMessage();
  const queryClient = useQueryClient();
  const settings = useQuery({ queryKey: settingsKey, queryFn: ({ signal }) => fetchSettings(signal) });
  const save = useMutation({
    mutationFn: saveSettings,
    onSuccess: async (saved) => {
      await storeAnswer(queryClient, settingsKey, saved);
      toast(t("notifications.saved"), "success");
    },
  });
  const [draft, setDraft] = useState<Settings | undefined>(settings.data);
  useEffect(() => setDraft(settings.data), [settings.data]);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!draft || !settings.data) return;
    const changed = Object.fromEntries(NOTIFICATION_KINDS.filter((k) => draft[k] !== settings.data[k]).map((k) => [k, draft[k]]));
    save.mutate(changed);
  };

  return (
    <Paper variant="outlined" component="section" aria-labelledby={NOTIFICATION_SETTINGS_HEADING_ID} sx={{ p: { xs: 2, sm: 3 } }}>
      <Typography id={NOTIFICATION_SETTINGS_HEADING_ID} variant="h2" sx={{ mb: 1 }}>
        {t("notifications.heading")}
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 3 }}>
        {t("notifications.description")}
      </Typography>
      {settings.isPending && <CircularProgress aria-label={t("notifications.loading")} size={28} />}
      {settings.isError && (
        <Alert severity="error" role="alert" action={<Button onClick={() => void settings.refetch()}>{t("notifications.retry")}</Button>}>
          {message(settings.error)}
        </Alert>
      )}
      {draft && (
        <Box component="form" noValidate onSubmit={submit}>
          <Stack spacing={2.5}>
            {save.isError && (
              <Alert severity="error" role="alert">
                {message(save.error)}
              </Alert>
            )}
            {NOTIFICATION_KINDS.map((kind: NotificationKind) => (
              <TextField
                key={kind}
                select
                fullWidth
                id={`mail-${kind}`}
                label={t(`notifications.kinds.${kind}`)}
                value={draft[kind]}
                onChange={(e) => setDraft({ ...draft, [kind]: e.target.value as MailFrequency })}
                slotProps={{ select: { native: true } }}
              >
                {MAIL_FREQUENCIES.map((f) => (
                  <option key={f} value={f}>
                    {t(`notifications.frequencies.${f}`)}
                  </option>
                ))}
              </TextField>
            ))}
            <Box>
              <Button type="submit" variant="contained" loading={save.isPending}>
                {t("notifications.save")}
              </Button>
            </Box>
          </Stack>
        </Box>
      )}
    </Paper>
  );
}
