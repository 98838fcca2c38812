import { integer, jsonb, pgTable, text, timestamp } from "drizzle-orm/pg-core";
import type { CompanyRole } from "@learnward/contracts";
import { accounts, companies } from "./identity.ts";

/** One rule as stored: the group, the role it gives, and the team it joins (checked to be the company's when saved). */
export interface SsoGroupRuleRow {
  group: string;
  role: CompanyRole;
  teamId: number | null;
}

/**
 * Where a company's just-in-time single sign-on accounts land by their identity provider groups:
 * an ordered list of rules (the first matching one decides), and the id_token claim
 * that carries the groups.
 */
export const companySsoGroups = pgTable("company_sso_groups", {
  companyId: integer("company_id")
    .primaryKey()
    .references(() => companies.id, { onDelete: "cascade" }),
  groupsClaim: text("groups_claim").notNull().default("groups"),
  rules: jsonb("rules").$type<SsoGroupRuleRow[]>().notNull().default([]),
  updatedBy: integer("updated_by").references(() => accounts.id, { onDelete: "set null" }),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
});
