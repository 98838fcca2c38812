import { sql } from "drizzle-orm";
import { index, integer, pgTable, serial, text } from "drizzle-orm/pg-core";
import { ownedBy, pointsTo, timestamps } from "./columns.ts";
import { companyRef } from "./refs.ts";
import { accounts } from "./identity.ts";
import { collections } from "./network.ts";

/**
 * A learning path the company requires of some teams and/or roles. Who is in the audience is read
 * from the people's team and role when asked (not copied per person), so someone who joins a team
 * or takes a role later is required at once, and someone who leaves is no longer counted.
 */
export const complianceRequirements = pgTable(
  "compliance_requirements",
  {
    id: serial("id").primaryKey(),
    companyId: companyRef(),
    collectionId: ownedBy("collection_id", () => collections.id),
    /** Teams of the company; a team deleted later simply has nobody left in it. */
    teamIds: integer("team_ids")
      .array()
      .notNull()
      .default(sql`'{}'::int[]`),
    roles: text("roles")
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    dueDays: integer("due_days").notNull(),
    /** null: once; otherwise a completion holds this many months, and then it is required again. */
    everyMonths: integer("every_months"),
    createdBy: pointsTo("created_by", () => accounts.id),
    ...timestamps(),
  },
  (t) => [index("compliance_requirements_company_idx").on(t.companyId, t.collectionId)],
);
export type ComplianceRequirementRow = typeof complianceRequirements.$inferSelect;
