import { infiniteQueryOptions } from "@tanstack/react-query";
import { fetchNotifications } from "./api";

export const notificationsKey = ["notifications"] as const;

/** The bell's list, a page at a time ("Show more"); the first page carries the unread count. */
export const notificationsOptions = () =>
  infiniteQueryOptions({
    queryKey: notificationsKey,
    queryFn: ({ pageParam, signal }) => fetchNotifications(pageParam, signal),
    initialPageParam: 1,
    getNextPageParam: (last, _all, page) => (last.next ? page + 1 : undefined),
  });
