import type { BetterAuthPlugin } from "better-auth";
import { APIError, createAuthEndpoint, createAuthMiddleware } from "better-auth/api";
import { expireCookie } from "better-auth/cookies";
import { z } from "zod";
import type { SsoSignInError } from "@learnward/contracts";
import type { GroupPlacement } from "./group-placement.ts";
import type { OidcClient } from "./oidc.client.ts";
import { finishSignIn, type SsoLinkDeps } from "./sso.link.ts";
import { Refusal } from "./sso.person.ts";
import { ssoPolicy } from "./sso.policy.ts";
import { providerIdOf as providerIds } from "./sso.repo.ts";
import type { SsoService } from "./sso.service.ts";

const STATE_PREFIX = "oidc-state:";
const STATE_TTL_MS = 10 * 60 * 1000;
/** The cookie that binds a sign-in's state to the browser that started it (better-auth's name prefix and attributes). */
const stateCookie = (ctx: Parameters<typeof expireCookie>[0]) => ctx.context.createAuthCookie("oidc_state", { maxAge: STATE_TTL_MS / 1000 });
const PendingSignIn = z.object({ companyId: z.number().int(), codeVerifier: z.string(), nonce: z.string() });

export interface OidcSignOnDeps extends SsoLinkDeps {
  service: SsoService;
  oidc: OidcClient;
  /** Places a just-in-time account by its IdP groups. */
  groups: GroupPlacement;
  log: { warn(obj: unknown, msg: string): void };
}

/**
 * Single sign-on through a company's OpenID Connect provider, as a better-auth plugin so
 * that the session is better-auth's own (its hooks refuse deactivated people and suspended
 * companies, and record the sign-in). The state, PKCE verifier and nonce wait in better-auth's
 * verification table and are consumed once: a replayed callback finds nothing.
 */
export type OidcSignOnPlugin = ReturnType<typeof oidcSignOn>;

export function oidcSignOn({ repo, service, oidc, groups, log, mailer, publicUrl }: OidcSignOnDeps) {
  return {
    id: "learnward-oidc",
    endpoints: {
      oidcStart: createAuthEndpoint("/sso/oidc/start", { method: "GET", query: z.object({ email: z.string().max(254) }) }, async (ctx) => {
        const email = ctx.query.email.trim().toLowerCase();
        const domain = email.split("@")[1];
        const company = domain ? await repo.byDomain(domain) : undefined;
        const config = company ? await service.provider(company.companyId).catch(() => null) : null;
        if (!company || !config) throw ctx.redirect(`/login?error=${"sso_not_enabled" satisfies SsoSignInError}`);
        const request = await oidc.authorizationRequest(config, service.redirectUri, email);
        await ctx.context.internalAdapter.createVerificationValue({
          identifier: `${STATE_PREFIX}${request.state}`,
          value: JSON.stringify({ companyId: company.companyId, codeVerifier: request.codeVerifier, nonce: request.nonce }),
          expiresAt: new Date(Date.now() + STATE_TTL_MS),
        });
        // The state is bound to this browser, as better-auth's own OAuth does: a callback another
        // browser is sent to (login CSRF: someone else's sign-in planted in yours) is refused.
        const binding = stateCookie(ctx);
        await ctx.setSignedCookie(binding.name, request.state, ctx.context.secret, binding.attributes);
        throw ctx.redirect(request.url.toString());
      }),

      oidcCallback: createAuthEndpoint("/sso/oidc/callback", { method: "GET", query: z.record(z.string(), z.string()) }, async (ctx) => {
        try {
          const state = ctx.query.state;
          const binding = stateCookie(ctx);
          // Only the browser that started this sign-in may finish it (the state is left for that one).
          if (!state || (await ctx.getSignedCookie(binding.name, ctx.context.secret)) !== state) throw new Refusal("sso_state_invalid");
          expireCookie(ctx, binding);
          // Consumed whatever happens next: a state works once, and only before it expires.
          const stored = await ctx.context.internalAdapter.consumeVerificationValue(`${STATE_PREFIX}${state}`);
          const pending = stored ? PendingSignIn.safeParse(JSON.parse(stored.value)) : null;
          if (!pending?.success) throw new Refusal("sso_state_invalid");
          const { companyId, codeVerifier, nonce } = pending.data;
          const config = await service.provider(companyId).catch(() => null);
          if (!config) throw new Refusal("sso_not_enabled");
          const callbackUrl = new URL(service.redirectUri);
          for (const [name, value] of Object.entries(ctx.query)) callbackUrl.searchParams.set(name, value);
          const claims = await oidc.finish(config, callbackUrl, { state, codeVerifier, nonce }).catch((err: unknown) => {
            log.warn({ err, companyId }, "OIDC sign-in refused");
            throw new Refusal(oidc.isProviderRefusal(err) ? "sso_provider_refused" : "sso_token_invalid");
          });

          const next = await finishSignIn(ctx, { repo, groups, mailer, publicUrl }, companyId, {
            providerId: providerIds.oidc(companyId),
            accountId: claims.sub,
            email: typeof claims.email === "string" ? claims.email.toLowerCase() : null,
            emailVerified: claims.email_verified === true,
            name: typeof claims.name === "string" ? claims.name : null,
            groups: await groups.oidcGroups(companyId, claims),
            method: "sso-oidc",
          });
          throw ctx.redirect(next);
        } catch (err) {
          if (err instanceof Refusal) throw ctx.redirect(`/login?error=${err.code}`);
          throw err;
        }
      }),
    },

    hooks: {
      before: [
        {
          // A company that requires single sign-on: its people's passwords stop working (the platform admin keeps theirs).
          // Registering with a password there would only make a password that never works: refused by the address's domain.
          matcher: (ctx) => ctx.path === "/sign-in/email" || ctx.path === "/sign-up/email",
          handler: createAuthMiddleware(async (ctx) => {
            const email = (ctx.body as { email?: unknown } | undefined)?.email;
            if (typeof email !== "string") return;
            const subject =
              ctx.path === "/sign-in/email"
                ? await repo.passwordSubject(email)
                : { role: "member" as const, companyRequiresSso: await repo.domainRequiresSso(email.trim().toLowerCase().split("@")[1] ?? "") };
            if (subject && !ssoPolicy.passwordAllowed(subject)) {
              throw new APIError("FORBIDDEN", { code: "SSO_REQUIRED", message: "This company signs in through its identity provider" });
            }
          }),
        },
      ],
    },

    rateLimit: [{ pathMatcher: (path: string) => path.startsWith("/sso/"), window: 60, max: 60 }],
  } satisfies BetterAuthPlugin;
}
