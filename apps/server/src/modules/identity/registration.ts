import { AsyncLocalStorage } from "node:async_hooks";
import type { Role } from "@learnward/contracts";
import { allowListAdmits, type IdentityRepo } from "./identity.repo.ts";

/**
 * Why an account is being created, carried from the caller into better-auth's user hooks.
 * Only code that holds an invitation's token (or the operator command) can set it: a plain
 * `POST /api/auth/sign-up/email` runs without it, so a pending invitation never decides anything
 * for someone who registers without its link (PRODUCT.md, Identity).
 */
type Grant = { kind: "invitation"; invitationId: number } | { kind: "operator" };
const grants = new AsyncLocalStorage<Grant>();

export const asInvitee = <T>(invitationId: number, create: () => Promise<T>) => grants.run({ kind: "invitation", invitationId }, create);
export const asOperator = <T>(create: () => Promise<T>) => grants.run({ kind: "operator" }, create);

export interface RegistrationTarget {
  companyId: number | null;
  teamId: number | null;
  role: Role;
  invitationId?: number;
  /** The address is proven already: an invitation link reached it, or an operator vouches for it. */
  verified: boolean;
}

/** Where a new account lands, or null when nothing admits it. */
export async function registrationTarget(repo: IdentityRepo, email: string): Promise<RegistrationTarget | null> {
  const grant = grants.getStore();
  if (grant?.kind === "operator") return { companyId: null, teamId: null, role: "admin", verified: true };
  if (grant?.kind === "invitation") {
    const invitation = await repo.pendingInvitationById(grant.invitationId);
    if (!invitation || invitation.email !== email.toLowerCase()) return null;
    return { companyId: invitation.companyId, teamId: invitation.teamId, role: invitation.role, invitationId: invitation.id, verified: true };
  }
  const companyId = await admittedByAllowList(repo, email);
  return companyId === null ? null : { companyId, teamId: null, role: "member", verified: false };
}

/** The company whose active allow-list admits this address, if any. */
export async function admittedByAllowList(repo: IdentityRepo, email: string): Promise<number | null> {
  const domain = email.toLowerCase().split("@")[1];
  const company = domain ? await repo.companyByDomain(domain) : undefined;
  return company && company.status === "active" && allowListAdmits(company.registrationAllowlist, email) ? company.id : null;
}
