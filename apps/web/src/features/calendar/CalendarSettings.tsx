import { useState } from "react";
import Alert from "@mui/material/Alert";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import CircularProgress from "@mui/material/CircularProgress";
import Paper from "@mui/material/Paper";
import Stack from "@mui/material/Stack";
import TextField from "@mui/material/TextField";
import Typography from "@mui/material/Typography";
import ContentCopyOutlined from "@mui/icons-material/ContentCopyOutlined";
import { useTranslation } from "react-i18next";
import { ConfirmDialog } from "../../components/ConfirmDialog";
import { useErrorMessage } from "../../i18n/useErrorMessage";
import { toast } from "../../lib/toast";
import { useCalendarFeed, useRotateCalendarFeed } from "./hooks";

export const CALENDAR_HEADING_ID = "calendar-heading";

/** Settings → Calendar: my private feed of plan deadlines, how to subscribe, and a new link. */
export function CalendarSettings() {
  const { t } = useTranslation("settings");
  const errorMessage = useErrorMessage();
  const feed = useCalendarFeed();
  const rotate = useRotateCalendarFeed();
  const [confirming, setConfirming] = useState(false);
  const url = feed.data?.url ?? "";

  const copy = () =>
    navigator.clipboard.writeText(url).then(
      () => toast(t("calendar.copied"), "success"),
      () => toast(t("calendar.copyFailed"), "error"),
    );
  const renew = () =>
    rotate.mutate(undefined, {
      onSuccess: () => {
        setConfirming(false);
        toast(t("calendar.renewed"), "success");
      },
    });
  const closeConfirm = () => {
    setConfirming(false);
    rotate.reset();
  };

  return (
    <Paper variant="outlined" component="section" aria-labelledby={CALENDAR_HEADING_ID} sx={{ p: { xs: 2, sm: 3 } }}>
      <Typography id={CALENDAR_HEADING_ID} variant="h2" sx={{ mb: 2 }}>
        {t("calendar.heading")}
      </Typography>
      <Stack spacing={2}>
        <Typography color="text.secondary">{t("calendar.intro")}</Typography>
        {feed.isError ? (
          <Alert severity="error" role="alert">
            {errorMessage(feed.error)}
          </Alert>
        ) : feed.isPending ? (
          <CircularProgress size={28} aria-label={t("calendar.loading")} />
        ) : (
          <Box sx={{ display: "flex", flexWrap: "wrap", gap: 1, alignItems: "center" }}>
            <TextField
              label={t("calendar.url")}
              value={url}
              sx={{ flex: "1 1 16rem", minWidth: 0 }}
              slotProps={{ htmlInput: { readOnly: true, spellCheck: false, onFocus: (e: React.FocusEvent<HTMLInputElement>) => e.target.select() } }}
            />
            <Button variant="contained" startIcon={<ContentCopyOutlined />} onClick={() => void copy()}>
              {t("calendar.copy")}
            </Button>
          </Box>
        )}
        <Alert severity="info">{t("calendar.private")}</Alert>
        <Box>
          <Typography variant="h3" sx={{ mb: 0.5 }}>
            {t("calendar.googleHeading")}
          </Typography>
          <Typography>{t("calendar.googleSteps")}</Typography>
        </Box>
        <Box>
          <Typography variant="h3" sx={{ mb: 0.5 }}>
            {t("calendar.outlookHeading")}
          </Typography>
          <Typography>{t("calendar.outlookSteps")}</Typography>
        </Box>
        <Typography variant="body2" color="text.secondary">
          {t("calendar.refresh")}
        </Typography>
        <Box>
          <Button variant="outlined" color="error" disabled={!feed.data} onClick={() => setConfirming(true)}>
            {t("calendar.renew")}
          </Button>
        </Box>
      </Stack>
      <ConfirmDialog
        open={confirming}
        title={t("calendar.renewTitle")}
        text={t("calendar.renewText")}
        confirm={t("calendar.renewConfirm")}
        cancel={t("calendar.cancel")}
        error={rotate.isError ? errorMessage(rotate.error) : null}
        pending={rotate.isPending}
        onConfirm={renew}
        onClose={closeConfirm}
      />
    </Paper>
  );
}
