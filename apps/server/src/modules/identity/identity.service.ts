import { AsyncLocalStorage } from "node:async_hooks";
import { randomBytes } from "node:crypto";
import { z } from "zod";
import type { Role } from "@learnward/contracts";
import type { Db } from "../../db/client.ts";
import type { Clock } from "../../lib/clock.ts";
import { adminPolicy } from "../admin/index.ts";
import { identityPolicy } from "./identity.policy.ts";
import { type AccountInput, allowListAdmits, type IdentityRepo } from "./identity.repo.ts";

/**
 * Why an account is being created, carried from the caller into better-auth's user hooks.
 * Only code that holds an invitation's token (or the operator command) can set it: a plain
 * `POST /api/auth/sign-up/email` runs without it, so a pending invitation never decides anything
 * for someone who registers without its link (PRODUCT.md, Identity).
 */
type Grant = { kind: "invitation"; invitationId: number } | { kind: "operator" } | { kind: "sso"; companyId: number; email: string };
const grants = new AsyncLocalStorage<Grant>();

export const asInvitee = <T>(invitationId: number, create: () => Promise<T>) => grants.run({ kind: "invitation", invitationId }, create);
export const asOperator = <T>(create: () => Promise<T>) => grants.run({ kind: "operator" }, create);
/** The company's identity provider vouched for this address (single sign-on creates the account just in time). */
export const asSsoMember = <T>(companyId: number, email: string, create: () => Promise<T>) =>
  grants.run({ kind: "sso", companyId, email: email.toLowerCase() }, create);

export interface RegistrationTarget {
  companyId: number | null;
  teamId: number | null;
  role: Role;
  invitationId?: number;
  /** The address is proven already: an invitation link reached it, or an operator vouches for it. */
  verified: boolean;
}

/**
 * Days an account whose address was never proven keeps it. After them, by the app's clock, the
 * account is forgotten wherever it is next met: it can't be confirmed and no longer holds the address.
 */
export const UNPROVEN_DAYS = 7;

/**
 * What the operator command asks of better-auth (auth.ts builds it on this service, so the service
 * names only these two calls): creating the account, and mailing its set-password link.
 */
export interface OperatorAuth {
  api: {
    signUpEmail(input: { body: { email: string; name: string; password: string } }): Promise<unknown>;
    requestPasswordReset(input: { body: { email: string; redirectTo: string } }): Promise<unknown>;
  };
}

/** A refusal of the operator command, printed as it is. */
export class OperatorError extends Error {}

/** Identity's rules: who may register and where they land, the first operator, who I am, my profile. */
export function createIdentityService({ db, repo, clock }: { db: Db; repo: IdentityRepo; clock: Clock }) {
  /**
   * Deletes the users of this address or id whose address was never proven (created before
   * `createdBefore` when given), with their links; their password, sessions and company account
   * go with them.
   */
  const dropUnproven = (who: { email: string } | { uid: string }, createdBefore?: Date) =>
    db.transaction(async (tx) => {
      const gone = await repo.deleteUnproven(tx, who, createdBefore);
      if (gone.length > 0) await repo.dropLinksOf(tx, gone);
    });

  const service = {
    /** The company whose active allow-list admits this address, if any. */
    async admittedByAllowList(email: string): Promise<number | null> {
      const domain = email.toLowerCase().split("@")[1];
      const company = domain ? await repo.companyByDomain(domain) : undefined;
      return company && company.status === "active" && allowListAdmits(company.registrationAllowlist, email) ? company.id : null;
    },

    /** Where a new account lands, or null when nothing admits it. */
    async registrationTarget(email: string): Promise<RegistrationTarget | null> {
      const grant = grants.getStore();
      if (grant?.kind === "operator") return { companyId: null, teamId: null, role: "admin", verified: true };
      if (grant?.kind === "sso") {
        return grant.email === email.toLowerCase() ? { companyId: grant.companyId, teamId: null, role: "member", verified: true } : null;
      }
      if (grant?.kind === "invitation") {
        const invitation = await repo.pendingInvitationById(grant.invitationId, clock.now());
        if (!invitation || invitation.email !== email.toLowerCase()) return null;
        return { companyId: invitation.companyId, teamId: invitation.teamId, role: invitation.role, invitationId: invitation.id, verified: true };
      }
      const companyId = await service.admittedByAllowList(email);
      return companyId === null ? null : { companyId, teamId: null, role: "member", verified: false };
    },

    /**
     * The first platform operator of an empty install (`npm run admin:create`). The account gets an
     * unguessable password nobody knows and a one-time link to choose one (better-auth's own reset
     * token, valid for an hour); two-factor sign-in is set up at the first sign-in, as for every admin.
     * `captureResetLink` receives the set-password link instead of a mail (the command prints it).
     */
    async createOperator(
      d: { auth: OperatorAuth; captureResetLink: (run: () => Promise<unknown>) => Promise<string> },
      input: { email: string; name: string },
    ): Promise<{ email: string; link: string }> {
      const email = input.email.trim().toLowerCase();
      if (!z.email().safeParse(email).success) throw new OperatorError(`"${input.email}" is not an email address`);
      if (await repo.accountByEmail(email)) throw new OperatorError(`${email} already has an account`);
      await asOperator(() => d.auth.api.signUpEmail({ body: { email, name: input.name, password: randomBytes(24).toString("base64url") } }));
      const account = await repo.accountByEmail(email);
      if (!account || !adminPolicy.isOperator(account)) throw new OperatorError(`${email} could not be created`);
      const link = await d.captureResetLink(() => d.auth.api.requestPasswordReset({ body: { email, redirectTo: "/reset-password" } }));
      return { email, link };
    },

    /** Forgets this address's unproven account once its days have passed; a live one stays. */
    async forgetLapsed(email: unknown): Promise<void> {
      if (typeof email !== "string") return;
      await dropUnproven({ email }, new Date(clock.now().getTime() - UNPROVEN_DAYS * 86_400_000));
    },

    /** The same for the account a set-password link belongs to, so a lapsed account's link confirms nothing. */
    async forgetLapsedByLink(token: unknown): Promise<void> {
      const uid = typeof token === "string" ? await repo.uidOfResetToken(token) : undefined;
      if (uid) await dropUnproven({ uid }, new Date(clock.now().getTime() - UNPROVEN_DAYS * 86_400_000));
    },

    /**
     * Before an account is created by someone who vouches for the address (an invitation's token, the
     * company's own directory over SCIM): an unproven account of the address gives way, its password
     * and sessions with it.
     */
    async yieldUnproven(email: string): Promise<void> {
      await dropUnproven({ email });
    },

    /**
     * Why this user may not start a session (identityPolicy.sessionRefusal), as better-auth's error
     * code, or null to let them in.
     */
    async signInRefusal(uid: string): Promise<"ACCOUNT_INACTIVE" | "COMPANY_SUSPENDED" | null> {
      const account = await repo.accountByUid(uid);
      const refusal = account ? identityPolicy.sessionRefusal(account) : null;
      return refusal === null ? null : refusal === "account_inactive" ? "ACCOUNT_INACTIVE" : "COMPANY_SUSPENDED";
    },

    /** The account behind a uid, with its company and team (undefined when there is none). */
    account: (uid: string) => repo.accountByUid(uid),

    /** /api/me: the account and its company. */
    me: (uid: string) => repo.me(uid),

    companyByDomain: (domain: string) => repo.companyByDomain(domain),

    /** The company account of a login user just registered (better-auth's user hook), where registrationTarget lands it. */
    async createAccount(input: AccountInput) {
      return db.transaction((tx) => repo.insertAccount(tx, input));
    },

    /** Changes my name, photo or language, answering the profile as it is now. */
    async updateProfile(uid: string, patch: { name?: string; image?: string | null; locale?: "en" | "es" }) {
      await db.transaction(async (tx) => {
        if (patch.name !== undefined || patch.image !== undefined) await repo.updateUser(tx, uid, { name: patch.name, image: patch.image });
        if (patch.locale !== undefined) await repo.setLocale(tx, uid, patch.locale);
      });
      return repo.accountByUid(uid);
    },
  };
  return service;
}
export type IdentityService = ReturnType<typeof createIdentityService>;
