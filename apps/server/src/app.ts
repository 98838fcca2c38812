import path from "node:path";
import { fileURLToPath } from "node:url";
import { randomUUID } from "node:crypto";
import Fastify, { type FastifyReply, type FastifyServerOptions } from "fastify";
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from "fastify-type-provider-zod";
import type { Config } from "./config.ts";
import type { Database } from "./db/client.ts";
import { createMailer, createTransport, type MailTransport } from "./lib/mailer.ts";
import { createJobs } from "./lib/jobs.ts";
import { createEventBus } from "./lib/events.ts";
import { createClock } from "./lib/clock.ts";
import { createBackgroundTasks } from "./lib/background.ts";
import { databaseRateLimitStore } from "./lib/rate-limit-store.ts";
import authPlugin from "./plugins/auth.ts";
import errorsPlugin from "./plugins/errors.ts";
import inputPlugin from "./plugins/input.ts";
import openapiPlugin from "./plugins/openapi.ts";
import securityPlugin from "./plugins/security.ts";
import webPlugin from "./plugins/web.ts";
import extensionDownloadsPlugin from "./plugins/extension-downloads.ts";
import { systemModule } from "./modules/system/system.module.ts";
import { identityModule } from "./modules/identity/identity.module.ts";
import type { PasswordHashing } from "./modules/identity/index.ts";
import { onboardingModule } from "./modules/onboarding/onboarding.module.ts";
import { libraryModule } from "./modules/library/library.module.ts";
import { peopleModule } from "./modules/people/people.module.ts";
import { networkModule } from "./modules/network/network.module.ts";
import { discoverModule } from "./modules/discover/discover.module.ts";
import { budgetingModule } from "./modules/budgeting/budgeting.module.ts";
import { insightsModule } from "./modules/insights/insights.module.ts";
import { adminModule } from "./modules/admin/admin.module.ts";
import { notificationsModule } from "./modules/notifications/notifications.module.ts";
import { calendarModule } from "./modules/calendar/calendar.module.ts";
import { homeModule } from "./modules/home/home.module.ts";
import { complianceModule } from "./modules/compliance/compliance.module.ts";
import { certificatesModule } from "./modules/certificates/certificates.module.ts";
import { chatModule } from "./modules/chat/chat.module.ts";
import { scimModule } from "./modules/scim/scim.module.ts";
import { ssoModule } from "./modules/sso/sso.module.ts";
import { lrsModule } from "./modules/lrs/lrs.module.ts";
import { XAPI_CORS } from "./modules/lrs/index.ts";
import { skillsModule } from "./modules/skills/skills.module.ts";
import type { ModuleContext } from "./modules/module.ts";
import { planHolders } from "./modules/network/plans.repo.ts";
import { networkPolicy } from "./modules/network/network.policy.ts";
import { budgetingPolicy } from "./modules/budgeting/budgeting.policy.ts";
import { peoplePolicy } from "./modules/people/people.policy.ts";
import type { ReadMetadata } from "./modules/library/content.service.ts";
import { type SafeFetch, safeFetch } from "./lib/safe-fetch.ts";

// A client's request id is kept for tracing only when it cannot forge log lines or answer headers.
const CLIENT_REQUEST_ID = /^[A-Za-z0-9._:-]{1,128}$/;

export const DEFAULT_WEB_DIST = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../../web/dist");
/** Where apps/extension's build writes its zips. */
export const DEFAULT_EXTENSION_DIST = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../../extension/dist");

export interface AppOptions {
  config: Config;
  database: Database;
  /** Secret for sessions; main.ts derives one when AUTH_SECRET is unset outside production. */
  authSecret: string;
  /** Where mail goes once its job runs; defaults to SMTP_URL's relay or the outbox table. */
  mailTransport?: MailTransport;
  /** Reads a saved page's metadata; defaults to reading the page through `fetch`. */
  readMetadata?: ReadMetadata;
  /** Outbound fetcher for pages and images; defaults to public addresses only. */
  fetch?: SafeFetch;
  /** Where resized images are kept; defaults to DATA_DIR/image-cache. */
  imageCacheDir?: string;
  /** How passwords are hashed and checked; defaults to better-auth's scrypt. */
  passwordHashing?: PasswordHashing;
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
      // The hook's reply is typed by the zod type provider's generic route; this answer is the common error shape.
      void (reply as FastifyReply).status(err.statusCode ?? 400).send({ error: { code: "bad_request", message: err.message } });
    },
  }).withTypeProvider<ZodTypeProvider>();
  // Links in answers (next/previous) are built from here, never from the request's Host header.
  app.decorate("publicUrl", config.publicUrl);
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  // A call that says JSON and sends nothing (many HTTP clients' DELETE) has no body: Fastify's own
  // parser would answer 400. Anything sent is parsed, and refused when broken, as before.
  const parseJson = app.getDefaultJsonParser("error", "error");
  app.removeContentTypeParser("application/json");
  app.addContentTypeParser("application/json", { parseAs: "string" }, (req, body, done) =>
    body === "" ? done(null, undefined) : parseJson(req, String(body), done),
  );
  app.addHook("onSend", async (req, reply) => {
    reply.header("x-request-id", req.id);
  });

  // Tests and the browser suite move the app's clock to pass reminder points (refused in production).
  const clock = createClock(config.CLOCK_OFFSET_DAYS);
  const jobs = createJobs({ database, work: config.JOBS_WORK, onError: (err, { job }) => app.log.error({ err, job }, "job failed") });
  const transport = opts.mailTransport ?? createTransport({ db: database.db, smtpUrl: config.SMTP_URL, from: config.MAIL_FROM });
  const mailer = createMailer({ db: database.db, jobs, transport });
  const background = createBackgroundTasks((err) => app.log.error({ err }, "background task failed"));
  app.addHook("onClose", () => background.drain());
  app.addHook("onClose", () => jobs.stop());
  const events = createEventBus();
  const ctx: ModuleContext = { config, database, mailer, jobs, fetch: opts.fetch ?? safeFetch, log: app.log, events, clock };
  // Single sign-on's sign-in is a better-auth plugin: built first, mounted by identity with its own.
  // Its group placement writes through people's repos, built later (people needs identity's auth): reached lazily.
  const sso = ssoModule(ctx, { secret: opts.authSecret, people: () => ({ repo: people.teams, teams: people.teams }) });
  const identity = identityModule(ctx, { secret: opts.authSecret, background, sso: sso.authPlugins, passwordHashing: opts.passwordHashing });

  await app.register(errorsPlugin);
  await app.register(securityPlugin, {
    publicUrl: config.publicUrl,
    sameOrigins: config.sameOrigins,
    corsOrigins: config.CORS_ORIGINS,
    extensionIds: config.EXTENSION_IDS,
    openApis: [XAPI_CORS],
    thirdParties: { chatWidgetUrl: config.CHAT_WIDGET_URL, tagManagerId: config.TAG_MANAGER_ID },
  });
  // After security: its refusals still carry the security and CORS headers.
  await app.register(inputPlugin);
  await app.register(openapiPlugin);
  await app.register(authPlugin, {
    auth: identity.auth,
    repo: identity.repo,
    identity: identity.service,
    accessTokens: identity.accessTokens,
    sessionCacheMs: config.SESSION_CACHE_SECONDS * 1000,
    rateLimitStore: databaseRateLimitStore(database.db),
  });

  // Each module registers its own routes and event subscriptions; what one offers another is passed explicitly.
  const notifications = notificationsModule(ctx, {
    secret: opts.authSecret,
    planHolders,
    decidesPurchase: budgetingPolicy.decide,
    decidesPublish: networkPolicy.decidePublish,
    decidesPeopleRequests: peoplePolicy.decideRequests,
  });
  const library = libraryModule(ctx, { readMetadata: opts.readMetadata, imageCacheDir: opts.imageCacheDir });
  const people = peopleModule(ctx, { auth: identity.auth, identity: identity.service });
  const network = networkModule(ctx, { content: library.service, people: people.repo, notifier: notifications.notifier });
  const budgeting = budgetingModule(ctx, { identity: identity.repo, people: people.repo });
  const certificates = certificatesModule(ctx);
  const compliance = complianceModule(ctx, { certificates: certificates.service, collections: network.collections, notifier: notifications.notifier });
  const modules = [
    systemModule(ctx),
    notifications,
    identity,
    onboardingModule(ctx),
    library,
    people,
    network,
    discoverModule(ctx, { collections: network.collections, library: library.service }),
    homeModule(ctx, { plans: network.plans }),
    budgeting,
    insightsModule(ctx, { budgeting: budgeting.service }),
    certificates,
    compliance,
    adminModule(ctx, { people: people.service }),
    calendarModule(ctx, { plans: network.plansRepo, compliance: compliance.service }),
    chatModule(ctx),
    scimModule(ctx, { people: people.teams, teams: people.teams, identity: identity.service }),
    sso,
    lrsModule(ctx, { content: library.service, secret: opts.authSecret }),
    skillsModule(ctx, { people: people.repo }),
  ];
  for (const module of modules) await app.register(module.plugin);
  // Every module has defined its jobs by now: the queues start with the app, before it listens. Not
  // in the background: a request's transaction that sends a job would wait for a set-up that waits
  // for that transaction's connection (PGlite has one; a pool can run out).
  app.addHook("onReady", () => jobs.start());
  app.decorate("jobs", jobs);
  app.decorate("events", events);
  app.decorate("clock", clock);
  app.decorate("notifier", notifications.notifier);

  await app.register(extensionDownloadsPlugin, { dist: config.EXTENSION_DIST ?? DEFAULT_EXTENSION_DIST });
  await app.register(webPlugin, {
    dist: config.WEB_DIST ?? DEFAULT_WEB_DIST,
    integrations: {
      extension_chrome_url: config.EXTENSION_CHROME_URL ?? null,
      extension_firefox_url: config.EXTENSION_FIREFOX_URL ?? null,
      chat_widget_url: config.CHAT_WIDGET_URL ?? null,
      tag_manager_id: config.TAG_MANAGER_ID ?? null,
    },
  });
  return app;
}
export type App = Awaited<ReturnType<typeof buildApp>>;
