import { sql } from "drizzle-orm";
import { boolean, char, index, integer, jsonb, pgTable, serial, text, timestamp, uniqueIndex, type AnyPgColumn } from "drizzle-orm/pg-core";
import { authUsers } from "./auth.ts";

export const companies = pgTable("companies", {
  id: serial("id").primaryKey(),
  name: text("name").notNull(),
  domain: text("domain").notNull().unique(),
  urlPhoto: text("url_photo"),
  currency: char("currency", { length: 3 }).notNull().default("USD"),
  /** Entries are exact emails or `*@domain` patterns; empty means invitation only. */
  registrationAllowlist: text("registration_allowlist")
    .array()
    .notNull()
    .default(sql`'{}'::text[]`),
  status: text("status", { enum: ["active", "suspended"] })
    .notNull()
    .default("active"),
  /** hr and L&D leaders must sign in with a second factor (admins always must). */
  requireTwoFactor: boolean("require_two_factor").notNull().default(false),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
});

export const teams = pgTable(
  "teams",
  {
    id: serial("id").primaryKey(),
    companyId: integer("company_id")
      .notNull()
      .references(() => companies.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    leaderAccountId: integer("leader_account_id").references((): AnyPgColumn => accounts.id, {
      onDelete: "set null",
    }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex("teams_company_name_uq").on(t.companyId, t.name)],
);

export const ROLES = ["admin", "hr", "ldleader", "teamleader", "member"] as const;

export const accounts = pgTable(
  "accounts",
  {
    id: serial("id").primaryKey(),
    uid: text("uid")
      .notNull()
      .unique()
      .references(() => authUsers.id, { onDelete: "cascade" }),
    /** null only for platform operators (role admin). */
    companyId: integer("company_id").references(() => companies.id, { onDelete: "restrict" }),
    teamId: integer("team_id").references(() => teams.id, { onDelete: "set null" }),
    role: text("role", { enum: ROLES }).notNull().default("member"),
    status: text("status", { enum: ["active", "deactivated"] })
      .notNull()
      .default("active"),
    username: text("username").notNull(),
    locale: text("locale", { enum: ["en", "es"] })
      .notNull()
      .default("en"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("accounts_company_username_uq").on(t.companyId, t.username),
    index("accounts_company_idx").on(t.companyId),
    index("accounts_team_idx").on(t.teamId),
  ],
);

export const invitations = pgTable(
  "invitations",
  {
    id: serial("id").primaryKey(),
    companyId: integer("company_id")
      .notNull()
      .references(() => companies.id, { onDelete: "cascade" }),
    email: text("email").notNull(),
    role: text("role", { enum: ROLES }).notNull().default("member"),
    teamId: integer("team_id").references(() => teams.id, { onDelete: "set null" }),
    tokenHash: text("token_hash").notNull().unique(),
    invitedBy: integer("invited_by").references(() => accounts.id, { onDelete: "set null" }),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    acceptedAt: timestamp("accepted_at", { withTimezone: true }),
    revokedAt: timestamp("revoked_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("invitations_email_idx").on(t.email)],
);

export const onboardingEntries = pgTable(
  "onboarding_entries",
  {
    id: serial("id").primaryKey(),
    accountId: integer("account_id")
      .notNull()
      .references(() => accounts.id, { onDelete: "cascade" }),
    title: text("title").notNull(),
    type: text("type").notNull(),
    ready: boolean("ready").notNull().default(true),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex("onboarding_entries_account_type_title_uq").on(t.accountId, t.type, t.title)],
);

/**
 * Mail handed to the transport, by the mail job's key: a job run twice (a worker that died after
 * sending, a retry) finds its key taken and sends nothing.
 */
export const mailDeliveries = pgTable("mail_deliveries", {
  key: text("key").primaryKey(),
  deliveredAt: timestamp("delivered_at", { withTimezone: true }).notNull().defaultNow(),
});

export const outbox = pgTable("outbox", {
  id: serial("id").primaryKey(),
  to: text("to").notNull(),
  subject: text("subject").notNull(),
  text: text("text").notNull(),
  html: text("html"),
  /** Extra headers the mail carried (List-Unsubscribe), as SMTP would have sent them. */
  headers: jsonb("headers").$type<Record<string, string>>(),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
});
