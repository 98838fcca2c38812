import type { IdentityRepo } from "../identity/identity.repo.ts";
import type { Module, ModuleContext } from "../module.ts";
import type { PeopleRepo } from "../people/people.repo.ts";
import { createBudgetingRepo } from "./budgeting.repo.ts";
import { budgetsRoutes } from "./budgets.routes.ts";
import { purchaseRoutes } from "./purchase.routes.ts";

/** Learning budgets, their team allocations, and purchase requests against them. */
export function budgetingModule(ctx: ModuleContext, deps: { identity: IdentityRepo; people: PeopleRepo }) {
  const repo = createBudgetingRepo(ctx.database.db);
  return {
    name: "budgeting",
    repo,
    plugin: async (app) => {
      await app.register(budgetsRoutes, { repo, identity: deps.identity, people: deps.people });
      await app.register(purchaseRoutes, { repo, identity: deps.identity });
    },
  } satisfies Module & Record<string, unknown>;
}
