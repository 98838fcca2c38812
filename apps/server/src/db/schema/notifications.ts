import { sql } from "drizzle-orm";
import { index, integer, jsonb, pgTable, primaryKey, serial, text, uniqueIndex } from "drizzle-orm/pg-core";
import { timestamptz, createdAt, ownedBy } from "./columns.ts";
import { companyRef, lastEdit } from "./refs.ts";
import { MAIL_FREQUENCIES, NOTIFICATION_KINDS } from "@learnward/contracts";
import { accounts, companies } from "./identity.ts";

/**
 * What a person is told: the bell lists these, newest first; mail follows the person's
 * preference for the kind. `key` makes a notification happen once per person (a reminder for one
 * plan and point in time), however many times the job that writes it runs.
 */
export const notifications = pgTable(
  "notifications",
  {
    id: serial("id").primaryKey(),
    accountId: ownedBy("account_id", () => accounts.id),
    companyId: integer("company_id").references(() => companies.id, { onDelete: "cascade" }),
    kind: text("kind", { enum: NOTIFICATION_KINDS }).notNull(),
    params: jsonb("params")
      .$type<Record<string, string | number | null>>()
      .notNull()
      .default(sql`'{}'::jsonb`),
    /** The app path it leads to. */
    link: text("link").notNull(),
    key: text("key"),
    readAt: timestamptz("read_at"),
    /** When it went out by mail (at once or in a digest); null while it waits or when mail is off. */
    mailedAt: timestamptz("mailed_at"),
    ...createdAt(),
  },
  (t) => [
    index("notifications_account_idx").on(t.accountId, t.id.desc()),
    index("notifications_unread_idx")
      .on(t.accountId)
      .where(sql`${t.readAt} is null`),
    uniqueIndex("notifications_account_key_uq").on(t.accountId, t.key),
  ],
);

/** A person's mail choice per kind; a kind without a row is mailed immediately. */
export const notificationPreferences = pgTable(
  "notification_preferences",
  {
    accountId: ownedBy("account_id", () => accounts.id),
    kind: text("kind", { enum: NOTIFICATION_KINDS }).notNull(),
    mail: text("mail", { enum: MAIL_FREQUENCIES }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.accountId, t.kind] })],
);

/** A person's private calendar feed: its secret is the whole credential, rotated from settings. */
export const calendarFeeds = pgTable("calendar_feeds", {
  accountId: ownedBy("account_id", () => accounts.id).primaryKey(),
  secret: text("secret").notNull().unique(),
  ...createdAt(),
});

/** Where a company's chat hears of company-level events (admin or hr sets them). */
export const companyChatHooks = pgTable("company_chat_hooks", {
  companyId: companyRef().primaryKey(),
  slackWebhookUrl: text("slack_webhook_url"),
  teamsWebhookUrl: text("teams_webhook_url"),
  ...lastEdit(),
});

/**
 * Chat posts handed to Slack or Teams, by their job's id: a post job run twice (a worker lost after
 * posting) finds its key taken and posts nothing, as mail_deliveries does for mail.
 */
export const chatDeliveries = pgTable("chat_deliveries", {
  key: text("key").primaryKey(),
  deliveredAt: timestamptz("delivered_at").notNull().defaultNow(),
});
