import { sql } from "drizzle-orm";
import { index, pgTable, primaryKey, serial, text, uniqueIndex } from "drizzle-orm/pg-core";
import { timestamptz, createdAt, ownedBy, pointsTo } from "./columns.ts";
import { companyRef } from "./refs.ts";
import { accounts } from "./identity.ts";
import { collections, upskillingPlans } from "./network.ts";

/**
 * A person has done every item of a learning path (a published collection): recorded once, so that
 * undoing an item and doing it again is not a second completion.
 */
export const pathCompletions = pgTable(
  "path_completions",
  {
    accountId: ownedBy("account_id", () => accounts.id),
    collectionId: ownedBy("collection_id", () => collections.id),
    completedAt: timestamptz("completed_at").notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.accountId, t.collectionId] })],
);

/**
 * A certificate of completion of a learning path or an upskilling plan. What it states (whose, what,
 * skills, issuer, language) is frozen when it is issued: renaming the path later does not change
 * a certificate someone already showed.
 */
export const certificates = pgTable(
  "certificates",
  {
    id: serial("id").primaryKey(),
    /** The public verification code: random, unguessable, read aloud or typed from paper. */
    code: text("code").notNull(),
    companyId: companyRef(),
    accountId: ownedBy("account_id", () => accounts.id),
    kind: text("kind", { enum: ["path", "plan"] }).notNull(),
    /** What completing issued it, once per person: `path:<collection id>` or `plan:<plan id>`. */
    sourceKey: text("source_key").notNull(),
    collectionId: pointsTo("collection_id", () => collections.id),
    planId: pointsTo("plan_id", () => upskillingPlans.id),
    title: text("title").notNull(),
    recipientName: text("recipient_name").notNull(),
    issuerName: text("issuer_name").notNull(),
    skills: text("skills")
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    locale: text("locale", { enum: ["en", "es"] }).notNull(),
    completedAt: timestamptz("completed_at").notNull(),
    /** Past this, the certificate reads as expired (compliance sets it; null never expires). */
    expiresAt: timestamptz("expires_at"),
    revokedAt: timestamptz("revoked_at"),
    revokedBy: pointsTo("revoked_by", () => accounts.id),
    revokeReason: text("revoke_reason"),
    ...createdAt(),
  },
  (t) => [
    uniqueIndex("certificates_code_uq").on(t.code),
    uniqueIndex("certificates_account_source_uq").on(t.accountId, t.sourceKey),
    index("certificates_company_created_idx").on(t.companyId, t.createdAt),
  ],
);
export type CertificateRow = typeof certificates.$inferSelect;
