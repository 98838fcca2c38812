import { z } from "zod";
import type { BudgetingReads } from "./insights.service.ts";
import type { Module, ModuleContext } from "../module.ts";
import { createInsightActions } from "./insights.actions.ts";
import { subscribeInsights } from "./insights.subscribers.ts";
import { createInsightsRepo } from "./insights.repo.ts";
import { insightsRoutes } from "./insights.routes.ts";
import { createInsightsService } from "./insights.service.ts";

/** What a company's learning data says and what to do about it; fed by domain events. */
export function insightsModule(ctx: ModuleContext, deps: { budgeting: BudgetingReads }): Module {
  const repo = createInsightsRepo(ctx.database.db);
  const service = createInsightsService({ db: ctx.database.db, repo, budgeting: deps.budgeting, clock: ctx.clock });
  const actions = createInsightActions({
    service,
    repo,
    mailer: ctx.mailer,
    clock: ctx.clock,
    publicUrl: ctx.config.publicUrl,
    onMailError: (err) => ctx.log.warn({ err }, "insights reminder mail failed"),
  });
  subscribeInsights(ctx.events);
  // Actions leave their events for the pre-aggregations to a fold (insights.events.repo.ts); reads
  // fold first, and this keeps the waiting events few between reads.
  ctx.jobs.define({ name: "insights.fold", data: z.object({}), cron: "* * * * *", run: () => service.settle() });
  return {
    name: "insights",
    plugin: async (app) => {
      await app.register(insightsRoutes, { service, repo, actions, clock: ctx.clock });
    },
  };
}
