import type { Module, ModuleContext } from "../module.ts";
import type { CertificatesService } from "../certificates/index.ts";
import type { CollectionsService } from "../network/index.ts";
import type { Notifier } from "../notifications/index.ts";
import { complianceRemindersJob } from "./compliance.jobs.ts";
import { createComplianceRepo } from "./compliance.repo.ts";
import { complianceRoutes } from "./compliance.routes.ts";
import { createComplianceService } from "./compliance.service.ts";
import { subscribeCompliance } from "./compliance.subscribers.ts";

/** Required learning paths: who must complete which path by when, reminders, and the standing per team. */
export function complianceModule(ctx: ModuleContext, deps: { certificates: CertificatesService; collections: CollectionsService; notifier: Notifier }) {
  const db = ctx.database.db;
  const repo = createComplianceRepo(db);
  const service = createComplianceService({ db, repo, clock: ctx.clock, certificates: deps.certificates, collections: deps.collections });
  subscribeCompliance(ctx.events, service);
  ctx.jobs.define(complianceRemindersJob({ db, clock: ctx.clock, events: ctx.events, repo, service, notifier: deps.notifier }));
  return {
    name: "compliance",
    service,
    plugin: async (app) => {
      await app.register(complianceRoutes, { service, clock: ctx.clock });
    },
  } satisfies Module & Record<string, unknown>;
}
