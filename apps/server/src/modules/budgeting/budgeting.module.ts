import type { IdentityRepo } from "../identity/index.ts";
import type { Module, ModuleContext } from "../module.ts";
import type { PeopleRepo } from "../people/index.ts";
import { createBudgetingRepo } from "./budgeting.repo.ts";
import { createBudgetingService } from "./budgeting.service.ts";
import { budgetsRoutes } from "./budgets.routes.ts";
import { purchaseRoutes } from "./purchase.routes.ts";

/** Learning budgets, their team allocations, and purchase requests against them. */
export function budgetingModule(ctx: ModuleContext, deps: { identity: IdentityRepo; people: PeopleRepo }) {
  const repo = createBudgetingRepo(ctx.database.db);
  const service = createBudgetingService({ db: ctx.database.db, events: ctx.events, clock: ctx.clock, repo, identity: deps.identity, people: deps.people });
  return {
    name: "budgeting",
    repo,
    service,
    plugin: async (app) => {
      await app.register(budgetsRoutes, { service });
      await app.register(purchaseRoutes, { service, clock: ctx.clock });
    },
  } satisfies Module & Record<string, unknown>;
}
