import { useId } from "react";
import Box from "@mui/material/Box";
import Drawer from "@mui/material/Drawer";
import IconButton from "@mui/material/IconButton";
import List from "@mui/material/List";
import ListItem from "@mui/material/ListItem";
import ListItemIcon from "@mui/material/ListItemIcon";
import ListItemText from "@mui/material/ListItemText";
import Typography from "@mui/material/Typography";
import Close from "@mui/icons-material/Close";
import CheckCircle from "@mui/icons-material/CheckCircle";
import RadioButtonUnchecked from "@mui/icons-material/RadioButtonUnchecked";
import { useTranslation } from "react-i18next";
import { LAYOUT, ONBOARDING_WINDOW_DAYS, type OnboardingEntry } from "@learnward/contracts";

interface OnboardingDrawerProps {
  open: boolean;
  onClose: () => void;
  entries: OnboardingEntry[];
  failed: boolean;
  accountCreatedAt: string;
}

const DAY_MS = 24 * 60 * 60 * 1000;

/** Days left in the account's first week (spec §9: onboarding window 7 days). */
export function firstWeekDaysLeft(createdAt: string, now: Date = new Date()): number {
  const end = Date.parse(createdAt) + ONBOARDING_WINDOW_DAYS * DAY_MS;
  return Math.max(0, Math.ceil((end - now.getTime()) / DAY_MS));
}

/** spec §2: right-hand onboarding panel, max width 480. Lists the steps the server has recorded. */
export function OnboardingDrawer({ open, onClose, entries, failed, accountCreatedAt }: OnboardingDrawerProps) {
  const { t } = useTranslation("onboarding");
  const titleId = useId();
  const daysLeft = firstWeekDaysLeft(accountCreatedAt);
  return (
    <Drawer
      anchor="right"
      open={open}
      onClose={onClose}
      slotProps={{ paper: { "aria-labelledby": titleId, sx: { width: "100%", maxWidth: LAYOUT.onboardingDrawerMaxWidth } } }}
    >
      <Box sx={{ display: "flex", alignItems: "center", gap: 1, px: 3, py: 2, borderBottom: 1, borderColor: "divider" }}>
        <Typography id={titleId} variant="h2" sx={{ flex: 1 }}>
          {t("title")}
        </Typography>
        <IconButton aria-label={t("close")} onClick={onClose}>
          <Close />
        </IconButton>
      </Box>
      <Box sx={{ px: 3, py: 2 }}>
        <Typography color="text.secondary" sx={{ mb: 2 }}>
          {daysLeft > 0 ? t("daysLeft", { count: daysLeft }) : t("windowOver")}
        </Typography>
        <Typography variant="h3" sx={{ mb: 1 }}>
          {t("completedHeading")}
        </Typography>
        {failed ? (
          <Typography color="text.secondary">{t("loadFailed")}</Typography>
        ) : entries.length === 0 ? (
          <Typography color="text.secondary">{t("empty")}</Typography>
        ) : (
          <List dense>
            {entries.map((entry) => (
              <ListItem key={entry.id} disableGutters>
                <ListItemIcon sx={{ minWidth: 36 }}>
                  {entry.ready ? (
                    <CheckCircle color="success" titleAccess={t("done")} />
                  ) : (
                    <RadioButtonUnchecked color="disabled" titleAccess={t("notDone")} />
                  )}
                </ListItemIcon>
                <ListItemText primary={entry.title} secondary={entry.type} />
              </ListItem>
            ))}
          </List>
        )}
      </Box>
    </Drawer>
  );
}
