import path from "node:path";
import { fileURLToPath } from "node:url";
import { randomUUID } from "node:crypto";
import Fastify, { type FastifyReply, type FastifyServerOptions } from "fastify";
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from "fastify-type-provider-zod";
import type { Config } from "./config.ts";
import type { Database } from "./db/client.ts";
import { createMailer, type Mailer } from "./lib/mailer.ts";
import { createBackgroundTasks } from "./lib/background.ts";
import { databaseRateLimitStore } from "./lib/rate-limit-store.ts";
import authPlugin from "./plugins/auth.ts";
import errorsPlugin from "./plugins/errors.ts";
import inputPlugin from "./plugins/input.ts";
import openapiPlugin from "./plugins/openapi.ts";
import securityPlugin from "./plugins/security.ts";
import webPlugin from "./plugins/web.ts";
import { createAuth } from "./modules/identity/auth.ts";
import { createIdentityRepo } from "./modules/identity/identity.repo.ts";
import { identityRoutes } from "./modules/identity/identity.routes.ts";
import { createOnboardingRepo } from "./modules/onboarding/onboarding.repo.ts";
import { onboardingRoutes } from "./modules/onboarding/onboarding.routes.ts";
import onboardingEvents from "./modules/onboarding/onboarding.events.ts";
import { systemRoutes } from "./modules/system/system.routes.ts";
import { createContentRepo } from "./modules/library/content.repo.ts";
import { createContentService, type ReadMetadata } from "./modules/library/content.service.ts";
import { contentRoutes } from "./modules/library/content.routes.ts";
import { coursesRoutes } from "./modules/library/courses.routes.ts";
import { createFoldersRepo } from "./modules/library/folders.repo.ts";
import { foldersRoutes } from "./modules/library/folders.routes.ts";
import { fetchMetadata } from "./modules/library/metadata.ts";
import { createImageService } from "./modules/library/image.service.ts";
import { imageRoutes } from "./modules/library/image.routes.ts";
import { type SafeFetch, safeFetch } from "./lib/safe-fetch.ts";
import { createPeopleRepo } from "./modules/people/people.repo.ts";
import { createRequestsRepo } from "./modules/people/requests.repo.ts";
import { createPeopleService } from "./modules/people/people.service.ts";
import { teamsRoutes } from "./modules/people/teams.routes.ts";
import { employeesRoutes } from "./modules/people/employees.routes.ts";
import { requestsRoutes } from "./modules/people/requests.routes.ts";
import { invitationsRoutes } from "./modules/people/invitations.routes.ts";
import { createCollectionsRepo } from "./modules/network/collections.repo.ts";
import { collectionsRoutes } from "./modules/network/collections.routes.ts";
import { createDraftsRepo } from "./modules/network/drafts.repo.ts";
import { publishRoutes } from "./modules/network/publish.routes.ts";
import { createPlansRepo } from "./modules/network/plans.repo.ts";
import { createPlansService } from "./modules/network/plans.service.ts";
import { plansRoutes } from "./modules/network/plans.routes.ts";
import { createBudgetingRepo } from "./modules/budgeting/budgeting.repo.ts";
import { budgetsRoutes } from "./modules/budgeting/budgets.routes.ts";
import { purchaseRoutes } from "./modules/budgeting/purchase.routes.ts";
import { createAdminRepo } from "./modules/admin/admin.repo.ts";
import { createDiscoverRepo } from "./modules/discover/discover.repo.ts";
import { discoverRoutes } from "./modules/discover/discover.routes.ts";
import { createCopilotRepo } from "./modules/discover/copilot.repo.ts";
import { createCopilotService } from "./modules/discover/copilot.service.ts";
import { copilotRoutes } from "./modules/discover/copilot.routes.ts";
import { createCopilotEngine } from "./modules/discover/copilot/engine.ts";
import { createLlm } from "./modules/discover/copilot/llm.ts";
import { adminRoutes } from "./modules/admin/admin.routes.ts";
import { createInsightsRepo } from "./modules/insights/insights.repo.ts";
import { createInsightsService } from "./modules/insights/insights.service.ts";
import { createInsightActions } from "./modules/insights/insights.actions.ts";
import { insightsRoutes } from "./modules/insights/insights.routes.ts";
import { subscribeInsights } from "./modules/insights/insights.events.ts";

// A client's request id is kept for tracing only when it cannot forge log lines or answer headers.
const CLIENT_REQUEST_ID = /^[A-Za-z0-9._:-]{1,128}$/;

export const DEFAULT_WEB_DIST = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../../web/dist");

export interface AppOptions {
  config: Config;
  database: Database;
  /** Secret for sessions; main.ts derives one when AUTH_SECRET is unset outside production. */
  authSecret: string;
  mailer?: Mailer;
  /** Reads a saved page's metadata; defaults to reading the page through `fetch`. */
  readMetadata?: ReadMetadata;
  /** Outbound fetcher for pages and images; defaults to public addresses only. */
  fetch?: SafeFetch;
  /** Where resized images are kept; defaults to DATA_DIR/image-cache. */
  imageCacheDir?: string;
  logger?: FastifyServerOptions["logger"];
}

/** The whole server without listening: main.ts listens, tests inject. */
export async function buildApp(opts: AppOptions) {
  const { config, database } = opts;
  const app = Fastify({
    logger: opts.logger ?? { level: config.LOG_LEVEL },
    trustProxy: config.TRUST_PROXY,
    bodyLimit: 1024 * 1024,
    requestIdHeader: false,
    genReqId: (req) => {
      const id = req.headers["x-request-id"];
      return typeof id === "string" && CLIENT_REQUEST_ID.test(id) ? id : randomUUID();
    },
    routerOptions: { ignoreTrailingSlash: true, maxParamLength: 500 },
    // Errors raised by the router itself (bad URL encoding, over-long parameters) keep our shape.
    frameworkErrors: (err, _req, reply) => {
      void (reply as unknown as FastifyReply)
        .status(err.statusCode ?? 400)
        .send({ error: { code: "bad_request", message: err.message } });
    },
  }).withTypeProvider<ZodTypeProvider>();
  // Links in answers (next/previous) are built from here, never from the request's Host header.
  app.decorate("publicUrl", config.publicUrl);
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.addHook("onSend", async (req, reply) => {
    reply.header("x-request-id", req.id);
  });

  const mailer = opts.mailer ?? createMailer({ db: database.db, smtpUrl: config.SMTP_URL, from: config.MAIL_FROM });
  const identityRepo = createIdentityRepo(database.db);
  const background = createBackgroundTasks((err) => app.log.error({ err }, "background task failed"));
  app.addHook("onClose", () => background.drain());
  const auth = createAuth({
    db: database.db,
    repo: identityRepo,
    mailer,
    background,
    secret: opts.authSecret,
    publicUrl: config.publicUrl,
    trustedOrigins: [...config.sameOrigins, ...config.CORS_ORIGINS],
  });

  await app.register(errorsPlugin);
  await app.register(securityPlugin, {
    publicUrl: config.publicUrl,
    sameOrigins: config.sameOrigins,
    corsOrigins: config.CORS_ORIGINS,
    thirdParties: { chatWidgetUrl: config.CHAT_WIDGET_URL, tagManagerId: config.TAG_MANAGER_ID },
  });
  // After security: its refusals still carry the security and CORS headers.
  await app.register(inputPlugin);
  await app.register(openapiPlugin);
  await app.register(authPlugin, {
    auth,
    repo: identityRepo,
    sessionCacheMs: config.SESSION_CACHE_SECONDS * 1000,
    rateLimitStore: databaseRateLimitStore(database.db),
  });

  await app.register(systemRoutes, { database, exposeOutbox: config.NODE_ENV !== "production" });
  await app.register(identityRoutes, { repo: identityRepo });
  const onboardingRepo = createOnboardingRepo(database.db);
  await app.register(onboardingRoutes, { repo: onboardingRepo });
  await app.register(onboardingEvents);

  const contentRepo = createContentRepo(database.db);
  const fetcher = opts.fetch ?? safeFetch;
  const readMetadata: ReadMetadata =
    opts.readMetadata ??
    (async (url) => {
      const read = await fetchMetadata(url, { fetch: fetcher });
      if (!read.ok) app.log.info({ url, reason: read.reason }, "page metadata unavailable");
      return read.ok ? read.metadata : null;
    });
  const contentService = createContentService({ repo: contentRepo, readMetadata });
  await app.register(contentRoutes, { repo: contentRepo, service: contentService });
  await app.register(coursesRoutes, { service: contentService });
  await app.register(foldersRoutes, { folders: createFoldersRepo(database.db), content: contentRepo, service: contentService });
  await app.register(imageRoutes, {
    service: createImageService({
      cacheDir: opts.imageCacheDir ?? path.join(config.DATA_DIR, "image-cache"),
      cacheMaxBytes: config.IMAGE_CACHE_MAX_MB * 1024 * 1024,
      fetch: fetcher,
      onCacheError: (err) => app.log.warn({ err }, "image cache write failed"),
    }),
  });

  const people = createPeopleRepo(database.db);
  const requests = createRequestsRepo(database.db);
  const peopleService = createPeopleService({ people, requests, mailer, publicUrl: config.publicUrl });
  await app.register(teamsRoutes, { people });
  await app.register(employeesRoutes, { people });
  await app.register(requestsRoutes, { requests, service: peopleService });
  await app.register(invitationsRoutes, { requests, service: peopleService, auth });

  const collectionsRepo = createCollectionsRepo(database.db);
  const plansRepo = createPlansRepo(database.db);
  const draftsRepo = createDraftsRepo(database.db);
  await app.register(collectionsRoutes, { repo: collectionsRepo, drafts: draftsRepo, content: contentService });
  await app.register(publishRoutes, { db: database.db, drafts: draftsRepo });
  await app.register(plansRoutes, { plans: plansRepo, people, service: createPlansService({ plans: plansRepo, collections: collectionsRepo, people }) });

  const discover = createDiscoverRepo(database.db);
  const copilotRepo = createCopilotRepo(database.db);
  const llm =
    config.LLM_BASE_URL && config.LLM_MODEL && config.LLM_API_KEY
      ? createLlm({ baseUrl: config.LLM_BASE_URL, model: config.LLM_MODEL, apiKey: config.LLM_API_KEY, timeoutMs: config.LLM_TIMEOUT_MS })
      : null;
  await app.register(discoverRoutes, { repo: discover, collections: collectionsRepo });
  await app.register(copilotRoutes, {
    repo: copilotRepo,
    service: createCopilotService({
      repo: copilotRepo,
      discover,
      engine: createCopilotEngine(discover),
      collections: collectionsRepo,
      llm,
      warn: (err, message) => app.log.warn({ err }, message),
    }),
  });

  const budgeting = createBudgetingRepo(database.db);
  await app.register(budgetsRoutes, { repo: budgeting, identity: identityRepo, people });
  await app.register(purchaseRoutes, { repo: budgeting, identity: identityRepo });

  const insightsRepo = createInsightsRepo(database.db);
  const insightsService = createInsightsService({ repo: insightsRepo, budgeting });
  const insightActions = createInsightActions({ service: insightsService, repo: insightsRepo, mailer, publicUrl: config.publicUrl, onMailError: (err) => app.log.warn({ err }, "insights reminder mail failed") });
  await app.register(insightsRoutes, { service: insightsService, repo: insightsRepo, actions: insightActions });
  subscribeInsights();

  await app.register(adminRoutes, { repo: createAdminRepo(database.db), requests, people: peopleService, mailer, publicUrl: config.publicUrl });

  await app.register(webPlugin, {
    dist: config.WEB_DIST ?? DEFAULT_WEB_DIST,
    integrations: { extension_url: config.EXTENSION_URL ?? null, chat_widget_url: config.CHAT_WIDGET_URL ?? null, tag_manager_id: config.TAG_MANAGER_ID ?? null },
  });
  return app;
}
export type App = Awaited<ReturnType<typeof buildApp>>;
