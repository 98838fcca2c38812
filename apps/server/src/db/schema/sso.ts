import { boolean, integer, pgTable, text, timestamp } from "drizzle-orm/pg-core";
import { accounts, companies } from "./identity.ts";

/**
 * A company's OpenID Connect single sign-on (issue 27), set by its hr or a platform operator. The
 * client secret is stored encrypted with the server's AUTH_SECRET and never answered.
 */
export const companyOidc = pgTable("company_oidc", {
  companyId: integer("company_id")
    .primaryKey()
    .references(() => companies.id, { onDelete: "cascade" }),
  issuer: text("issuer").notNull(),
  clientId: text("client_id").notNull(),
  clientSecretEncrypted: text("client_secret_encrypted").notNull(),
  enabled: boolean("enabled").notNull().default(false),
  /** Passwords stop working for the company's people (platform operators keep theirs). */
  requireSso: boolean("require_sso").notNull().default(false),
  updatedBy: integer("updated_by").references(() => accounts.id, { onDelete: "set null" }),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
});
