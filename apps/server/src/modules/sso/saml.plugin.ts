import { randomBytes } from "node:crypto";
import { DOMParser } from "@xmldom/xmldom";
import type { CacheProvider, Profile } from "@node-saml/node-saml";
import { SamlStatusError } from "@node-saml/node-saml";
import type { BetterAuthPlugin } from "better-auth";
import { createAuthEndpoint } from "better-auth/api";
import { expireCookie } from "better-auth/cookies";
import xpath from "xpath";
import { z } from "zod";
import type { SsoSignInError } from "@learnward/contracts";
import { ownValue } from "../../lib/own-keys.ts";
import type { GroupPlacement } from "./group-placement.ts";
import { SAML_REQUEST_TTL_MS, type SamlService } from "./saml.service.ts";
import { finishSignIn, type SsoLinkDeps } from "./sso.link.ts";
import { Refusal, type SsoIdentity } from "./sso.person.ts";
import { providerIdOf as providerIds } from "./sso.repo.ts";

const REQUEST_PREFIX = "saml-request:";
const PendingRequest = z.object({ companyId: z.number().int(), createdAt: z.string() });
const FINISH_PREFIX = "saml-finish:";
const FINISH_TTL_MS = 2 * 60 * 1000;
/** better-auth's own endpoint path (plugins/auth.ts mounts it under /api/auth). */
const FINISH_PATH = "/api/auth/sso/saml/finish";
/** A checked response waiting for the browser that asked for it. */
const PendingFinish = z.object({
  companyId: z.number().int(),
  requestId: z.string(),
  identity: z.object({
    providerId: z.string(),
    accountId: z.string(),
    email: z.string().nullable(),
    emailVerified: z.boolean(),
    name: z.string().nullable(),
    groups: z.array(z.string()),
    method: z.enum(["sso-oidc", "sso-saml"]),
  }),
});
type PendingFinish = z.infer<typeof PendingFinish>;
/** The cookie that binds an AuthnRequest to the browser that sent it (better-auth's name prefix and attributes). */
const requestCookie = (ctx: Parameters<typeof expireCookie>[0]) => ctx.context.createAuthCookie("saml_request", { maxAge: SAML_REQUEST_TTL_MS / 1000 });

/** Where IdPs put the group names: a plain `groups` attribute (Okta, generic) or Entra ID's groups claim. */
const GROUP_ATTRIBUTES = ["groups", "http://schemas.microsoft.com/ws/2008/06/identity/claims/groups"];
const EMAIL_ATTRIBUTES = ["email", "mail", "http://schemas.xmlsoap.org/ws/2005/05/identity/claims/emailaddress"];
const NAME_ATTRIBUTES = ["displayName", "name", "http://schemas.xmlsoap.org/ws/2005/05/identity/claims/name"];

export interface SamlSignOnDeps extends SsoLinkDeps {
  saml: SamlService;
  /** Places a just-in-time account by its IdP groups. */
  groups: GroupPlacement;
  log: { warn(obj: unknown, msg: string): void };
}

/** Every string value of the first of `names` the assertion carries. */
function valuesOf(profile: Profile, names: string[]): string[] {
  const attributes = (profile.attributes ?? {}) as Record<string, unknown>;
  for (const name of names) {
    const value = ownValue(attributes, name) ?? ownValue(profile, name);
    const all = (Array.isArray(value) ? value : [value]).filter((v): v is string => typeof v === "string" && v.trim() !== "");
    if (all.length) return all.map((v) => v.trim());
  }
  return [];
}

/**
 * Whom a checked assertion names. The company's IdP vouches for addresses of its own domain (personFor
 * checks the domain). Groups come from the attribute the company's group rules name, and the usual ones.
 */
export function samlIdentity(companyId: number, profile: Profile, groupsAttribute?: string): SsoIdentity {
  if (!profile.nameID) throw new Refusal("sso_token_invalid");
  const email = valuesOf(profile, EMAIL_ATTRIBUTES)[0] ?? (profile.nameID.includes("@") ? profile.nameID : null);
  return {
    providerId: providerIds.saml(companyId),
    accountId: profile.nameID,
    email: email?.toLowerCase() ?? null,
    emailVerified: email !== null,
    name: valuesOf(profile, NAME_ATTRIBUTES)[0] ?? null,
    groups: [...new Set([groupsAttribute, ...GROUP_ATTRIBUTES].flatMap((name) => (name ? valuesOf(profile, [name]) : [])))],
    method: "sso-saml",
  };
}

/** The InResponseTo of a posted response (before any check: it only says which of our requests to consume). */
function inResponseToOf(samlResponse: string): string | null {
  let broken = false;
  const xml = Buffer.from(samlResponse, "base64").toString("utf8");
  const doc = new DOMParser({ errorHandler: { error: () => void (broken = true), fatalError: () => void (broken = true) } }).parseFromString(xml, "text/xml");
  if (broken) return null;
  const attr = (xpath.select("/*[local-name()='Response']/@InResponseTo", doc) as Attr[])[0];
  return attr?.value || null;
}

/**
 * SAML 2.0 single sign-on, as a better-auth plugin beside OIDC's so that the session is
 * better-auth's own. The start sends an AuthnRequest (HTTP-Redirect) whose id waits in
 * better-auth's verification table; the ACS (HTTP-POST, one per company) consumes that id once
 * before node-saml checks the response, so an unsolicited or replayed response finds nothing.
 */
export type SamlSignOnPlugin = ReturnType<typeof samlSignOn>;

export function samlSignOn({ repo, saml, groups, log, mailer, publicUrl }: SamlSignOnDeps) {
  return {
    id: "learnward-saml",
    endpoints: {
      samlStart: createAuthEndpoint("/sso/saml/start", { method: "GET", query: z.object({ email: z.string().max(254) }) }, async (ctx) => {
        const domain = ctx.query.email.trim().toLowerCase().split("@")[1];
        const company = domain ? await repo.byDomain(domain) : undefined;
        const requests: CacheProvider = {
          saveAsync: async (id, createdAt) => {
            await ctx.context.internalAdapter.createVerificationValue({
              identifier: `${REQUEST_PREFIX}${id}`,
              value: JSON.stringify({ companyId: company!.companyId, createdAt }),
              expiresAt: new Date(Date.now() + SAML_REQUEST_TTL_MS),
            });
            // The request is bound to this browser: only it may finish the sign-in its response answers.
            const binding = requestCookie(ctx);
            await ctx.setSignedCookie(binding.name, id, ctx.context.secret, binding.attributes);
            return { value: createdAt, createdAt: Date.now() };
          },
          getAsync: async () => null,
          removeAsync: async () => null,
        };
        const sp = company ? await saml.serviceProvider(company.companyId, requests) : null;
        if (!sp) throw ctx.redirect(`/login?error=${"sso_not_enabled" satisfies SsoSignInError}`);
        throw ctx.redirect(await sp.getAuthorizeUrlAsync("", undefined, {}));
      }),

      samlAcs: createAuthEndpoint(
        "/sso/saml/:companyId/acs",
        { method: "POST", body: z.object({ SAMLResponse: z.string().max(1_000_000), RelayState: z.string().max(2000).optional() }) },
        async (ctx) => {
          try {
            const companyId = Number(ctx.params.companyId);
            if (!Number.isSafeInteger(companyId)) throw new Refusal("sso_not_enabled");
            // Consumed whatever happens next: a request id answers once, only within its time, only at its company's ACS.
            const id = inResponseToOf(ctx.body.SAMLResponse);
            const stored = id ? await ctx.context.internalAdapter.consumeVerificationValue(`${REQUEST_PREFIX}${id}`) : null;
            const pending = stored ? PendingRequest.safeParse(JSON.parse(stored.value)) : null;
            if (!id || !pending?.success || pending.data.companyId !== companyId) throw new Refusal("sso_state_invalid");
            // node-saml asks for the id (and its time) while checking InResponseTo: only the one just consumed is known.
            const requests: CacheProvider = {
              saveAsync: async () => null,
              getAsync: async (key) => (key === id ? pending.data.createdAt : null),
              removeAsync: async () => null,
            };
            const sp = await saml.serviceProvider(companyId, requests);
            if (!sp) throw new Refusal("sso_not_enabled");
            const { profile } = await sp.validatePostResponseAsync({ SAMLResponse: ctx.body.SAMLResponse }).catch((err: unknown) => {
              log.warn({ err, companyId }, "SAML sign-in refused");
              throw new Refusal(err instanceof SamlStatusError ? "sso_provider_refused" : "sso_token_invalid");
            });
            if (!profile) throw new Refusal("sso_token_invalid");
            const identity = samlIdentity(companyId, profile, await groups.groupsClaim(companyId));
            // The IdP's form posts here from its own site, so this request carries none of our cookies
            // (SameSite): the sign-in finishes on our own GET, in the browser that started it, which the
            // request's binding cookie proves. A response planted in another browser (login CSRF) stops there.
            const token = randomBytes(32).toString("base64url");
            await ctx.context.internalAdapter.createVerificationValue({
              identifier: `${FINISH_PREFIX}${token}`,
              value: JSON.stringify({ companyId, requestId: id, identity } satisfies PendingFinish),
              expiresAt: new Date(Date.now() + FINISH_TTL_MS),
            });
            throw ctx.redirect(`${FINISH_PATH}?token=${token}`);
          } catch (err) {
            if (err instanceof Refusal) throw ctx.redirect(`/login?error=${err.code}`);
            throw err;
          }
        },
      ),

      samlFinish: createAuthEndpoint("/sso/saml/finish", { method: "GET", query: z.object({ token: z.string().max(100) }) }, async (ctx) => {
        try {
          const stored = await ctx.context.internalAdapter.consumeVerificationValue(`${FINISH_PREFIX}${ctx.query.token}`);
          const pending = stored ? PendingFinish.safeParse(JSON.parse(stored.value)) : null;
          const binding = requestCookie(ctx);
          if (!pending?.success || (await ctx.getSignedCookie(binding.name, ctx.context.secret)) !== pending.data.requestId) {
            throw new Refusal("sso_state_invalid");
          }
          expireCookie(ctx, binding);
          const { companyId, identity } = pending.data;
          throw ctx.redirect(await finishSignIn(ctx, { repo, groups, mailer, publicUrl }, companyId, identity));
        } catch (err) {
          if (err instanceof Refusal) throw ctx.redirect(`/login?error=${err.code}`);
          throw err;
        }
      }),
    },
  } satisfies BetterAuthPlugin;
}
