import type { Module, ModuleContext } from "../module.ts";
import type { PeopleService } from "../people/index.ts";
import { createAdminRepo } from "./admin.repo.ts";
import { adminRoutes } from "./admin.routes.ts";
import { createAdminService } from "./admin.service.ts";

/** The platform operators' area: every company, account and budget. */
export function adminModule(ctx: ModuleContext, deps: { people: PeopleService }): Module {
  return {
    name: "admin",
    plugin: async (app) => {
      const repo = createAdminRepo(ctx.database.db);
      await app.register(adminRoutes, { repo, service: createAdminService({ db: ctx.database.db, events: ctx.events, repo, people: deps.people }) });
    },
  };
}
