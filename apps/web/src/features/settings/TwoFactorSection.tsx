import { useId, useState } from "react";
import { useQueryClient } from "@tanstack/react-query";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import Chip from "@mui/material/Chip";
import Dialog from "@mui/material/Dialog";
import DialogContent from "@mui/material/DialogContent";
import DialogContentText from "@mui/material/DialogContentText";
import DialogTitle from "@mui/material/DialogTitle";
import Paper from "@mui/material/Paper";
import Stack from "@mui/material/Stack";
import Typography from "@mui/material/Typography";
import { useTranslation } from "react-i18next";
import type { Me } from "@learnward/contracts";
import { sessionKey } from "../identity/hooks";
import { BackupCodes } from "../identity/BackupCodes";
import { PasswordConfirm } from "../identity/PasswordConfirm";
import { TwoFactorSetup } from "../identity/TwoFactorSetup";
import { useDisableTwoFactor, useRegenerateBackupCodes } from "../identity/twoFactor";
import { toast } from "../../lib/toast";

export const TWO_FACTOR_HEADING_ID = "two-factor-heading";

function TurnOffDialog({ email, onClose }: { email: string; onClose: () => void }) {
  const { t } = useTranslation("security");
  const titleId = useId();
  const disable = useDisableTwoFactor();
  const done = () => {
    toast(t("settings.turnedOff"), "success");
    onClose();
  };
  return (
    <Dialog open onClose={onClose} aria-labelledby={titleId} aria-describedby={`${titleId}-text`} fullWidth maxWidth="xs">
      <DialogTitle id={titleId}>{t("settings.turnOffTitle")}</DialogTitle>
      <DialogContent>
        <Stack spacing={2}>
          <DialogContentText id={`${titleId}-text`}>{t("settings.turnOffText")}</DialogContentText>
          <PasswordConfirm email={email} submitLabel={t("settings.turnOffSubmit")} mutation={disable} onSuccess={done} onCancel={onClose} />
        </Stack>
      </DialogContent>
    </Dialog>
  );
}

function NewBackupCodesDialog({ email, onClose }: { email: string; onClose: () => void }) {
  const { t } = useTranslation("security");
  const titleId = useId();
  const regenerate = useRegenerateBackupCodes();
  const [codes, setCodes] = useState<string[] | null>(null);
  return (
    <Dialog open onClose={onClose} aria-labelledby={titleId} fullWidth maxWidth="sm">
      <DialogTitle id={titleId}>{t("settings.regenerateTitle")}</DialogTitle>
      <DialogContent>
        {codes ? (
          <BackupCodes codes={codes} email={email} onDone={onClose} />
        ) : (
          <Stack spacing={2}>
            <DialogContentText>{t("settings.regenerateText")}</DialogContentText>
            <PasswordConfirm
              email={email}
              submitLabel={t("settings.regenerateSubmit")}
              mutation={regenerate}
              onSuccess={(answer) => setCodes(answer.backupCodes)}
              onCancel={onClose}
            />
          </Stack>
        )}
      </DialogContent>
    </Dialog>
  );
}

/** Settings → Two-factor sign-in: whether it is on; turn it on or off; new backup codes. */
export function TwoFactorSection({ me }: { me: Me }) {
  const { t } = useTranslation("security");
  const queryClient = useQueryClient();
  const { enabled, required } = me.account.two_factor;
  const [dialog, setDialog] = useState<"off" | "codes" | null>(null);
  // Stays open after the session says "on", until its backup codes are saved.
  const [settingUp, setSettingUp] = useState(false);
  const email = me.user.email;
  const refreshSession = () => void queryClient.invalidateQueries({ queryKey: sessionKey });

  return (
    <Paper variant="outlined" component="section" aria-labelledby={TWO_FACTOR_HEADING_ID} sx={{ p: { xs: 2, sm: 3 } }}>
      <Box sx={{ display: "flex", flexWrap: "wrap", alignItems: "center", gap: 1.5, mb: 2 }}>
        <Typography id={TWO_FACTOR_HEADING_ID} variant="h2">
          {t("settings.heading")}
        </Typography>
        <Chip size="small" variant="outlined" color={enabled ? "success" : "default"} label={enabled ? t("settings.on") : t("settings.off")} />
      </Box>
      <Typography color="text.secondary" sx={{ mb: 2 }}>
        {enabled ? t("settings.statusOn") : t("settings.statusOff")}
      </Typography>
      {required && enabled && <Typography sx={{ mb: 2 }}>{t("settings.requiredNote")}</Typography>}

      {settingUp ? (
        <TwoFactorSetup email={email} onConfirmed={refreshSession} onDone={() => setSettingUp(false)} onCancel={() => setSettingUp(false)} />
      ) : enabled ? (
        <Box sx={{ display: "flex", flexWrap: "wrap", gap: 1 }}>
          <Button variant="outlined" onClick={() => setDialog("codes")}>
            {t("settings.regenerate")}
          </Button>
          {!required && (
            <Button variant="outlined" color="error" onClick={() => setDialog("off")}>
              {t("settings.turnOff")}
            </Button>
          )}
        </Box>
      ) : (
        <Button variant="contained" onClick={() => setSettingUp(true)}>
          {t("settings.turnOn")}
        </Button>
      )}
      {dialog === "off" && <TurnOffDialog email={email} onClose={() => setDialog(null)} />}
      {dialog === "codes" && <NewBackupCodesDialog email={email} onClose={() => setDialog(null)} />}
    </Paper>
  );
}
