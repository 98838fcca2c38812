import { index, integer, jsonb, pgTable, serial, text, uuid, uniqueIndex, boolean } from "drizzle-orm/pg-core";
import { createdAt, timestamptz } from "./columns.ts";
import { companyRef, lastEdit } from "./refs.ts";
import { companies } from "./identity.ts";

/**
 * Where a company forwards its own learning events as xAPI statements: an outside LRS's endpoint and
 * HTTP Basic key and secret. The secret is stored encrypted with the server's AUTH_SECRET (it must be
 * sent, so a hash would not do) and never answered.
 */
export const lrsForwarders = pgTable("lrs_forwarders", {
  companyId: integer("company_id")
    .primaryKey()
    .references(() => companies.id, { onDelete: "cascade" }),
  endpoint: text("endpoint").notNull(),
  key: text("key").notNull(),
  secretEncrypted: text("secret_encrypted").notNull(),
  enabled: boolean("enabled").notNull().default(true),
  ...createdAt(),
  ...lastEdit(),
});

export const FORWARD_STATES = ["pending", "sent", "failed"] as const;

/**
 * Statements made from the company's events, waiting to be forwarded, sent, or failed for good (the
 * dead letters hr and the L&D leader see). The statement is built once and kept whole with its id, so
 * a retry sends the very same statement and the outside LRS never stores it twice.
 */
export const xapiForwards = pgTable(
  "xapi_forwards",
  {
    id: serial("id").primaryKey(),
    companyId: companyRef(),
    statementId: uuid("statement_id").notNull(),
    statement: jsonb("statement").notNull(),
    state: text("state", { enum: FORWARD_STATES }).notNull().default("pending"),
    attempts: integer("attempts").notNull().default(0),
    /** The outside LRS's HTTP status the last time, or null when it could not be reached. */
    lastStatus: integer("last_status"),
    lastError: text("last_error"),
    ...createdAt(),
    sentAt: timestamptz("sent_at"),
  },
  (t) => [uniqueIndex("xapi_forwards_statement_uq").on(t.statementId), index("xapi_forwards_company_state_idx").on(t.companyId, t.state, t.id)],
);

export type LrsForwarderRow = typeof lrsForwarders.$inferSelect;
export type XapiForwardRow = typeof xapiForwards.$inferSelect;
