// The databases tests run on. Every file gets a fresh one (a PGlite data folder of its own, or a
// database of its own on the PostgreSQL server of DATABASE_URL), copied from a template that the
// run's first file to need it builds once: migrated, with the job queue set up ("empty"), and the same
// with the demo world seeded and learned by the copilot ("demo"). Migrating a fresh PGlite (initdb and
// every migration) and starting the job queue on it cost each of some eighty files about 5 s of CPU; a
// copied folder opens in under one, and a file that needs no database pays nothing.
import { randomBytes, randomUUID, scrypt, timingSafeEqual } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import type { Logger } from "drizzle-orm/logger";
import { inject } from "vitest";
import { loadConfig } from "../src/config.ts";
import { openDatabase, type Database } from "../src/db/client.ts";
import { seedDemo } from "../src/db/seed/index.ts";
import { learnCompany } from "../src/modules/discover/catalog-learning.ts";
import { createCatalogLearningRepo } from "../src/modules/discover/catalog-learning.repo.ts";
import { buildApp, type App } from "../src/app.ts";
import type { MailTransport } from "../src/lib/mailer.ts";
import type { SafeFetch } from "../src/lib/safe-fetch.ts";
import type { ReadMetadata } from "../src/modules/library/content.service.ts";
import type { PasswordHashing } from "../src/modules/identity/index.ts";

export const DEMO_PASSWORD = "learnward-demo";

/** Where this run keeps its templates (test/global-setup.ts): a folder of PGlite data folders, or a name prefix of databases. */
export interface TemplatePlace {
  kind: "pglite" | "postgres";
  /** The folder (PGlite) or the database-name prefix (PostgreSQL). */
  at: string;
}

declare module "vitest" {
  export interface ProvidedContext {
    templates: TemplatePlace;
  }
}

/**
 * A fresh database: in-memory PGlite by default, or a new database on the PostgreSQL server of
 * DATABASE_URL (CI), dropped by `drop`. It starts as a copy of `template` (a data folder, or a
 * database's name) when given one, else empty.
 */
export async function freshDatabase(opts: { logger?: Logger; template?: string; name?: string; onDisk?: boolean } = {}) {
  const url = process.env.DATABASE_URL;
  if (!url) {
    if (!opts.template && !opts.onDisk) return { database: await openDatabase({ logger: opts.logger }), name: undefined, drop: async () => {} };
    // A copy of the template's data folder: the operating system copies its 45 MB in a few
    // milliseconds, where loading a dump into PGlite's memory cost each file about a second of CPU.
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "lw-test-db-"));
    if (opts.template) fs.cpSync(opts.template, dataDir, { recursive: true });
    try {
      const database = await openDatabase({ dataDir, logger: opts.logger });
      return { database, name: undefined, dataDir, drop: async () => fs.rmSync(dataDir, { recursive: true, force: true }) };
    } catch (err) {
      fs.rmSync(dataDir, { recursive: true, force: true });
      throw err;
    }
  }
  const name = opts.name ?? `lw_test_${randomUUID().replace(/-/g, "").slice(0, 16)}`;
  await onServer(url, (c) => c.query(`create database ${pg.escapeIdentifier(name)}${opts.template ? ` template ${pg.escapeIdentifier(opts.template)}` : ""}`));
  const testUrl = new URL(url);
  testUrl.pathname = `/${name}`;
  const database = await openDatabase({ url: testUrl.toString(), poolSize: 5, logger: opts.logger });
  return { database, name, drop: () => dropDatabase(url, name) };
}

async function onServer<T>(url: string, fn: (c: pg.Client) => Promise<T>): Promise<T> {
  const c = new pg.Client({ connectionString: url });
  await c.connect();
  try {
    return await fn(c);
  } finally {
    await c.end();
  }
}

/** Drops a database of the PostgreSQL server at `url`, ending its connections. */
export async function dropDatabase(url: string, name: string) {
  await onServer(url, async (c) => {
    // An autovacuum worker on the fresh database (after a test's bulk writes) can't be ended by
    // a non-superuser: the drop answers 42501 until it finishes, a moment later.
    for (let attempt = 1; ; attempt++) {
      try {
        await c.query(`drop database if exists ${pg.escapeIdentifier(name)} with (force)`);
        return;
      } catch (err) {
        if ((err as { code?: string }).code !== "42501" || attempt === 20) throw err;
        await new Promise((resolve) => setTimeout(resolve, 250));
      }
    }
  });
}

/** Drops every database whose name starts with `prefix` (a run's templates). */
export async function dropDatabasesLike(url: string, prefix: string) {
  const names = await onServer(
    url,
    async (c) => (await c.query<{ datname: string }>("select datname from pg_database where starts_with(datname, $1)", [prefix])).rows,
  );
  for (const { datname } of names) await dropDatabase(url, datname);
}

/**
 * better-auth's scrypt at a small fraction of its cost: the same salted key derivation, so sign-in,
 * wrong passwords and resets behave as they do in production, without a tenth of a second of a core
 * per sign-in across the suite's hundreds.
 */
const quickScrypt = { N: 1024, r: 8, p: 1, dkLen: 64 };
const derive = (password: string, salt: string) =>
  new Promise<Buffer>((resolve, reject) =>
    scrypt(password.normalize("NFKC"), salt, quickScrypt.dkLen, { N: quickScrypt.N, r: quickScrypt.r, p: quickScrypt.p }, (err, key) =>
      err ? reject(err) : resolve(key),
    ),
  );
export const testPasswordHashing: PasswordHashing = {
  async hash(password) {
    const salt = randomBytes(16).toString("hex");
    return `${salt}:${(await derive(password, salt)).toString("hex")}`;
  },
  async verify({ hash, password }) {
    const [salt, key] = hash.split(":");
    if (!salt || !key) return false;
    const derived = await derive(password, salt);
    return derived.length === Buffer.from(key, "hex").length && timingSafeEqual(derived, Buffer.from(key, "hex"));
  },
};

export type AppOptions = { env?: Record<string, string>; mailTransport?: MailTransport; readMetadata?: ReadMetadata; fetch?: SafeFetch };

/** The app as tests run it, on `database`: jobs wait in the queue, no web build, silent. */
export async function startTestApp(database: Database, opts: AppOptions = {}) {
  const imageCacheDir = path.join(os.tmpdir(), `lw-image-cache-${randomUUID()}`);
  const config = loadConfig({
    NODE_ENV: "test",
    LOG_LEVEL: "silent",
    PUBLIC_URL: "http://localhost:3000",
    WEB_DIST: "/nonexistent-web-dist",
    // Jobs wait in the queue until a test reads what they did (mails() drains it), as a worker would run them.
    JOBS_WORK: "false",
    ...opts.env,
  });
  const app = await buildApp({
    config,
    database,
    authSecret: "test-secret-test-secret-test-secret-1234",
    mailTransport: opts.mailTransport,
    readMetadata: opts.readMetadata,
    fetch: opts.fetch,
    imageCacheDir,
    passwordHashing: testPasswordHashing,
    logger: false,
  });
  await app.ready();
  return { app, config, imageCacheDir };
}

/** The demo world, as the server's start leaves it: seeded, then learned by the copilot (main.ts). */
export async function seedDemoWorld(database: Database, app: App) {
  await seedDemo(database.db, { password: DEMO_PASSWORD, auth: app.auth });
  const learning = createCatalogLearningRepo(database.db);
  for (const companyId of await learning.companies()) await learnCompany({ db: database.db, repo: learning }, companyId);
}

/** Starts the app on `database` once (the job queue's tables and queues), seeds when asked, and stops it. */
async function prepare(database: Database, seed: boolean) {
  const { app, imageCacheDir } = await startTestApp(database);
  try {
    if (seed) await seedDemoWorld(database, app);
  } finally {
    await app.close();
    fs.rmSync(imageCacheDir, { recursive: true, force: true });
  }
}

type TemplateKind = "empty" | "demo";
const building = new Map<TemplateKind, Promise<string>>();

/**
 * The run's template of this kind (a data folder or a database name), built by the first file that
 * asks; undefined outside a vitest run with test/global-setup.ts (the file then starts from scratch).
 */
export function template(kind: TemplateKind): Promise<string | undefined> {
  let place: TemplatePlace | undefined;
  try {
    place = inject("templates");
  } catch {
    return Promise.resolve(undefined);
  }
  if (!place || place.kind !== (process.env.DATABASE_URL ? "postgres" : "pglite")) return Promise.resolve(undefined);
  const at = place;
  let made = building.get(kind);
  if (!made) {
    made = at.kind === "postgres" ? postgresTemplate(at.at, kind) : pgliteTemplate(at.at, kind);
    building.set(kind, made);
  }
  return made;
}

/** Builds the demo template on a copy of the empty one, so the migrations run once per run. */
async function build(kind: TemplateKind, name?: string) {
  const base = kind === "demo" ? await template("empty") : undefined;
  const fresh = await freshDatabase({ template: base, name, onDisk: true });
  try {
    await prepare(fresh.database, kind === "demo");
    return fresh;
  } catch (err) {
    await fresh.database.close();
    await fresh.drop();
    throw err;
  }
}

/** Workers of one run take turns through a lock folder; the first builds, the others find the file. */
async function pgliteTemplate(folder: string, kind: TemplateKind): Promise<string> {
  const file = path.join(folder, kind);
  const lock = path.join(folder, `${kind}.lock`);
  const failed = path.join(folder, `${kind}.failed`);
  for (const deadline = Date.now() + 10 * 60_000; ;) {
    if (fs.existsSync(file)) return file;
    if (fs.existsSync(failed)) throw new Error(`building the ${kind} test database failed in another worker: ${fs.readFileSync(failed, "utf8")}`);
    try {
      fs.mkdirSync(lock);
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== "EEXIST") throw err;
      // Another worker is building it: a positive end state (the file) ends the wait; the deadline only guards a hang.
      if (Date.now() > deadline) throw new Error(`the ${kind} test database was not built within 10 minutes`, { cause: err });
      await new Promise((resolve) => setTimeout(resolve, 100));
      continue;
    }
    try {
      const { database, dataDir, drop } = await build(kind);
      try {
        // The built database's folder, closed, becomes the template; it moves into place whole.
        await database.close();
        fs.renameSync(dataDir!, file);
      } finally {
        await drop();
      }
      return file;
    } catch (err) {
      fs.writeFileSync(failed, err instanceof Error ? (err.stack ?? err.message) : String(err));
      throw err;
    }
  }
}

/** Workers of one run take turns through an advisory lock; a template database takes no connections. */
async function postgresTemplate(prefix: string, kind: TemplateKind): Promise<string> {
  const url = process.env.DATABASE_URL!;
  const name = `${prefix}_${kind}`;
  const lock = new pg.Client({ connectionString: url });
  await lock.connect();
  try {
    await lock.query("select pg_advisory_lock(hashtext($1))", [name]);
    const exists = (await lock.query("select 1 from pg_database where datname = $1", [name])).rowCount;
    if (!exists) {
      const { database } = await build(kind, name);
      await database.close();
    }
    return name;
  } finally {
    await lock.end();
  }
}
