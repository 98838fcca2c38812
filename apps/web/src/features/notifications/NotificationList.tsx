import { useRef } from "react";
import { Link as RouterLink } from "react-router";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import CircularProgress from "@mui/material/CircularProgress";
import List from "@mui/material/List";
import ListItemButton from "@mui/material/ListItemButton";
import ListItemText from "@mui/material/ListItemText";
import Typography from "@mui/material/Typography";
import { useTranslation } from "react-i18next";
import type { Notification } from "@learnward/contracts";
import { useMarkAllNotificationsRead, useMarkNotificationRead, useNotifications } from "./hooks";

/** One notification as a sentence in the person's language: the same sentences as the server's mail. */
export function useNotificationText() {
  const { t, i18n } = useTranslation("notifications");
  return (n: Notification) => {
    const params = { ...n.params } as Record<string, unknown>;
    if (typeof params.status === "string") params.status = t(`status.${params.status}` as "status.approved", { defaultValue: params.status });
    return {
      // Kinds are snake_case, which i18next's key types read as context suffixes: the key is checked by the locale test instead.
      text: String(t(`kinds.${n.kind}` as never, params as never)),
      when: new Date(n.created_at).toLocaleString(i18n.language, { dateStyle: "medium", timeStyle: "short" }),
    };
  };
}

/** The bell's list: newest first, "Show more" pages on, each entry leads to its object and marks it read. */
export function NotificationList({ onNavigate }: { onNavigate: () => void }) {
  const { t } = useTranslation("notifications");
  const list = useNotifications();
  const markRead = useMarkNotificationRead();
  const markAll = useMarkAllNotificationsRead();
  const describe = useNotificationText();
  const items = list.data?.pages.flatMap((p) => p.results) ?? [];
  const unread = list.data?.pages[0]?.unread ?? 0;
  const heading = useRef<HTMLHeadingElement>(null);

  return (
    <Box sx={{ width: "min(380px, calc(100vw - 16px))", maxHeight: "min(520px, calc(100vh - 96px))", display: "flex", flexDirection: "column" }}>
      <Box sx={{ display: "flex", alignItems: "center", gap: 1, px: 2, py: 1, borderBottom: 1, borderColor: "divider" }}>
        <Typography ref={heading} tabIndex={-1} component="h2" variant="subtitle1" sx={{ fontWeight: 700, flex: 1, outline: "none" }}>
          {t("title")}
        </Typography>
        <Button
          size="small"
          onClick={() => {
            // The button disables itself, and a browser takes focus from a disabled control: focus
            // moves to the heading first, so the keyboard stays in the list (Escape still closes it).
            heading.current?.focus();
            markAll.mutate();
          }}
          disabled={unread === 0 || markAll.isPending}
        >
          {t("markAll")}
        </Button>
      </Box>
      <Box sx={{ overflowY: "auto" }}>
        {list.isPending ? (
          <Box sx={{ display: "flex", justifyContent: "center", p: 2 }}>
            <CircularProgress size={24} aria-label={t("title")} />
          </Box>
        ) : list.isError ? (
          <Typography role="alert" sx={{ p: 2 }}>
            {t("loadError")}
          </Typography>
        ) : items.length === 0 ? (
          <Typography sx={{ p: 2, color: "text.secondary" }}>{t("empty")}</Typography>
        ) : (
          <List dense disablePadding aria-label={t("title")}>
            {items.map((n) => {
              const { text, when } = describe(n);
              return (
                <li key={n.id}>
                  <ListItemButton
                    component={RouterLink}
                    to={n.link}
                    onClick={() => {
                      if (!n.read) markRead.mutate(n.id);
                      onNavigate();
                    }}
                    sx={{ alignItems: "flex-start", bgcolor: n.read ? undefined : "action.hover" }}
                  >
                    <ListItemText
                      primary={text}
                      secondary={n.read ? when : `${t("unread")} · ${when}`}
                      slotProps={{ primary: { sx: { fontWeight: n.read ? 400 : 600 } } }}
                    />
                  </ListItemButton>
                </li>
              );
            })}
          </List>
        )}
        {list.hasNextPage && (
          <Box sx={{ display: "flex", justifyContent: "center", p: 1 }}>
            <Button size="small" onClick={() => list.fetchNextPage()} disabled={list.isFetchingNextPage}>
              {t("showMore")}
            </Button>
          </Box>
        )}
      </Box>
    </Box>
  );
}
