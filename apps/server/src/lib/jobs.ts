import { PgBoss, type Db, type JobWithMetadata } from "pg-boss";
import { sql, type SQL } from "drizzle-orm";
import type { z } from "zod";
import type { Database } from "../db/client.ts";
import type { Executor } from "./events.ts";

/**
 * Background jobs on the database the app already has, through pg-boss: jobs survive a
 * restart, retry with backoff, and each is taken by one worker however many server processes run
 * (PostgreSQL's SKIP LOCKED; PGlite has one process). Scheduled jobs (cron) run once per slot
 * across processes too. A job is sent inside the caller's transaction when it passes one, so a
 * write rolled back takes its jobs with it.
 */
export interface JobDefinition<S extends z.ZodType> {
  name: string;
  data: S;
  /** Runs one job. Throwing fails it; it is retried `retryLimit` times with growing delays. */
  run(data: z.infer<S>, job: { id: string; retryCount: number }): Promise<void>;
  retryLimit?: number;
  /** Seconds before the first retry; each next one waits longer (backoff). */
  retryDelay?: number;
  /** A job running longer is taken as lost and retried. */
  expireInSeconds?: number;
  /** cron (UTC): the job is also sent on this schedule, once per slot across processes. */
  cron?: string;
}

export interface SendOptions {
  /** The caller's open transaction: the job exists only if it commits. */
  tx?: Executor;
  /**
   * A label stored with the job (pg-boss's singleton_key). On the app's standard queues it does not
   * by itself drop a second send: code that must act once dedupes by its own keys (mail, notifications)
   * or looks for a waiting job with the label (chat).
   */
  singletonKey?: string;
  startAfter?: Date | number;
}

export interface Jobs {
  define<S extends z.ZodType>(def: JobDefinition<S>): void;
  send<S extends z.ZodType>(def: JobDefinition<S> | string, data: z.infer<S>, opts?: SendOptions): Promise<string | null>;
  /**
   * Whether a job of this name and label (singletonKey) waits to run, read on the caller's
   * executor (its transaction sees its own sends). Waits for the queue's set-up if it is starting.
   * With `retrying`, a job waiting out its backoff after a failure counts too (a delivery job that
   * sends whatever is pending then needs no second one).
   */
  waiting(on: Executor, name: string, singletonKey: string, opts?: { retrying?: boolean }): Promise<boolean>;
  /** Creates the queues; with `work`, this process also takes jobs and runs schedules. */
  start(): Promise<void>;
  stop(): Promise<void>;
  /**
   * Runs every job that is due now in this process until none is left; answers how many ran. Tests
   * and one-off commands use it instead of waiting for a worker's next poll.
   */
  drain(): Promise<number>;
}

export interface JobsOptions {
  database: Database;
  /** Take jobs in this process (a server does; tests drain instead). */
  work: boolean;
  /** Seconds between polls of an idle worker. */
  pollSeconds?: number;
  onError(err: unknown, context: { job?: string }): void;
}

/** pg-boss's statements (`$1`-numbered) run on a Drizzle transaction, with their parameters bound. */
export function onExecutor(tx: Executor): Db {
  return {
    async executeSql(text, values = []) {
      const parts = text.split(/\$(\d+)/);
      const chunks: SQL[] = parts.map((part, i) => (i % 2 === 1 ? sql`${sql.param(values[Number(part) - 1])}` : sql.raw(part)));
      const result = (await tx.execute(sql.join(chunks))) as { rows: unknown[] };
      return { rows: result.rows };
    },
  };
}

/**
 * pg-boss 10's tables (schema version 24) cannot be migrated by pg-boss 11 or later, which start from
 * a new layout (version 25 on). A database a pg-boss 10 release worked on keeps them in `pgboss`: they
 * are moved aside to `pgboss_v10` before pg-boss installs its own, and the jobs still to run are
 * carried over once the queues exist (carryOverOldJobs).
 */
const OLD_SCHEMA = "pgboss_v10";
const FIRST_SCHEMA_VERSION = 25;

async function setAsideOldSchema(database: Database): Promise<void> {
  const installed = await database.executeSql("select to_regclass('pgboss.version') is not null as installed");
  if (!installed.rows[0]?.installed) return;
  const version = Number((await database.executeSql("select version from pgboss.version")).rows[0]?.version);
  if (!(version < FIRST_SCHEMA_VERSION)) return;
  await database.executeSql(`alter schema pgboss rename to ${OLD_SCHEMA}`);
}

/**
 * Copies the jobs that had not finished in pg-boss 10's tables into the queues of the same name, with
 * their data, retries so far, due time and label, then drops the old tables: one statement list, so
 * it happens whole or not at all, and a start that fails before it tries again. A job that was running
 * when that process stopped runs again (jobs are idempotent); jobs of queues the app no longer defines,
 * and pg-boss's own (schedules), are left behind, as the schedules are set up again on every start.
 */
async function carryOverOldJobs(database: Database): Promise<void> {
  const old = await database.executeSql(`select to_regnamespace('${OLD_SCHEMA}') is not null as present`);
  if (!old.rows[0]?.present) return;
  await database.executeSql(`
    insert into pgboss.job (id, name, priority, data, state, retry_limit, retry_count, retry_delay, retry_backoff,
                            expire_seconds, deletion_seconds, singleton_key, start_after, created_on, keep_until, policy)
    select j.id, j.name, j.priority, j.data,
           (case when j.state = 'active' then 'retry' else j.state::text end)::pgboss.job_state,
           j.retry_limit, j.retry_count, j.retry_delay, j.retry_backoff,
           q.expire_seconds, q.deletion_seconds, j.singleton_key,
           case when j.state = 'active' then now() else j.start_after end, j.created_on, j.keep_until, q.policy
      from ${OLD_SCHEMA}.job j join pgboss.queue q on q.name = j.name
     where j.state in ('created', 'retry', 'active')
    on conflict do nothing;
    drop schema ${OLD_SCHEMA} cascade;
  `);
}

/** Jobs a worker takes per poll. */
const BATCH = 20;

export function createJobs(opts: JobsOptions): Jobs {
  const boss = new PgBoss({
    db: { executeSql: (text, values) => opts.database.executeSql(text, values) },
    schema: "pgboss",
    // Maintenance (expiry, archiving) and cron belong to working processes only.
    supervise: opts.work,
    schedule: opts.work,
  });
  boss.on("error", (err) => opts.onError(err, {}));
  const defs = new Map<string, JobDefinition<z.ZodType>>();
  let started: Promise<void> | null = null;

  const runOne = async (def: JobDefinition<z.ZodType>, job: JobWithMetadata<unknown>) => {
    await def.run(def.data.parse(job.data), { id: job.id, retryCount: job.retryCount });
  };

  const jobs: Jobs = {
    define(def) {
      if (started) throw new Error(`job ${def.name} defined after the queue started`);
      defs.set(def.name, def as JobDefinition<z.ZodType>);
    },

    async send(def, data, o = {}) {
      const name = typeof def === "string" ? def : def.name;
      const known = defs.get(name);
      if (!known) throw new Error(`unknown job ${name}`);
      // Starting here would wait on the database a caller's open transaction holds (PGlite has one connection).
      if (!started) throw new Error(`the job queue is not started (sending ${name})`);
      await started;
      return boss.send(name, known.data.parse(data) as object, {
        ...(o.tx ? { db: onExecutor(o.tx) } : {}),
        ...(o.singletonKey ? { singletonKey: o.singletonKey } : {}),
        ...(o.startAfter !== undefined ? { startAfter: o.startAfter instanceof Date ? o.startAfter : new Date(o.startAfter) } : {}),
      });
    },

    async waiting(on, name, singletonKey, o = {}) {
      if (!defs.has(name)) throw new Error(`unknown job ${name}`);
      if (!started) throw new Error(`the job queue is not started (looking for ${name})`);
      await started;
      const found = (await on.execute(
        sql`select 1 from pgboss.job where name = ${name} and singleton_key = ${singletonKey}
              and (state = 'created' or (${o.retrying === true} and state = 'retry')) limit 1`,
      )) as { rows: unknown[] };
      return found.rows.length > 0;
    },

    start() {
      started ??= (async () => {
        // Several processes starting at once on an empty database would each install pg-boss's
        // tables and create the same queues (a queue is a partition attached to the job table):
        // PostgreSQL answers a duplicate schema or a deadlock and the process exits. One
        // process at a time sets up; the others then find everything in place.
        await opts.database.exclusive("jobs.setup", async () => {
          await setAsideOldSchema(opts.database);
          await boss.start();
          for (const def of defs.values()) {
            const queue = {
              name: def.name,
              retryLimit: def.retryLimit ?? 5,
              retryDelay: def.retryDelay ?? 30,
              retryBackoff: true,
              expireInSeconds: def.expireInSeconds ?? 300,
            };
            // createQueue keeps an existing queue as it is; the definition's retry rules win on every start.
            if (await boss.getQueue(def.name)) await boss.updateQueue(def.name, queue);
            else await boss.createQueue(def.name, queue);
          }
          await carryOverOldJobs(opts.database);
        });
        for (const def of defs.values()) {
          if (!opts.work) continue;
          // A worker takes up to BATCH jobs per poll and, when it got a full batch, polls again at
          // once: a backlog (a fan-out's mails) is worked at the speed of its jobs, not one per
          // polling round. Each job succeeds or fails on its own; pg-boss completes the rest.
          // Set once work() answers; a batch that arrives before then simply waits for the next poll.
          let workerId: string | null = null;
          workerId = await boss.work(def.name, { includeMetadata: true, batchSize: BATCH, pollingIntervalSeconds: opts.pollSeconds ?? 2 }, async (batch) => {
            for (const job of batch) {
              try {
                await runOne(def, job);
              } catch (err) {
                opts.onError(err, { job: def.name });
                await boss.fail(def.name, job.id, { message: err instanceof Error ? err.message : String(err) });
              }
            }
            if (batch.length === BATCH && workerId) boss.notifyWorker(workerId);
          });
          if (def.cron) await boss.schedule(def.name, def.cron, {}, { tz: "UTC" });
        }
      })();
      return started;
    },

    async stop() {
      if (!started) return;
      await started.catch(() => {});
      await boss.stop({ graceful: true, timeout: 10_000 });
      started = null;
    },

    async drain() {
      await jobs.start();
      let ran = 0;
      for (let pass = 0; pass < 100; pass++) {
        // A job is due once `start_after < now()`, and PGlite's clock moves in milliseconds: a job
        // sent within the current millisecond is not due yet.
        await new Promise((resolve) => setTimeout(resolve, 2));
        let found = 0;
        for (const def of defs.values()) {
          for (const job of await boss.fetch<unknown>(def.name, { includeMetadata: true, batchSize: 100 })) {
            found++;
            ran++;
            try {
              await runOne(def, job);
              await boss.complete(def.name, job.id);
            } catch (err) {
              opts.onError(err, { job: def.name });
              await boss.fail(def.name, job.id, { message: err instanceof Error ? err.message : String(err) });
            }
          }
        }
        if (found === 0) return ran;
      }
      throw new Error("jobs kept creating jobs for 100 passes");
    },
  };
  return jobs;
}

declare module "fastify" {
  interface FastifyInstance {
    /** The app's job queue (tests drain it; main.ts lets its workers run). */
    jobs: Jobs;
  }
}
