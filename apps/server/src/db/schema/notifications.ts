import { sql } from "drizzle-orm";
import { index, integer, jsonb, pgTable, primaryKey, serial, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";
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
    accountId: integer("account_id")
      .notNull()
      .references(() => accounts.id, { onDelete: "cascade" }),
    companyId: integer("company_id").references(() => companies.id, { onDelete: "cascade" }),
    kind: text("kind", { enum: NOTIFICATION_KINDS }).notNull(),
    params: jsonb("params")
      .$type<Record<string, string | number | null>>()
      .notNull()
      .default(sql`'{}'::jsonb`),
    /** The app path it leads to. */
    link: text("link").notNull(),
    key: text("key"),
    readAt: timestamp("read_at", { withTimezone: true }),
    /** When it went out by mail (at once or in a digest); null while it waits or when mail is off. */
    mailedAt: timestamp("mailed_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
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
    accountId: integer("account_id")
      .notNull()
      .references(() => accounts.id, { onDelete: "cascade" }),
    kind: text("kind", { enum: NOTIFICATION_KINDS }).notNull(),
    mail: text("mail", { enum: MAIL_FREQUENCIES }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.accountId, t.kind] })],
);

/** A person's private calendar feed: its secret is the whole credential, rotated from settings. */
export const calendarFeeds = pgTable("calendar_feeds", {
  accountId: integer("account_id")
    .primaryKey()
    .references(() => accounts.id, { onDelete: "cascade" }),
  secret: text("secret").notNull().unique(),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
});

/** Where a company's chat hears of company-level events (admin or hr sets them). */
export const companyChatHooks = pgTable("company_chat_hooks", {
  companyId: integer("company_id")
    .primaryKey()
    .references(() => companies.id, { onDelete: "cascade" }),
  slackWebhookUrl: text("slack_webhook_url"),
  teamsWebhookUrl: text("teams_webhook_url"),
  updatedBy: integer("updated_by").references(() => accounts.id, { onDelete: "set null" }),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
});

/**
 * Chat posts handed to Slack or Teams, by their job's id: a post job run twice (a worker lost after
 * posting) finds its key taken and posts nothing, as mail_deliveries does for mail.
 */
export const chatDeliveries = pgTable("chat_deliveries", {
  key: text("key").primaryKey(),
  deliveredAt: timestamp("delivered_at", { withTimezone: true }).notNull().defaultNow(),
});
