import type { AccountAbilities, Role } from "@learnward/contracts";
import { type Actor, type Rule, sameCompany } from "../../lib/actor.ts";
import { adminPolicy } from "../admin/admin.policy.ts";
import { budgetingPolicy } from "../budgeting/budgeting.policy.ts";
import { scimPolicy } from "../scim/scim.policy.ts";
import { chatPolicy } from "../chat/chat.policy.ts";
import { ssoPolicy } from "../sso/sso.policy.ts";
import { libraryPolicy } from "../library/library.policy.ts";
import { networkPolicy } from "../network/network.policy.ts";
import { peoplePolicy } from "../people/people.policy.ts";

/**
 * Identity rules (PRODUCT.md, Tenancy): people see accounts and profiles of their own company;
 * platform operators see every company. Outsiders get 404, never a hint that the target exists.
 */
export const identityPolicy = {
  /** GET /api/me `abilities`: what each module's policy lets this account do anywhere in the app. */
  accountAbilities: (a: Actor): AccountAbilities => ({
    ...adminPolicy.accountAbilities(a),
    ...peoplePolicy.accountAbilities(a),
    ...networkPolicy.accountAbilities(a),
    ...budgetingPolicy.accountAbilities(a),
    ...chatPolicy.accountAbilities(a),
    ...scimPolicy.accountAbilities(a),
    ...ssoPolicy.accountAbilities(a),
    ...libraryPolicy.accountAbilities(a),
  }),
  readAccount: ((actor, target) => actor.uid === target.uid || sameCompany(actor, target.companyId)) as Rule<{
    uid: string;
    companyId: number | null;
  }>,
  readCompany: ((actor, company) => sameCompany(actor, company.id)) as Rule<{ id: number }>,
  /** PRODUCT.md: platform operators always sign in with a second factor; hr and L&D leaders when their company says so. */
  mustUseTwoFactor: (account: { role: Role; companyRequiresTwoFactor: boolean | null }) =>
    account.role === "admin" || (account.companyRequiresTwoFactor === true && (account.role === "hr" || account.role === "ldleader")),
};
