import { sql } from "drizzle-orm";
import { bigserial, boolean, customType, index, jsonb, pgTable, primaryKey, serial, text, unique, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { createdAt, ownedBy, pointsTo, timestamptz } from "./columns.ts";
import { companyRef } from "./refs.ts";
import { accounts } from "./identity.ts";
import { contentItems } from "./catalog.ts";

/**
 * A company's Learning Record Store credentials (HTTP Basic: the key is the user name, the secret the
 * password). Only the secret's SHA-256 is kept; a rotation replaces it under the same key; a revoked
 * credential stays so its calls are told they are refused (403) rather than unknown (401).
 */
export const lrsCredentials = pgTable(
  "lrs_credentials",
  {
    id: serial("id").primaryKey(),
    companyId: companyRef(),
    name: text("name").notNull(),
    key: text("key").notNull().unique(),
    secretHash: text("secret_hash").notNull(),
    createdBy: pointsTo("created_by", () => accounts.id),
    ...createdAt(),
    rotatedAt: timestamptz("rotated_at"),
    revokedAt: timestamptz("revoked_at"),
    lastUsedAt: timestamptz("last_used_at"),
  },
  (t) => [index("lrs_credentials_company_idx").on(t.companyId)],
);

/** Where a stored statement stands with the person's library. */
export const STATEMENT_APPLY_STATES = ["pending", "applied", "ignored", "unknown_agent", "unknown_activity"] as const;

/**
 * xAPI statements a company's LRS received, each kept whole (`statement`, as the LRS answers it) with
 * the columns its queries filter on. `seq` orders them for paging; `agentKeys` holds the actor's (and
 * an agent object's) identifiers as `mbox:…`, `mbox_sha1sum:…`, `openid:…`, `account:home|name`.
 */
export const xapiStatements = pgTable(
  "xapi_statements",
  {
    companyId: companyRef(),
    id: uuid("id").notNull(),
    seq: bigserial("seq", { mode: "number" }).notNull(),
    statement: jsonb("statement").notNull(),
    stored: timestamptz("stored").notNull(),
    credentialId: pointsTo("credential_id", () => lrsCredentials.id),
    verbId: text("verb_id").notNull(),
    activityId: text("activity_id"),
    registration: uuid("registration"),
    agentKeys: text("agent_keys").array().notNull(),
    /** What `related_agents` and `related_activities` widen a query to (authority, context, a SubStatement's parts). */
    relatedAgentKeys: text("related_agent_keys").array().notNull(),
    relatedActivityIds: text("related_activity_ids").array().notNull(),
    /** The statement this one voids, when it is a voiding statement. */
    voidsId: uuid("voids_id"),
    voided: boolean("voided").notNull().default(false),
    applyState: text("apply_state", { enum: STATEMENT_APPLY_STATES }).notNull().default("pending"),
    /** The person it was applied to, or would be once known. */
    accountId: pointsTo("account_id", () => accounts.id),
  },
  (t) => [
    primaryKey({ columns: [t.companyId, t.id] }),
    uniqueIndex("xapi_statements_seq_uq").on(t.seq),
    index("xapi_statements_company_seq_idx").on(t.companyId, t.seq),
    index("xapi_statements_agent_keys_idx").using("gin", t.agentKeys),
    index("xapi_statements_related_agents_idx").using("gin", t.relatedAgentKeys),
    index("xapi_statements_related_activities_idx").using("gin", t.relatedActivityIds),
    index("xapi_statements_apply_idx")
      .on(t.companyId, t.applyState, t.seq)
      .where(sql`${t.applyState} <> 'applied' and ${t.applyState} <> 'ignored'`),
    index("xapi_statements_voids_idx").on(t.companyId, t.voidsId),
  ],
);

/** The L&D leader's word that an outside activity id is this catalog item (when its id is no link to it). */
export const xapiActivityMappings = pgTable(
  "xapi_activity_mappings",
  {
    id: serial("id").primaryKey(),
    companyId: companyRef(),
    activityId: text("activity_id").notNull(),
    contentId: ownedBy("content_id", () => contentItems.id),
    createdBy: pointsTo("created_by", () => accounts.id),
    ...createdAt(),
  },
  (t) => [uniqueIndex("xapi_activity_mappings_company_activity_uq").on(t.companyId, t.activityId)],
);

/** Raw bytes: PGlite answers a Uint8Array, node-postgres a Buffer; both read back as a Buffer. */
const bytea = customType<{ data: Buffer; driverData: Uint8Array }>({
  dataType: () => "bytea",
  fromDriver: (v) => Buffer.from(v),
});

/** The three document resources of xAPI 1.0.3 (Part Three §2.3, §2.6, §2.7). */
export const XAPI_DOCUMENT_KINDS = ["state", "activity_profile", "agent_profile"] as const;

/**
 * Documents an outside platform keeps in a company's LRS: state (activity + agent [+ registration]),
 * activity profiles and agent profiles, each stored as the bytes and content type it was sent with.
 * The agent is kept as the key of its one identifier (`mbox_sha1sum:…`, `openid:…`, `account:home|name`),
 * never as the JSON the caller sent. `scope` is the SHA-1 of kind, activity and agent: activity ids
 * are IRIs of any length, and a unique index over them could outgrow a btree entry.
 */
export const xapiDocuments = pgTable(
  "xapi_documents",
  {
    id: serial("id").primaryKey(),
    companyId: companyRef(),
    kind: text("kind", { enum: XAPI_DOCUMENT_KINDS }).notNull(),
    scope: text("scope").notNull(),
    activityId: text("activity_id"),
    agentKey: text("agent_key"),
    registration: uuid("registration"),
    documentId: text("document_id").notNull(),
    contentType: text("content_type").notNull(),
    content: bytea("content").notNull(),
    /** SHA-1 of the content in lower-case hex (§3.1), unquoted. */
    etag: text("etag").notNull(),
    updated: timestamptz("updated").notNull(),
    /** The credential that last wrote it. */
    credentialId: pointsTo("credential_id", () => lrsCredentials.id),
  },
  (t) => [unique("xapi_documents_uq").on(t.companyId, t.scope, t.registration, t.documentId).nullsNotDistinct()],
);

export type XapiDocumentRow = typeof xapiDocuments.$inferSelect;
export type XapiStatementRow = typeof xapiStatements.$inferSelect;
export type LrsCredentialRow = typeof lrsCredentials.$inferSelect;
