import { index, pgTable, serial, text } from "drizzle-orm/pg-core";
import { timestamptz, createdAt, ownedBy, pointsTo } from "./columns.ts";
import { companyRef } from "./refs.ts";
import { accounts } from "./identity.ts";

/**
 * A company's SCIM 2.0 bearer token: one per company, so creating another rotates it.
 * Only its sha256 is kept; the prefix lets hr tell which token a directory holds.
 */
export const scimTokens = pgTable("scim_tokens", {
  id: serial("id").primaryKey(),
  companyId: companyRef().unique(),
  tokenHash: text("token_hash").notNull().unique(),
  prefix: text("prefix").notNull(),
  createdBy: pointsTo("created_by", () => accounts.id),
  ...createdAt(),
  lastUsedAt: timestamptz("last_used_at"),
});

/**
 * Accounts a directory deleted through SCIM: the account stays (deactivated, with its history) but
 * RFC 7644 §3.6 wants every later SCIM call on it answered 404.
 */
export const scimDeletedAccounts = pgTable(
  "scim_deleted_accounts",
  {
    accountId: ownedBy("account_id", () => accounts.id).primaryKey(),
    companyId: companyRef(),
    deletedAt: timestamptz("deleted_at").notNull().defaultNow(),
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
    accountId: ownedBy("account_id", () => accounts.id).primaryKey(),
    companyId: companyRef(),
    externalId: text("external_id").notNull(),
  },
  (t) => [index("scim_external_ids_company_external_idx").on(t.companyId, t.externalId)],
);
