import { z } from "zod";
import { Paginated } from "./common.ts";

/**
 * What a person can be told. Each kind is one sentence in the bell, one mail, and one
 * line of the mail settings; its params carry what the sentence names (titles, names, dates).
 */
export const NOTIFICATION_KINDS = [
  /** A plan was assigned to me, or to my team. */
  "plan_assigned",
  /** A plan of mine is due in 7 days / tomorrow, or is overdue. */
  "plan_due_soon",
  "plan_due_tomorrow",
  "plan_overdue",
  /** To a team leader: a member's plan is 3 days overdue. */
  "plan_overdue_in_team",
  /** To whoever decides it; then to the requester when decided. */
  "purchase_request_filed",
  "purchase_request_decided",
  "publish_request_filed",
  "publish_request_decided",
  "invite_request_filed",
  "invite_request_decided",
  "removal_request_filed",
  "removal_request_decided",
  /** A learning path I follow changed (an edit was published). */
  "path_changed",
  /** A learning path required of me is due in 7 days, or tomorrow (`days`). */
  "compliance_due_soon",
  /** My certificate of a path required again every N months expires in 30 or 7 days (`days`). */
  "certificate_expiring",
] as const;
export const NotificationKind = z.enum(NOTIFICATION_KINDS);
export type NotificationKind = z.infer<typeof NotificationKind>;

/** How a kind reaches a person by mail: at once, gathered in a daily or weekly digest, or not at all. */
export const MAIL_FREQUENCIES = ["immediately", "daily", "weekly", "off"] as const;
export const MailFrequency = z.enum(MAIL_FREQUENCIES);
export type MailFrequency = z.infer<typeof MailFrequency>;

export const NotificationParams = z.record(z.string(), z.union([z.string(), z.number(), z.null()]));

export const Notification = z.object({
  id: z.number().int(),
  kind: NotificationKind,
  /** What the sentence names, by the kind's placeholders (title, name, due_on, status…). */
  params: NotificationParams,
  /** Where it leads, as an app path (`/plans/12`). */
  link: z.string(),
  read: z.boolean(),
  created_at: z.string(),
});
export type Notification = z.infer<typeof Notification>;

export const NotificationPage = Paginated(Notification).extend({ unread: z.number().int().describe("Unread notifications in all") });
export type NotificationPage = z.infer<typeof NotificationPage>;

/** A person's mail choice for every kind: GET and PUT /api/me/notification-settings answer it. */
export const NotificationSettings = z
  .record(NotificationKind, MailFrequency)
  .describe("How each kind reaches me by mail: immediately, in a daily or weekly digest, or off");
export type NotificationSettings = z.infer<typeof NotificationSettings>;

/** Changes some kinds' mail choice; kinds left out keep theirs. */
export const UpdateNotificationSettingsRequest = z
  .partialRecord(NotificationKind, MailFrequency)
  .describe("The kinds to change, each with its new mail choice");
export type UpdateNotificationSettingsRequest = z.infer<typeof UpdateNotificationSettingsRequest>;

/** What a one-click unsubscribe turned off (RFC 8058: POST /api/unsubscribe/:token, no session). */
export const UnsubscribeResponse = z.object({
  kinds: z.array(NotificationKind).describe("The kinds whose mail is now off"),
});
export type UnsubscribeResponse = z.infer<typeof UnsubscribeResponse>;

export const ReadAllNotificationsResponse = z.object({ read: z.number().int().describe("How many notifications this marked read") });
export type ReadAllNotificationsResponse = z.infer<typeof ReadAllNotificationsResponse>;
