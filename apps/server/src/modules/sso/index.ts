import { createSafeFetch } from "../../lib/safe-fetch.ts";
import type { Module, ModuleContext } from "../module.ts";
import { createGroupMappingsRepo } from "./group-mappings.repo.ts";
import { groupMappingsRoutes } from "./group-mappings.routes.ts";
import { createGroupPlacement, type PlacementPeople } from "./group-placement.ts";
import { createOidcClient } from "./oidc.client.ts";
import { oidcSignOn } from "./oidc.plugin.ts";
import { createSsoRepo } from "./sso.repo.ts";
import { ssoRoutes } from "./sso.routes.ts";
import { createSsoService } from "./sso.service.ts";

/**
 * Single sign-on (issue 27): a company's OpenID Connect provider. Its settings are routes here; the
 * sign-in itself is a better-auth plugin (`authPlugin`) that identity mounts with its own.
 */
export function ssoModule(ctx: ModuleContext, opts: { secret: string; people: () => PlacementPeople }) {
  const repo = createSsoRepo(ctx.database.db);
  // Issue 27: IdP groups → role and team of just-in-time accounts (OIDC here; SAML calls the same placement).
  const groups = createGroupPlacement({ repo: createGroupMappingsRepo(ctx.database.db), people: opts.people, log: ctx.log });
  const oidc = createOidcClient({
    // A test provider on loopback (SSO_ALLOW_PRIVATE, never in production) is let through; otherwise the app's public-only fetch.
    fetch: ctx.config.SSO_ALLOW_PRIVATE ? createSafeFetch({ allowAddress: () => true }) : ctx.fetch,
    allowHttp: ctx.config.SSO_ALLOW_PRIVATE,
  });
  const service = createSsoService({ repo, oidc, secret: opts.secret, publicUrl: ctx.config.publicUrl });
  return {
    name: "sso",
    repo,
    service,
    groups,
    authPlugin: oidcSignOn({ repo, service, oidc, groups, log: ctx.log }),
    plugin: async (app) => {
      await app.register(ssoRoutes, { service, repo });
      await app.register(groupMappingsRoutes, { placement: groups, companyExists: (id) => repo.companyExists(id) });
    },
  } satisfies Module & Record<string, unknown>;
}
