import { adminAccountAbilities, type Role } from "@learnward/contracts";
import type { FastifyInstance, FastifyRequest } from "fastify";
import { AppError, unauthenticated } from "./errors.ts";

/** Who is calling: resolved once per request from the session (cookie, bearer or firebase_token). */
export interface Actor {
  uid: string;
  accountId: number;
  email: string;
  role: Role;
  companyId: number | null;
  teamId: number | null;
  /** Must set up two-factor sign-in before doing anything else (identityPolicy.mustUseTwoFactor). */
  twoFactorPending: boolean;
}

/** Who may call a route; every route declares one (checked by a test over all routes). */
export type Access = "public" | "signed-in" | readonly Role[];

declare module "fastify" {
  interface FastifyRequest {
    /**
     * The caller, guaranteed on every route whose access is not "public" (the auth plugin refuses
     * before the handler runs otherwise). Reading it on a public route is a programming error: 401.
     */
    readonly actor: Actor;
    /** The caller's company; 403 for a caller without one (a platform operator). */
    readonly companyId: number;
    /** Set by the auth plugin once it has checked the route's access. */
    checkedActor: Actor | null;
  }
  interface FastifyContextConfig {
    access?: Access;
    /** Open to someone who still has to set up two-factor sign-in (the pages that help them do it). */
    beforeTwoFactor?: boolean;
    /** Only a signed-in session may call it, never a personal access token (identityPolicy.accessTokenOpens). */
    sessionOnly?: boolean;
    /** Written to by another site's form on purpose (a SAML IdP's HTTP-POST binding); what it posts is its own credential. */
    crossOriginPost?: boolean;
  }
}

/** Policies are plain predicates; routes ask, the rule lives in the module's *.policy.ts. */
export type Rule<T> = (actor: Actor, target: T) => boolean;

/**
 * Refuses with 403 by default, or 404 when the caller must not learn that the target exists
 * (another company's data).
 */
export function authorize<T>(actor: Actor, rule: Rule<T>, target: T, deny: "forbidden" | "not_found" = "forbidden") {
  if (rule(actor, target)) return;
  throw deny === "not_found" ? new AppError("not_found", 404, "Not found") : new AppError("forbidden", 403, "Permission denied");
}

/** Tenancy, the base of every policy: one's own company; platform operators (the admin area) every company. */
export const sameCompany = (actor: Actor, companyId: number | null) =>
  adminAccountAbilities(actor).admin_area || (actor.companyId !== null && actor.companyId === companyId);

/** Everyone who belongs to a company (platform operators do not keep a personal library). */
export const COMPANY_ROLES = ["hr", "ldleader", "teamleader", "member"] as const satisfies readonly Role[];

export function requireCompany(actor: Actor): number {
  if (actor.companyId === null) throw new AppError("forbidden", 403, "Permission denied");
  return actor.companyId;
}

/**
 * Handlers read `req.actor` and `req.companyId` instead of checking for a session themselves: the
 * auth plugin's access check (every route declares one) sets `checkedActor` before any handler runs.
 */
export function decorateActor(app: FastifyInstance) {
  app.decorateRequest("checkedActor", null);
  app.decorateRequest("actor", {
    getter(this: FastifyRequest) {
      if (!this.checkedActor) throw unauthenticated();
      return this.checkedActor;
    },
  });
  app.decorateRequest("companyId", {
    getter(this: FastifyRequest) {
      return requireCompany(this.actor);
    },
  });
}
