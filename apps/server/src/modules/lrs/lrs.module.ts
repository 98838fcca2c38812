import { z } from "zod";
import type { Module, ModuleContext } from "../module.ts";
import type { ContentService } from "../library/index.ts";
import { createLrsRepo } from "./lrs.repo.ts";
import { lrsRoutes } from "./lrs.routes.ts";
import { createLrsCredentialsService } from "./lrs-credentials.service.ts";
import { createLrsMappingsService } from "./lrs-mappings.service.ts";
import { APPLY_JOB, createXapiApplier } from "./xapi.apply.ts";
import { xapiRoutes } from "./xapi.routes.ts";
import { createXapiService } from "./xapi.service.ts";

const REVISIT_JOB = "lrs.revisit";

/** The company's Learning Record Store: xAPI statements in, applied to people's libraries by a job. */
export function lrsModule(ctx: ModuleContext, deps: { content: ContentService }) {
  const db = ctx.database.db;
  const repo = createLrsRepo(db);
  const credentials = createLrsCredentialsService({ db, repo, clock: ctx.clock });
  const statements = createXapiService({ db, repo, jobs: ctx.jobs, clock: ctx.clock, publicUrl: ctx.config.publicUrl });
  const mappings = createLrsMappingsService({ db, repo, jobs: ctx.jobs });
  const applier = createXapiApplier({ repo, content: deps.content, publicUrl: ctx.config.publicUrl });
  ctx.jobs.define({
    name: APPLY_JOB,
    data: z.object({ companyId: z.number().int(), revisit: z.boolean() }),
    retryLimit: 3,
    retryDelay: 30,
    expireInSeconds: 30 * 60,
    run: async (data) => void (await applier.apply(data.companyId, data.revisit)),
  });
  // People join and items enter the catalog without telling this module: what waited is tried again now and then.
  ctx.jobs.define({ name: REVISIT_JOB, data: z.object({}), cron: "*/15 * * * *", expireInSeconds: 30 * 60, run: () => applier.revisitAll() });
  return {
    name: "lrs",
    applier,
    plugin: async (app) => {
      await app.register(lrsRoutes, { credentials, mappings, endpoint: `${ctx.config.publicUrl}/xapi/` });
      await app.register(xapiRoutes, { prefix: "/xapi", credentials, statements, clock: ctx.clock });
    },
  } satisfies Module & Record<string, unknown>;
}
