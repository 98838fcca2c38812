import type { Module, ModuleContext } from "../module.ts";
import type { PlansService } from "../network/index.ts";
import { createHomeRepo } from "./home.repo.ts";
import { homeRoutes } from "./home.routes.ts";
import { createHomeService } from "./home.service.ts";

/** The learner home: what needs a person, above their library. */
export function homeModule(ctx: ModuleContext, deps: { plans: Pick<PlansService, "plansOf"> }): Module {
  const service = createHomeService({ repo: createHomeRepo(ctx.database.db), plans: deps.plans, clock: ctx.clock });
  return {
    name: "home",
    plugin: async (app) => {
      await app.register(homeRoutes, { service });
    },
  };
}
