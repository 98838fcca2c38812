import { sql } from "drizzle-orm";
import { boolean, char, index, integer, jsonb, pgTable, serial, text, uniqueIndex, type AnyPgColumn } from "drizzle-orm/pg-core";
import { timestamptz, createdAt, ownedBy, pointsTo } from "./columns.ts";
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
  ...createdAt(),
});

export const teams = pgTable(
  "teams",
  {
    id: serial("id").primaryKey(),
    companyId: ownedBy("company_id", () => companies.id),
    name: text("name").notNull(),
    leaderAccountId: integer("leader_account_id").references((): AnyPgColumn => accounts.id, {
      onDelete: "set null",
    }),
    ...createdAt(),
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
    teamId: pointsTo("team_id", () => teams.id),
    role: text("role", { enum: ROLES }).notNull().default("member"),
    status: text("status", { enum: ["active", "deactivated"] })
      .notNull()
      .default("active"),
    username: text("username").notNull(),
    locale: text("locale", { enum: ["en", "es"] })
      .notNull()
      .default("en"),
    ...createdAt(),
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
    companyId: ownedBy("company_id", () => companies.id),
    email: text("email").notNull(),
    role: text("role", { enum: ROLES }).notNull().default("member"),
    teamId: pointsTo("team_id", () => teams.id),
    tokenHash: text("token_hash").notNull().unique(),
    invitedBy: pointsTo("invited_by", () => accounts.id),
    expiresAt: timestamptz("expires_at").notNull(),
    acceptedAt: timestamptz("accepted_at"),
    revokedAt: timestamptz("revoked_at"),
    ...createdAt(),
  },
  (t) => [index("invitations_email_idx").on(t.email)],
);

export const onboardingEntries = pgTable(
  "onboarding_entries",
  {
    id: serial("id").primaryKey(),
    accountId: ownedBy("account_id", () => accounts.id),
    title: text("title").notNull(),
    type: text("type").notNull(),
    ready: boolean("ready").notNull().default(true),
    ...createdAt(),
  },
  (t) => [uniqueIndex("onboarding_entries_account_type_title_uq").on(t.accountId, t.type, t.title)],
);

/**
 * Mail handed to the transport, by the mail job's key: a job run twice (a worker that died after
 * sending, a retry) finds its key taken and sends nothing.
 */
export const mailDeliveries = pgTable("mail_deliveries", {
  key: text("key").primaryKey(),
  deliveredAt: timestamptz("delivered_at").notNull().defaultNow(),
});

export const outbox = pgTable("outbox", {
  id: serial("id").primaryKey(),
  to: text("to").notNull(),
  subject: text("subject").notNull(),
  text: text("text").notNull(),
  html: text("html"),
  /** Extra headers the mail carried (List-Unsubscribe), as SMTP would have sent them. */
  headers: jsonb("headers").$type<Record<string, string>>(),
  ...createdAt(),
});
