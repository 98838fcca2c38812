import { createSafeFetch } from "../../lib/safe-fetch.ts";
import type { Module, ModuleContext } from "../module.ts";
import { createOidcClient } from "./oidc.client.ts";
import { oidcSignOn } from "./oidc.plugin.ts";
import { samlSignOn } from "./saml.plugin.ts";
import { createSamlService } from "./saml.service.ts";
import { createSsoRepo } from "./sso.repo.ts";
import { ssoRoutes } from "./sso.routes.ts";
import { createSsoService } from "./sso.service.ts";

/**
 * Single sign-on (issue 27): a company's OpenID Connect or SAML 2.0 provider. Its settings are routes
 * here; the sign-ins themselves are better-auth plugins (`authPlugins`) that identity mounts with its own.
 */
export function ssoModule(ctx: ModuleContext, opts: { secret: string }) {
  const repo = createSsoRepo(ctx.database.db);
  // A test provider on loopback (SSO_ALLOW_PRIVATE, never in production) is let through; otherwise the app's public-only fetch.
  const fetch = ctx.config.SSO_ALLOW_PRIVATE ? createSafeFetch({ allowAddress: () => true }) : ctx.fetch;
  const allowHttp = ctx.config.SSO_ALLOW_PRIVATE;
  const oidc = createOidcClient({ fetch, allowHttp });
  const service = createSsoService({ repo, oidc, secret: opts.secret, publicUrl: ctx.config.publicUrl });
  const saml = createSamlService({ repo, fetch, allowHttp, publicUrl: ctx.config.publicUrl });
  return {
    name: "sso",
    repo,
    service,
    saml,
    authPlugins: [oidcSignOn({ repo, service, oidc, log: ctx.log }), samlSignOn({ repo, saml, log: ctx.log })] as [
      ReturnType<typeof oidcSignOn>,
      ReturnType<typeof samlSignOn>,
    ],
    plugin: async (app) => {
      await app.register(ssoRoutes, { service, saml, repo });
    },
  } satisfies Module & Record<string, unknown>;
}
