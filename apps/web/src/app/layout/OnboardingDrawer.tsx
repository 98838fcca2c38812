import { useId } from "react";
import { useNavigate } from "react-router";
import Box from "@mui/material/Box";
import Drawer from "@mui/material/Drawer";
import IconButton from "@mui/material/IconButton";
import LinearProgress from "@mui/material/LinearProgress";
import List from "@mui/material/List";
import ListItemButton from "@mui/material/ListItemButton";
import ListItemIcon from "@mui/material/ListItemIcon";
import ListItemText from "@mui/material/ListItemText";
import Typography from "@mui/material/Typography";
import Close from "@mui/icons-material/Close";
import CheckCircle from "@mui/icons-material/CheckCircle";
import RadioButtonUnchecked from "@mui/icons-material/RadioButtonUnchecked";
import { useTranslation } from "react-i18next";
import { LAYOUT, type OnboardingEntry, type Role } from "@learnward/contracts";
import { firstWeekDaysLeft } from "../../features/onboarding/firstVisit";
import { onboardingProgress, redoAfterChoosing, type SubtaskState } from "../../features/onboarding/progress";
import { useRedo } from "../../features/onboarding/redo";

interface OnboardingDrawerProps {
  open: boolean;
  onClose: () => void;
  entries: OnboardingEntry[];
  failed: boolean;
  accountCreatedAt: string;
  role: Role;
  teamId: number | null;
}

// The router reads it too, to ask for the steps with the page (features/onboarding/queries.ts).
export { firstWeekDaysLeft };

/** spec §2, §4: the right-hand onboarding panel (max width 480) with the role's topics and progress. */
export function OnboardingDrawer({ open, onClose, entries, failed, accountCreatedAt, role, teamId }: OnboardingDrawerProps) {
  const { t } = useTranslation("onboarding");
  // Topic and subtask keys come from the contracts' data, so they are typed as plain strings.
  const td = t as unknown as (key: string, options?: Record<string, unknown>) => string;
  const titleId = useId();
  const navigate = useNavigate();
  const { setRedo } = useRedo();
  const daysLeft = firstWeekDaysLeft(accountCreatedAt);
  const { topics, complete } = onboardingProgress(role, teamId, entries);

  const choose = (s: SubtaskState) => {
    setRedo(redoAfterChoosing(s));
    onClose();
    void navigate(s.href);
  };

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
      <Box sx={{ px: 3, py: 2, overflowY: "auto" }}>
        <Typography color="text.secondary" sx={{ mb: 2 }}>
          {complete ? t("allDone") : daysLeft > 0 ? t("daysLeft", { count: daysLeft }) : t("windowOver")}
        </Typography>
        {failed && (
          <Typography color="text.secondary" sx={{ mb: 2 }}>
            {t("loadFailed")}
          </Typography>
        )}
        {topics.map((topic) => (
          <Box key={topic.type} component="section" aria-labelledby={`${titleId}-${topic.type}`} sx={{ mb: 3 }}>
            <Box sx={{ display: "flex", alignItems: "baseline", gap: 1 }}>
              <Typography id={`${titleId}-${topic.type}`} variant="h3" sx={{ flex: 1 }}>
                {td(`topics.${topic.type}.title`)}
              </Typography>
              <Typography variant="body2" color={topic.completed ? "success.main" : "text.secondary"}>
                {t("progress", { done: topic.currentStep, total: topic.subtasks.length })}
              </Typography>
            </Box>
            <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
              {td(`topics.${topic.type}.description`)}
            </Typography>
            <LinearProgress
              variant="determinate"
              value={(topic.currentStep / topic.subtasks.length) * 100}
              aria-label={t("progressLabel", { topic: td(`topics.${topic.type}.title`) })}
              sx={{ mb: 1 }}
            />
            <List dense disablePadding>
              {topic.subtasks.map((s) => (
                <ListItemButton key={s.key} onClick={() => choose(s)} sx={{ borderRadius: 1 }}>
                  <ListItemIcon sx={{ minWidth: 36 }}>
                    {s.ready ? <CheckCircle color="success" titleAccess={t("done")} /> : <RadioButtonUnchecked color="disabled" titleAccess={t("notDone")} />}
                  </ListItemIcon>
                  <ListItemText primary={td(`subtasks.${s.key}.title`)} secondary={s.ready ? t("redo") : t("start")} />
                </ListItemButton>
              ))}
            </List>
          </Box>
        ))}
      </Box>
    </Drawer>
  );
}
