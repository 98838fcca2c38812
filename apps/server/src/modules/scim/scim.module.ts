import type { Module, ModuleContext } from "../module.ts";
import type { IdentityService } from "../identity/index.ts";
import type { TeamDirectory } from "../people/index.ts";
import { createScimRepo } from "./scim.repo.ts";
import { scimRoutes } from "./scim.routes.ts";
import { scimTokenRoutes } from "./scim-token.routes.ts";
import { createScimTokenService } from "./scim-token.service.ts";
import { createScimGroupsRepo } from "./scim-groups.repo.ts";
import { createScimGroupsService } from "./scim-groups.service.ts";
import { createScimUsersService } from "./scim-users.service.ts";

/** SCIM 2.0 provisioning: a company's directory creates, changes and deactivates its people. */
export function scimModule(
  ctx: ModuleContext,
  deps: { people: Pick<TeamDirectory, "createTeam">; teams: TeamDirectory; identity: Pick<IdentityService, "yieldUnproven"> },
) {
  const repo = createScimRepo(ctx.database.db);
  const baseUrl = `${ctx.config.publicUrl}/scim/v2`;
  const tokens = createScimTokenService({ db: ctx.database.db, repo, baseUrl });
  const groups = createScimGroupsService({ repo: createScimGroupsRepo(ctx.database.db), people: deps.people, teams: deps.teams, baseUrl });
  const users = createScimUsersService({ db: ctx.database.db, repo, baseUrl, yieldUnproven: (email) => deps.identity.yieldUnproven(email) });
  return {
    name: "scim",
    repo,
    plugin: async (app) => {
      await app.register(scimTokenRoutes, { service: tokens, repo });
      await app.register(scimRoutes, { prefix: "/scim/v2", repo, users, groups, baseUrl });
    },
  } satisfies Module & Record<string, unknown>;
}
