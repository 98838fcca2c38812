import { jsonb, pgTable, text } from "drizzle-orm/pg-core";
import { companyRef, lastEdit } from "./refs.ts";
import type { CompanyRole } from "@learnward/contracts";

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
  companyId: companyRef().primaryKey(),
  groupsClaim: text("groups_claim").notNull().default("groups"),
  rules: jsonb("rules").$type<SsoGroupRuleRow[]>().notNull().default([]),
  ...lastEdit(),
});
