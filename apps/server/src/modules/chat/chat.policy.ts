import { chatAccountAbilities } from "@learnward/contracts";
import { type Actor, type Rule, sameCompany } from "../../lib/actor.ts";

/**
 * Chat rules: a company's Slack and Teams addresses are hr's to read and set (they are
 * credentials: whoever holds one posts into the channel); a platform operator's for any company.
 */
export const chatPolicy = {
  accountAbilities: (a: Actor) => chatAccountAbilities(a),
  /** Read, change and test the company's chat hooks. */
  manage: ((a, company) => (a.role === "hr" || a.role === "admin") && sameCompany(a, company.companyId)) as Rule<{ companyId: number }>,
};
