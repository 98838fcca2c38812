import { useInfiniteQuery, useMutation, useQueryClient } from "@tanstack/react-query";
import { markAllNotificationsRead, markNotificationRead } from "./api";
import { notificationsKey, notificationsOptions } from "./queries";

/** Refreshed every minute and whenever the window regains focus, so the count stays current. */
export const BELL_REFRESH_MS = 60_000;

export function useNotifications() {
  return useInfiniteQuery({ ...notificationsOptions(), refetchInterval: BELL_REFRESH_MS, refetchOnWindowFocus: "always" });
}

export function useMarkNotificationRead() {
  const client = useQueryClient();
  return useMutation({ mutationFn: markNotificationRead, onSettled: () => client.invalidateQueries({ queryKey: notificationsKey }) });
}

export function useMarkAllNotificationsRead() {
  const client = useQueryClient();
  return useMutation({ mutationFn: markAllNotificationsRead, onSettled: () => client.invalidateQueries({ queryKey: notificationsKey }) });
}
