import { z } from "zod";
import type { Module, ModuleContext } from "../module.ts";
import type { ContentService } from "../library/index.ts";
import { createSafeFetch } from "../../lib/safe-fetch.ts";
import { createLrsRepo } from "./lrs.repo.ts";
import { createLrsForwardRepo } from "./lrs-forward.repo.ts";
import { lrsForwardRoutes } from "./lrs-forward.routes.ts";
import { createLrsForwardService } from "./lrs-forward.service.ts";
import { createXapiForwarder } from "./xapi.forward.ts";
import { lrsRoutes } from "./lrs.routes.ts";
import { createLrsCredentialsService } from "./lrs-credentials.service.ts";
import { createLrsMappingsService } from "./lrs-mappings.service.ts";
import { APPLY_JOB, createXapiApplier } from "./xapi.apply.ts";
import { xapiRoutes } from "./xapi.routes.ts";
import { createXapiService } from "./xapi.service.ts";
import { createXapiDocumentsRepo } from "./xapi-documents.repo.ts";
import { createXapiDocumentsService } from "./xapi-documents.service.ts";
import { createXapiLookupRepo } from "./xapi-lookup.repo.ts";
import { createXapiLookupService } from "./xapi-lookup.service.ts";

const REVISIT_JOB = "lrs.revisit";

/**
 * The company's Learning Record Store: xAPI statements in, applied to people's libraries by a job; and
 * the company's own events out, as statements forwarded to an outside LRS by a job.
 */
export function lrsModule(ctx: ModuleContext, deps: { content: ContentService; secret: string }) {
  const db = ctx.database.db;
  const repo = createLrsRepo(db);
  const credentials = createLrsCredentialsService({ db, repo, clock: ctx.clock });
  const statements = createXapiService({ db, repo, jobs: ctx.jobs, clock: ctx.clock, publicUrl: ctx.config.publicUrl });
  const documents = createXapiDocumentsService({ db, repo: createXapiDocumentsRepo(db), clock: ctx.clock });
  const lookup = createXapiLookupService({ repo: createXapiLookupRepo(db), activeEmails: repo.activeEmails, publicUrl: ctx.config.publicUrl });
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
  const forwardRepo = createLrsForwardRepo(db);
  const allowPrivate = ctx.config.XAPI_FORWARD_ALLOW_PRIVATE;
  const forwarder = createXapiForwarder({
    repo: forwardRepo,
    jobs: ctx.jobs,
    // A test LRS on loopback (XAPI_FORWARD_ALLOW_PRIVATE, never in production) is let through; otherwise the app's public-only fetch.
    fetch: allowPrivate ? createSafeFetch({ allowAddress: () => true }) : ctx.fetch,
    clock: ctx.clock,
    secret: deps.secret,
    publicUrl: ctx.config.publicUrl,
    onError: (err) => ctx.log.error({ err }, "keeping a statement to forward failed"),
  });
  forwarder.subscribe(ctx.events);
  const forwarding = createLrsForwardService({ db, repo: forwardRepo, forwarder, clock: ctx.clock, secret: deps.secret, allowHttp: allowPrivate });
  return {
    name: "lrs",
    applier,
    plugin: async (app) => {
      await app.register(lrsRoutes, { credentials, mappings, endpoint: `${ctx.config.publicUrl}/xapi/` });
      await app.register(lrsForwardRoutes, { service: forwarding });
      await app.register(xapiRoutes, { prefix: "/xapi", credentials, statements, documents, lookup, clock: ctx.clock });
    },
  } satisfies Module & Record<string, unknown>;
}
