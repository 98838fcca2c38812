import { keepsOutbox } from "../../config.ts";
import type { BackgroundTasks } from "../../lib/background.ts";
import type { Module, ModuleContext } from "../module.ts";
import { createAuth, type AuthOptions } from "./auth.ts";
import { createIdentityRepo } from "./identity.repo.ts";
import { identityRoutes } from "./identity.routes.ts";
import { createAccessTokensRepo } from "./access-tokens.repo.ts";
import { accessTokensRoutes } from "./access-tokens.routes.ts";
import { createAccessTokensService } from "./access-tokens.service.ts";
import { createIdentityService } from "./identity.service.ts";

/**
 * Accounts and sessions: better-auth (mounted by plugins/auth.ts, which resolves every request's
 * actor from it), who I am (/api/me), and my personal access tokens.
 */
export function identityModule(
  ctx: ModuleContext,
  opts: { secret: string; background: BackgroundTasks; sso?: AuthOptions["sso"]; passwordHashing?: AuthOptions["passwordHashing"] },
) {
  const { config } = ctx;
  const repo = createIdentityRepo(ctx.database.db);
  const service = createIdentityService({ db: ctx.database.db, repo, clock: ctx.clock });
  const accessTokens = createAccessTokensService({ db: ctx.database.db, repo: createAccessTokensRepo(ctx.database.db), clock: ctx.clock });
  const auth = createAuth({
    db: ctx.database.db,
    repo,
    mailer: ctx.mailer,
    clock: ctx.clock,
    background: opts.background,
    secret: opts.secret,
    publicUrl: config.publicUrl,
    trustedOrigins: [...config.sameOrigins, ...config.CORS_ORIGINS],
    sso: opts.sso,
    passwordHashing: opts.passwordHashing,
  });
  return {
    name: "identity",
    repo,
    service,
    auth,
    accessTokens,
    plugin: async (app) => {
      await app.register(identityRoutes, { service, deployment: { outbox: keepsOutbox(config) } });
      await app.register(accessTokensRoutes, { service: accessTokens });
    },
  } satisfies Module & Record<string, unknown>;
}
