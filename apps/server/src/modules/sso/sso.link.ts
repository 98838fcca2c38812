import { randomBytes } from "node:crypto";
import type { BetterAuthPlugin } from "better-auth";
import { APIError, createAuthEndpoint } from "better-auth/api";
import { z } from "zod";
import type { SsoLinkInfo } from "@learnward/contracts";
import type { Mailer } from "../../lib/mailer.ts";
import type { GroupPlacement } from "./group-placement.ts";
import { linkConfirmationMail, type ProviderName } from "./sso.mail.tsx";
import { type InternalAdapter, openSession, personFor, type SsoEndpointContext, type SsoIdentity } from "./sso.person.ts";
import type { SsoRepo } from "./sso.repo.ts";

const LINK_PREFIX = "sso-link:";
/** As long as an address confirmation: the owner may read their mail tomorrow. */
const LINK_TTL_MS = 24 * 60 * 60 * 1000;
/** The web page that says a link was mailed, and where the mailed link opens (with its token). */
export const LINK_PAGE = "/sso/link";

/** A link only its owner may make: whom the provider named, under which provider id and issuer. */
const PendingLink = z.object({
  userId: z.string(),
  companyId: z.number().int(),
  providerId: z.string(),
  accountId: z.string(),
  protocol: z.enum(["oidc", "saml"]),
  issuer: z.string(),
});
type PendingLink = z.infer<typeof PendingLink>;

export interface SsoLinkDeps {
  repo: SsoRepo;
  mailer: Mailer;
  publicUrl: string;
}

const invalidToken = () => new APIError("BAD_REQUEST", { code: "INVALID_TOKEN", message: "This link is invalid or has expired" });
const TokenBody = z.object({ token: z.string().min(1).max(100) });

/** The provider a company's sign-ins go through now (issuer for OIDC, entity id for SAML), when it is enabled. */
async function currentProvider(repo: SsoRepo, companyId: number, protocol: ProviderName["protocol"]): Promise<ProviderName | null> {
  if (protocol === "oidc") {
    const row = await repo.connection(companyId);
    return row?.enabled ? { protocol, issuer: row.issuer } : null;
  }
  const row = await repo.samlConnection(companyId);
  return row?.enabled ? { protocol, issuer: row.idpEntityId } : null;
}

/**
 * Ends a sign-in through a company's provider: a session for the person it names, or, for an
 * existing account never linked to it, a link mailed to the account's own address. The browser that
 * signed in gets no token; it is told a link was mailed. Answers where the browser goes next.
 */
export async function finishSignIn(
  ctx: SsoEndpointContext,
  deps: SsoLinkDeps & { groups: Pick<GroupPlacement, "placeNewcomer"> },
  companyId: number,
  who: SsoIdentity,
): Promise<string> {
  const outcome = await personFor(deps, ctx.context.internalAdapter, companyId, who);
  if ("user" in outcome) {
    await openSession(ctx, outcome.user);
    return "/";
  }
  const protocol = who.method === "sso-oidc" ? "oidc" : "saml";
  const provider = await currentProvider(deps.repo, companyId, protocol);
  if (!provider) return "/login?error=sso_not_enabled";
  const token = randomBytes(32).toString("base64url");
  const pending: PendingLink = { userId: outcome.confirm.id, companyId, providerId: who.providerId, accountId: who.accountId, ...provider };
  await ctx.context.internalAdapter.createVerificationValue({
    identifier: `${LINK_PREFIX}${token}`,
    value: JSON.stringify(pending),
    expiresAt: new Date(Date.now() + LINK_TTL_MS),
  });
  const mail = await linkConfirmationMail({
    to: outcome.confirm.email,
    name: outcome.confirm.name,
    company: (await deps.repo.companyName(companyId)) ?? "",
    provider,
    url: `${deps.publicUrl}${LINK_PAGE}?token=${token}`,
    locale: await deps.repo.localeOfUser(outcome.confirm.id),
  });
  await deps.mailer.send(mail);
  return LINK_PAGE;
}

/** A waiting link that still applies: not expired, its account still the company's, the company's provider still the one named. */
async function stillValid(repo: SsoRepo, adapter: InternalAdapter, stored: { value: string; expiresAt: Date } | null) {
  if (!stored || new Date(stored.expiresAt).getTime() <= Date.now()) return null;
  const parsed = PendingLink.safeParse(JSON.parse(stored.value));
  if (!parsed.success) return null;
  const pending = parsed.data;
  const user = await adapter.findUserById(pending.userId);
  if (!user || (await repo.companyOfUser(user.id)) !== pending.companyId) return null;
  const provider = await currentProvider(repo, pending.companyId, pending.protocol);
  if (provider?.issuer !== pending.issuer) return null;
  return { pending, user };
}

/**
 * The owner's side of a first link (better-auth endpoints, so that links are better-auth's own
 * accounts): what the mailed link would link, confirming it, declining it. Confirming links and opens
 * no session: the mail proves the address, not the second factor, so the person then signs in through
 * the provider as usual.
 */
export function ssoLink({ repo }: Pick<SsoLinkDeps, "repo">) {
  return {
    id: "learnward-sso-link",
    endpoints: {
      ssoLinkInfo: createAuthEndpoint("/sso/link", { method: "GET", query: TokenBody }, async (ctx) => {
        const adapter = ctx.context.internalAdapter;
        const found = await stillValid(repo, adapter, await adapter.findVerificationValue(`${LINK_PREFIX}${ctx.query.token}`));
        if (!found) throw invalidToken();
        const { pending, user } = found;
        return ctx.json({
          email: user.email,
          company: (await repo.companyName(pending.companyId)) ?? "",
          protocol: pending.protocol,
          issuer: pending.issuer,
        } satisfies SsoLinkInfo);
      }),

      ssoLinkConfirm: createAuthEndpoint("/sso/link/confirm", { method: "POST", body: TokenBody }, async (ctx) => {
        const adapter = ctx.context.internalAdapter;
        // Consumed whatever happens next: a link works once.
        const found = await stillValid(repo, adapter, await adapter.consumeVerificationValue(`${LINK_PREFIX}${ctx.body.token}`));
        if (!found) throw invalidToken();
        const { pending } = found;
        let { user } = found;
        const taken = await adapter.findAccountByKey({ providerId: pending.providerId, accountId: pending.accountId });
        if (taken && taken.userId !== user.id) throw invalidToken();
        if (!user.emailVerified) {
          // Whoever registered this address never proved it; its owner just has: a password they set is dropped.
          for (const account of await adapter.findAccounts(user.id)) if (account.providerId === "credential") await adapter.deleteAccount(account.id);
          await adapter.deleteUserSessions(user.id);
          user = await adapter.updateUser(user.id, { emailVerified: true });
        }
        if (!taken) await adapter.linkAccount({ userId: user.id, providerId: pending.providerId, accountId: pending.accountId });
        return ctx.json({ linked: true, email: user.email });
      }),

      ssoLinkDecline: createAuthEndpoint("/sso/link/decline", { method: "POST", body: TokenBody }, async (ctx) => {
        await ctx.context.internalAdapter.consumeVerificationValue(`${LINK_PREFIX}${ctx.body.token}`);
        return ctx.json({ linked: false });
      }),
    },
    rateLimit: [{ pathMatcher: (path: string) => path.startsWith("/sso/link"), window: 60, max: 30 }],
  } satisfies BetterAuthPlugin;
}
export type SsoLinkPlugin = ReturnType<typeof ssoLink>;
