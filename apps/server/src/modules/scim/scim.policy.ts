import { scimAccountAbilities } from "@learnward/contracts";
import { type Actor, type Rule, sameCompany } from "../../lib/actor.ts";

/**
 * SCIM rules: a company's SCIM token is a credential that creates and deactivates its
 * people, so only its hr manages it; a platform operator does for any company.
 */
export const scimPolicy = {
  accountAbilities: (a: Actor) => scimAccountAbilities(a),
  /** Read the token's status, create or rotate it, revoke it. */
  manageToken: ((a, company) => (a.role === "hr" || a.role === "admin") && sameCompany(a, company.companyId)) as Rule<{ companyId: number }>,
};
