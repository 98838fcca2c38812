import { type Role, ssoAccountAbilities } from "@learnward/contracts";
import { type Actor, type Rule, sameCompany } from "../../lib/actor.ts";

/**
 * Single sign-on rules: a company's identity provider connection is hr's to read and set
 * (its client secret signs people in); a platform operator's for any company.
 */
export const ssoPolicy = {
  accountAbilities: (a: Actor) => ssoAccountAbilities(a),
  /** Read and change the company's OIDC and SAML connections. */
  manage: ((a, company) => (a.role === "hr" || a.role === "admin") && sameCompany(a, company.companyId)) as Rule<{ companyId: number }>,
  /** A company requires single sign-on when any of its enabled connections (OIDC, SAML) says so. */
  companyRequiresSso: (connections: ReadonlyArray<{ enabled: boolean | null; requireSso: boolean | null } | null | undefined>) =>
    connections.some((c) => c?.enabled === true && c.requireSso === true),
  /**
   * Whether a password may still sign this person in: not when their company requires single
   * sign-on. Platform operators belong to no company and always keep password and second factor.
   */
  passwordAllowed: (account: { role: Role; companyRequiresSso: boolean }) => account.role === "admin" || !account.companyRequiresSso,
};
