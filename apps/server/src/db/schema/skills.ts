import { check, index, integer, pgTable, serial, text } from "drizzle-orm/pg-core";
import { sql } from "drizzle-orm";
import { createdAt, ownedBy, pointsTo, timestamptz } from "./columns.ts";
import { companyRef } from "./refs.ts";
import { accounts } from "./identity.ts";
import { collections } from "./network.ts";

/**
 * A person's skill history: every rating is a row (self, manager or evidence), never updated; the
 * current level is read from these rows (skills.service.ts states the rule).
 */
export const skillRatings = pgTable(
  "skill_ratings",
  {
    id: serial("id").primaryKey(),
    companyId: companyRef(),
    accountId: ownedBy("account_id", () => accounts.id),
    /** The lowercase skill name, as plans and collections key skills. */
    skill: text("skill").notNull(),
    level: integer("level").notNull(),
    source: text("source", { enum: ["self", "manager", "evidence"] }).notNull(),
    ratedBy: pointsTo("rated_by", () => accounts.id),
    note: text("note"),
    /** The completion that raised the level (evidence only): a learning path or an upskilling plan. */
    evidenceKind: text("evidence_kind", { enum: ["path", "plan"] }),
    evidenceId: integer("evidence_id"),
    /** Kept for the history when the path or plan is deleted later. */
    evidenceTitle: text("evidence_title"),
    ...createdAt(),
  },
  (t) => [
    index("skill_ratings_account_skill_idx").on(t.accountId, t.skill, t.createdAt),
    index("skill_ratings_company_idx").on(t.companyId),
    check("skill_ratings_level_ck", sql`${t.level} between 1 and 5`),
  ],
);

/** The level a completed learning path proves in each skill it teaches, set by the L&D leader (none: no level). */
export const pathSkillLevels = pgTable("path_skill_levels", {
  collectionId: ownedBy("collection_id", () => collections.id).primaryKey(),
  level: integer("level").notNull(),
  setBy: pointsTo("set_by", () => accounts.id),
  updatedAt: timestamptz("updated_at").notNull().defaultNow(),
});
