import { createSafeFetch } from "../../lib/safe-fetch.ts";
import type { Module, ModuleContext } from "../module.ts";
import { createGroupMappingsRepo } from "./group-mappings.repo.ts";
import { groupMappingsRoutes } from "./group-mappings.routes.ts";
import { createGroupPlacement, type PlacementPeople } from "./group-placement.ts";
import { createOidcClient } from "./oidc.client.ts";
import { oidcSignOn } from "./oidc.plugin.ts";
import { samlSignOn } from "./saml.plugin.ts";
import { createSamlService } from "./saml.service.ts";
import { createSsoRepo } from "./sso.repo.ts";
import { ssoRoutes } from "./sso.routes.ts";
import { createSsoService } from "./sso.service.ts";
import { createIssuerAnnouncer } from "./sso.announce.ts";
import { ssoLink } from "./sso.link.ts";

/**
 * Single sign-on: a company's OpenID Connect or SAML 2.0 provider. Its settings are routes
 * here; the sign-ins themselves are better-auth plugins (`authPlugins`) that identity mounts with its own.
 */
export function ssoModule(ctx: ModuleContext, opts: { secret: string; people: () => PlacementPeople }) {
  const repo = createSsoRepo(ctx.database.db);
  // IdP groups → role and team of just-in-time accounts, for OIDC and SAML alike.
  const groups = createGroupPlacement({ repo: createGroupMappingsRepo(ctx.database.db), people: opts.people, log: ctx.log });
  // A test provider on loopback (SSO_ALLOW_PRIVATE, never in production) is let through; otherwise the app's public-only fetch.
  const fetch = ctx.config.SSO_ALLOW_PRIVATE ? createSafeFetch({ allowAddress: () => true }) : ctx.fetch;
  const allowHttp = ctx.config.SSO_ALLOW_PRIVATE;
  const oidc = createOidcClient({ fetch, allowHttp });
  const publicUrl = ctx.config.publicUrl;
  const announce = createIssuerAnnouncer({ repo, mailer: ctx.mailer });
  const service = createSsoService({ repo, oidc, secret: opts.secret, publicUrl, announce });
  const saml = createSamlService({ repo, fetch, allowHttp, publicUrl, announce });
  const mailer = ctx.mailer;
  return {
    name: "sso",
    repo,
    service,
    saml,
    groups,
    authPlugins: [
      oidcSignOn({ repo, service, oidc, groups, log: ctx.log, mailer, publicUrl }),
      samlSignOn({ repo, saml, groups, log: ctx.log, mailer, publicUrl }),
      ssoLink({ repo }),
    ] as [ReturnType<typeof oidcSignOn>, ReturnType<typeof samlSignOn>, ReturnType<typeof ssoLink>],
    plugin: async (app) => {
      await app.register(ssoRoutes, { service, saml, repo });
      await app.register(groupMappingsRoutes, { placement: groups, companyExists: (id) => repo.companyExists(id) });
    },
  } satisfies Module & Record<string, unknown>;
}
