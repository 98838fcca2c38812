import type { ContentService } from "../library/index.ts";
import type { Module, ModuleContext } from "../module.ts";
import type { Notifier } from "../notifications/index.ts";
import type { PeopleRepo } from "../people/index.ts";
import { createCollectionsRepo } from "./collections.repo.ts";
import { createCompletionsRepo } from "./completions.repo.ts";
import { subscribeNetwork } from "./network.subscribers.ts";
import { collectionsRoutes } from "./collections.routes.ts";
import { createCollectionsService } from "./collections.service.ts";
import { createDraftsRepo } from "./drafts.repo.ts";
import { createPlanAttachmentsService } from "./plan-attachments.service.ts";
import { planAttachmentsRoutes } from "./plan-attachments.routes.ts";
import { createPlansRepo } from "./plans.repo.ts";
import { plansRoutes } from "./plans.routes.ts";
import { createPlansService } from "./plans.service.ts";
import { createPublishRepo } from "./publish.repo.ts";
import { publishRoutes } from "./publish.routes.ts";
import { createPublishService } from "./publish.service.ts";
import { createRemindersRepo } from "./reminders.repo.ts";
import { planRemindersJob } from "./reminders.ts";

/** The company's learning network: collections, learning paths, publishing and upskilling plans. */
export function networkModule(ctx: ModuleContext, deps: { content: ContentService; people: PeopleRepo; notifier: Notifier }) {
  const collections = createCollectionsRepo(ctx.database.db);
  const plans = createPlansRepo(ctx.database.db);
  const drafts = createDraftsRepo(ctx.database.db);
  const completions = createCompletionsRepo();
  subscribeNetwork(ctx.events, completions);
  ctx.jobs.define(planRemindersJob({ db: ctx.database.db, clock: ctx.clock, repo: createRemindersRepo(ctx.database.db), notifier: deps.notifier }));
  const collectionsService = createCollectionsService({ db: ctx.database.db, events: ctx.events, collections, drafts, completions, content: deps.content });
  const plansService = createPlansService({ db: ctx.database.db, events: ctx.events, clock: ctx.clock, plans, collections, people: deps.people });
  return {
    name: "network",
    /** Collections as other modules make and read them (the copilot turns an answer into one). */
    collections: collectionsService,
    /** The plans table's reads (the calendar feed lists a person's deadlines from it). */
    plansRepo: plans,
    /** The plans people hold, with status and progress (the learner home reads them too). */
    plans: plansService,
    plugin: async (app) => {
      await app.register(collectionsRoutes, { repo: collections, drafts, content: deps.content, service: collectionsService });
      await app.register(publishRoutes, {
        service: createPublishService({ db: ctx.database.db, events: ctx.events, publish: createPublishRepo(ctx.database.db), collections, drafts }),
      });
      await app.register(plansRoutes, { plans, people: deps.people, service: plansService });
      await app.register(planAttachmentsRoutes, {
        service: createPlanAttachmentsService({ db: ctx.database.db, events: ctx.events, plans, planService: plansService, content: deps.content }),
      });
    },
  } satisfies Module & Record<string, unknown>;
}
