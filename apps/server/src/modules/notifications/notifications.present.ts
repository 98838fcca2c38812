import type { Notification } from "@learnward/contracts";
import type { NotificationRow } from "./notifications.repo.ts";

/** A notification as the bell shows it. */
export const present = (r: NotificationRow): Notification => ({
  id: r.id,
  kind: r.kind,
  params: r.params,
  link: r.link,
  read: r.readAt !== null,
  created_at: r.createdAt.toISOString(),
});
