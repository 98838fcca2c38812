import { sql } from "drizzle-orm";
import { index, integer, pgTable, primaryKey, serial, text, uniqueIndex } from "drizzle-orm/pg-core";
import { timestamptz, createdAt, ownedBy, pointsTo } from "./columns.ts";
import { companyRef } from "./refs.ts";
import { accounts } from "./identity.ts";
import { collections, upskillingPlans } from "./network.ts";

/**
 * A person has done every item of a learning path (a published collection): recorded once per cycle,
 * so that undoing an item and doing it again is not a second completion. A new cycle opens only when
 * the person starts the path again (`path_cycles`); the history of completions is kept.
 */
export const pathCompletions = pgTable(
  "path_completions",
  {
    accountId: ownedBy("account_id", () => accounts.id),
    collectionId: ownedBy("collection_id", () => collections.id),
    /** 1 for the first completion; n for the completion of the n-th cycle. */
    cycle: integer("cycle").notNull().default(1),
    completedAt: timestamptz("completed_at").notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.accountId, t.collectionId, t.cycle] })],
);

/**
 * A person started a learning path again for a new cycle (a recurring requirement's completion
 * expired or is about to): their items of it were reopened, and completing it again records the
 * completion of this cycle.
 */
export const pathCycles = pgTable(
  "path_cycles",
  {
    accountId: ownedBy("account_id", () => accounts.id),
    collectionId: ownedBy("collection_id", () => collections.id),
    cycle: integer("cycle").notNull(),
    startedAt: timestamptz("started_at").notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.accountId, t.collectionId, t.cycle] })],
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
    /** What completing issued it: `path:<collection id>` or `plan:<plan id>`. */
    sourceKey: text("source_key").notNull(),
    /** The completion's cycle (path_completions.cycle; 1 for a plan): one certificate per completion. */
    cycle: integer("cycle").notNull().default(1),
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
    uniqueIndex("certificates_account_source_cycle_uq").on(t.accountId, t.sourceKey, t.cycle),
    index("certificates_company_created_idx").on(t.companyId, t.createdAt),
  ],
);
export type CertificateRow = typeof certificates.$inferSelect;
