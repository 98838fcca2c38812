import { index, integer, pgTable, serial, text, timestamp } from "drizzle-orm/pg-core";
import { accounts, companies } from "./identity.ts";

/**
 * A company's SCIM 2.0 bearer token: one per company, so creating another rotates it.
 * Only its sha256 is kept; the prefix lets hr tell which token a directory holds.
 */
export const scimTokens = pgTable("scim_tokens", {
  id: serial("id").primaryKey(),
  companyId: integer("company_id")
    .notNull()
    .unique()
    .references(() => companies.id, { onDelete: "cascade" }),
  tokenHash: text("token_hash").notNull().unique(),
  prefix: text("prefix").notNull(),
  createdBy: integer("created_by").references(() => accounts.id, { onDelete: "set null" }),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  lastUsedAt: timestamp("last_used_at", { withTimezone: true }),
});

/**
 * Accounts a directory deleted through SCIM: the account stays (deactivated, with its history) but
 * RFC 7644 §3.6 wants every later SCIM call on it answered 404.
 */
export const scimDeletedAccounts = pgTable(
  "scim_deleted_accounts",
  {
    accountId: integer("account_id")
      .primaryKey()
      .references(() => accounts.id, { onDelete: "cascade" }),
    companyId: integer("company_id")
      .notNull()
      .references(() => companies.id, { onDelete: "cascade" }),
    deletedAt: timestamp("deleted_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("scim_deleted_accounts_company_idx").on(t.companyId)],
);

/**
 * The directory's own id for a person it provisions (RFC 7643 §3.1 `externalId`): Azure AD
 * (Entra ID) finds people by it. SCIM's own table, so the accounts it names stay people's.
 */
export const scimExternalIds = pgTable(
  "scim_external_ids",
  {
    accountId: integer("account_id")
      .primaryKey()
      .references(() => accounts.id, { onDelete: "cascade" }),
    companyId: integer("company_id")
      .notNull()
      .references(() => companies.id, { onDelete: "cascade" }),
    externalId: text("external_id").notNull(),
  },
  (t) => [index("scim_external_ids_company_external_idx").on(t.companyId, t.externalId)],
);
