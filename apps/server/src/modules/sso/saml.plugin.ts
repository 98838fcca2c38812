import { DOMParser } from "@xmldom/xmldom";
import type { CacheProvider, Profile } from "@node-saml/node-saml";
import { SamlStatusError } from "@node-saml/node-saml";
import type { BetterAuthPlugin } from "better-auth";
import { createAuthEndpoint } from "better-auth/api";
import xpath from "xpath";
import { z } from "zod";
import type { SsoSignInError } from "@learnward/contracts";
import type { GroupPlacement } from "./group-placement.ts";
import { SAML_REQUEST_TTL_MS, type SamlService } from "./saml.service.ts";
import { openSession, personFor, Refusal, type SsoIdentity } from "./sso.person.ts";
import type { SsoRepo } from "./sso.repo.ts";

const REQUEST_PREFIX = "saml-request:";
const providerIdOf = (companyId: number) => `saml:${companyId}`;
const PendingRequest = z.object({ companyId: z.number().int(), createdAt: z.string() });

/** Where IdPs put the group names: a plain `groups` attribute (Okta, generic) or Entra ID's groups claim. */
const GROUP_ATTRIBUTES = ["groups", "http://schemas.microsoft.com/ws/2008/06/identity/claims/groups"];
const EMAIL_ATTRIBUTES = ["email", "mail", "http://schemas.xmlsoap.org/ws/2005/05/identity/claims/emailaddress"];
const NAME_ATTRIBUTES = ["displayName", "name", "http://schemas.xmlsoap.org/ws/2005/05/identity/claims/name"];

export interface SamlSignOnDeps {
  repo: SsoRepo;
  saml: SamlService;
  /** Issue 27: places a just-in-time account by its IdP groups. */
  groups: GroupPlacement;
  log: { warn(obj: unknown, msg: string): void };
}

/** Every string value of the first of `names` the assertion carries. */
function valuesOf(profile: Profile, names: string[]): string[] {
  const attributes = (profile.attributes ?? {}) as Record<string, unknown>;
  for (const name of names) {
    const value = attributes[name] ?? (profile as Record<string, unknown>)[name];
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
    providerId: providerIdOf(companyId),
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
  const attr = (xpath.select("/*[local-name()='Response']/@InResponseTo", doc as unknown as Node) as Attr[])[0];
  return attr?.value || null;
}

/**
 * SAML 2.0 single sign-on (issue 27), as a better-auth plugin beside OIDC's so that the session is
 * better-auth's own. The start sends an AuthnRequest (HTTP-Redirect) whose id waits in
 * better-auth's verification table; the ACS (HTTP-POST, one per company) consumes that id once
 * before node-saml checks the response, so an unsolicited or replayed response finds nothing.
 */
export type SamlSignOnPlugin = ReturnType<typeof samlSignOn>;

export function samlSignOn({ repo, saml, groups, log }: SamlSignOnDeps) {
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
            const user = await personFor({ repo, groups }, ctx.context.internalAdapter, companyId, identity);
            await openSession(ctx, user);
          } catch (err) {
            if (err instanceof Refusal) throw ctx.redirect(`/login?error=${err.code}`);
            throw err;
          }
          throw ctx.redirect("/");
        },
      ),
    },
  } satisfies BetterAuthPlugin;
}
