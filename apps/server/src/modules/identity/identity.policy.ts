import { companyAccountAbilities, systemAccountAbilities, type AccountAbilities, type Deployment, type Role } from "@learnward/contracts";
import { type Access, type Actor, COMPANY_ROLES, type Rule, sameCompany } from "../../lib/actor.ts";
import { adminPolicy } from "../admin/index.ts";
import { budgetingPolicy } from "../budgeting/index.ts";
import { scimPolicy } from "../scim/index.ts";
import { chatPolicy } from "../chat/index.ts";
import { ssoPolicy } from "../sso/index.ts";
import { lrsPolicy } from "../lrs/index.ts";
import { certificatesPolicy } from "../certificates/index.ts";
import { skillsPolicy } from "../skills/index.ts";
import { compliancePolicy } from "../compliance/index.ts";
import { libraryPolicy } from "../library/index.ts";
import { networkPolicy } from "../network/index.ts";
import { peoplePolicy } from "../people/index.ts";

export type SessionRefusal = "account_inactive" | "company_suspended";

/** What a refused session is told (the web app translates the code; this is the API's own wording). */
export const SESSION_REFUSALS: Record<SessionRefusal, string> = {
  account_inactive: "This account is not active",
  company_suspended: "This company's access is suspended",
};

/**
 * Identity rules (PRODUCT.md, Tenancy): people see accounts and profiles of their own company;
 * platform operators see every company. Outsiders get 404, never a hint that the target exists.
 */
export const identityPolicy = {
  /** GET /api/me `abilities`: what each module's policy lets this account do anywhere in the app. */
  accountAbilities: (a: Actor, deployment: Deployment): AccountAbilities => ({
    ...companyAccountAbilities(a),
    ...adminPolicy.accountAbilities(a),
    ...systemAccountAbilities(a, deployment),
    ...peoplePolicy.accountAbilities(a),
    ...networkPolicy.accountAbilities(a),
    ...budgetingPolicy.accountAbilities(a),
    ...chatPolicy.accountAbilities(a),
    ...scimPolicy.accountAbilities(a),
    ...ssoPolicy.accountAbilities(a),
    ...libraryPolicy.accountAbilities(a),
    ...lrsPolicy.accountAbilities(a),
    ...certificatesPolicy.accountAbilities(a),
    ...skillsPolicy.accountAbilities(a),
    ...compliancePolicy.accountAbilities(a),
  }),
  readAccount: ((actor, target) => actor.uid === target.uid || sameCompany(actor, target.companyId)) as Rule<{
    uid: string;
    companyId: number | null;
  }>,
  readCompany: ((actor, company) => sameCompany(actor, company.id)) as Rule<{ id: number }>,
  /**
   * Who may hold a session (PRODUCT.md): deactivated people and people of a suspended company may
   * not. Asked when a session starts (sign-in, single sign-on) and on every request that presents
   * one. Answers why not, as the error code the caller is told, or null when they may.
   */
  sessionRefusal: (account: { status: string; companyStatus: string | null }): SessionRefusal | null =>
    account.status !== "active" ? "account_inactive" : account.companyStatus === "suspended" ? "company_suspended" : null,
  /**
   * Personal access tokens are one's own: made, seen and revoked by their person alone, and only by a
   * person of a company (they save into a library; platform operators keep none).
   */
  manageAccessTokens: ((a, token) => a.companyId !== null && token.accountId === a.accountId) as Rule<{ accountId: number }>,
  /**
   * What a personal access token opens: what any person of a company may do as themselves (their
   * library, folders, profile…). Never a route marked session-only (managing tokens), and never one
   * open to some roles only (company administration: people, budgets, SSO, SCIM, the admin area), so
   * a leaked token cannot reach further than its person's own things. Password and two-factor changes
   * are better-auth's, which only ever takes a session.
   */
  accessTokenOpens: (route: { access?: Access; sessionOnly?: boolean }) =>
    !route.sessionOnly &&
    (route.access === "public" || route.access === "signed-in" || (route.access !== undefined && COMPANY_ROLES.every((r) => route.access!.includes(r)))),
  /** PRODUCT.md: platform operators always sign in with a second factor; hr and L&D leaders when their company says so. */
  mustUseTwoFactor: (account: { role: Role; companyRequiresTwoFactor: boolean | null }) =>
    account.role === "admin" || (account.companyRequiresTwoFactor === true && (account.role === "hr" || account.role === "ldleader")),
};
