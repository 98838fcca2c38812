import type { FastifyBaseLogger, FastifyPluginAsync } from "fastify";
import type { Config } from "../config.ts";
import type { Database } from "../db/client.ts";
import type { Mailer } from "../lib/mailer.ts";
import type { Jobs } from "../lib/jobs.ts";
import type { SafeFetch } from "../lib/safe-fetch.ts";
import type { EventBus } from "../lib/events.ts";
import type { Clock } from "../lib/clock.ts";

/** What every module may use; app.ts builds it once. Other modules' services come as explicit deps. */
export interface ModuleContext {
  config: Config;
  database: Database;
  mailer: Mailer;
  /** Background jobs (pg-boss): modules define theirs when they are built, before the app starts. */
  jobs: Jobs;
  /** Outbound fetcher for pages and images (public addresses only unless a test injects one). */
  fetch: SafeFetch;
  log: FastifyBaseLogger;
  /** This app's domain events: services emit in their transactions, subscribing modules listen. */
  events: EventBus;
  /** This app's "now" for every decision by the date (tests and CLOCK_OFFSET_DAYS move it). */
  clock: Clock;
}

/**
 * A module as app.ts sees it: its routes (and event subscriptions) as one plugin, plus whatever it
 * offers other modules (services, repos), built by the module's `index.ts`.
 */
export interface Module {
  name: string;
  plugin: FastifyPluginAsync;
}
