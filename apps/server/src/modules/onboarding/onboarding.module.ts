import type { Module, ModuleContext } from "../module.ts";
import { subscribeOnboarding } from "./onboarding.events.ts";
import { createOnboardingRepo } from "./onboarding.repo.ts";
import { onboardingRoutes } from "./onboarding.routes.ts";
import { createOnboardingService } from "./onboarding.service.ts";

/** The onboarding checklist; its subtasks tick from domain events (onboarding.events.ts) and from what the data shows done. */
export function onboardingModule(ctx: ModuleContext): Module {
  const repo = createOnboardingRepo(ctx.database.db);
  const service = createOnboardingService({ db: ctx.database.db, repo, log: ctx.log });
  subscribeOnboarding(ctx.events, ctx.log);
  return {
    name: "onboarding",
    plugin: async (app) => {
      await app.register(onboardingRoutes, { service });
    },
  };
}
