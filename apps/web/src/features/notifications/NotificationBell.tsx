import { Suspense, useId, useState } from "react";
import Badge from "@mui/material/Badge";
import Box from "@mui/material/Box";
import CircularProgress from "@mui/material/CircularProgress";
import IconButton from "@mui/material/IconButton";
import Popover from "@mui/material/Popover";
import Tooltip from "@mui/material/Tooltip";
import NotificationsOutlined from "@mui/icons-material/NotificationsOutlined";
import { useTranslation } from "react-i18next";
import { useNotifications } from "./hooks";
import { NotificationList } from "./NotificationList";

/** The bell in the top bar: the unread count as a badge, the list in a popover. */
export function NotificationBell() {
  const { t } = useTranslation();
  // The list's words load with the bell, not when it opens: the popover is placed for its full width.
  useTranslation("notifications");
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const listId = useId();
  const unread = useNotifications().data?.pages[0]?.unread ?? 0;
  // The name holds the badge's own words ("99+"), so what is seen is what is said (WCAG 2.5.3).
  const shown = unread > 99 ? "99+" : String(unread);
  const label = unread > 0 ? t("topBar.notificationsUnread", { count: shown }) : t("topBar.notifications");
  return (
    <>
      <Tooltip title={t("topBar.notifications")}>
        <IconButton
          aria-label={label}
          aria-haspopup="dialog"
          aria-expanded={anchor !== null}
          aria-controls={anchor ? listId : undefined}
          onClick={(e) => setAnchor(e.currentTarget)}
        >
          {/* No badge text at all while nothing is unread: a hidden "0" would still be read as the button's text. */}
          <Badge badgeContent={unread > 0 ? shown : undefined} invisible={unread === 0} color="secondary" overlap="circular">
            <NotificationsOutlined />
          </Badge>
        </IconButton>
      </Tooltip>
      <Popover
        id={listId}
        open={anchor !== null}
        anchorEl={anchor}
        onClose={() => setAnchor(null)}
        anchorOrigin={{ vertical: "bottom", horizontal: "right" }}
        transformOrigin={{ vertical: "top", horizontal: "right" }}
        slotProps={{ paper: { role: "dialog", "aria-label": t("topBar.notifications") } as object }}
        marginThreshold={8}
      >
        <Suspense
          fallback={
            <Box sx={{ p: 2 }}>
              <CircularProgress size={24} />
            </Box>
          }
        >
          <NotificationList onNavigate={() => setAnchor(null)} />
        </Suspense>
      </Popover>
    </>
  );
}
