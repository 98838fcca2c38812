import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { sql } from "drizzle-orm";
import type { Logger } from "drizzle-orm/logger";
import type { PgDatabase, PgQueryResultHKT } from "drizzle-orm/pg-core";
import * as schema from "./schema/index.ts";

export type Schema = typeof schema;
/** One handle type for both drivers (ARCHITECTURE.md). */
export type Db = PgDatabase<PgQueryResultHKT, Schema>;
/** The handle a transaction's callback is given (`db.transaction(async (tx) => …)`), for code that writes inside one. */
export type Tx = Parameters<Parameters<Db["transaction"]>[0]>[0];

export interface Database {
  db: Db;
  kind: "pglite" | "postgres";
  /**
   * Runs one statement text with `$n` parameters, or several statements without any: the shape
   * libraries that bring their own SQL expect (pg-boss).
   */
  executeSql(text: string, values?: unknown[]): Promise<{ rows: any[] }>; // eslint-disable-line @typescript-eslint/no-explicit-any -- rows of the library's own SQL
  ping(): Promise<void>;
  /**
   * Runs `fn` while no other server process on this database runs an `exclusive` of the same name (a
   * PostgreSQL session advisory lock held on a connection of its own; PGlite serves one process).
   * For start-up work that checks, then creates: the job queue's tables and queues, the demo seed.
   */
  exclusive<T>(name: string, fn: () => Promise<T>): Promise<T>;
  close(): Promise<void>;
}

const MIGRATIONS = path.join(path.dirname(fileURLToPath(import.meta.url)), "migrations");

export interface DatabaseOptions {
  /** postgres:// URL; when absent an embedded PGlite is used. */
  url?: string;
  /** PGlite data folder; `undefined` with no url means in-memory (tests). */
  dataDir?: string;
  poolSize?: number;
  /** Sees every statement the app runs (tests count them). */
  logger?: Logger;
}

export async function openDatabase(opts: DatabaseOptions): Promise<Database> {
  return opts.url ? openPostgres(opts.url, opts.poolSize ?? 10, opts.logger) : openPglite(opts.dataDir, opts.logger);
}

// Each driver is imported when it is opened: a start loads one of them, not both.
async function openPostgres(url: string, max: number, logger?: Logger): Promise<Database> {
  const [{ default: pg }, { drizzle: drizzlePg }, { migrate: migratePg }] = await Promise.all([
    import("pg"),
    import("drizzle-orm/node-postgres"),
    import("drizzle-orm/node-postgres/migrator"),
  ]);
  const pool = new pg.Pool({ connectionString: url, max, connectionTimeoutMillis: 5000 });
  // An idle client losing its server must not crash the process; the next query reconnects.
  pool.on("error", () => {});
  const db = drizzlePg(pool, { schema, logger });
  const client = await pool.connect();
  try {
    // Several server processes may start at once: one migrates, the others wait.
    await client.query("select pg_advisory_lock(727274)");
    await migratePg(drizzlePg(client, { schema }), { migrationsFolder: MIGRATIONS });
  } finally {
    await client.query("select pg_advisory_unlock(727274)").catch(() => {});
    client.release();
  }
  return {
    db,
    kind: "postgres",
    executeSql: (text, values) => pool.query(text, values),
    ping: async () => {
      await db.execute(sql`select 1`);
    },
    exclusive: async (name, fn) => {
      const holder = await pool.connect();
      try {
        // The two-key form: its own key space, apart from the migrations' single key above.
        await holder.query("select pg_advisory_lock(727274, hashtext($1))", [name]);
        return await fn();
      } finally {
        await holder.query("select pg_advisory_unlock(727274, hashtext($1))", [name]).catch(() => {});
        holder.release();
      }
    },
    close: () => pool.end(),
  };
}

async function openPglite(dataDir: string | undefined, logger?: Logger): Promise<Database> {
  const [{ PGlite }, { pg_trgm }, { drizzle: drizzlePglite }, { migrate: migratePglite }] = await Promise.all([
    import("@electric-sql/pglite"),
    import("@electric-sql/pglite/contrib/pg_trgm"),
    import("drizzle-orm/pglite"),
    import("drizzle-orm/pglite/migrator"),
  ]);
  let releaseLock = () => {};
  if (dataDir) {
    fs.mkdirSync(dataDir, { recursive: true });
    releaseLock = takeFolderLock(dataDir);
  }
  try {
    // pg_trgm: the copilot matches a mistyped question word to the catalog's words.
    // Not btree_gin: with it loaded, PGlite's pg_trgm queries spin forever (migration 0023).
    const extensions = { pg_trgm };
    const client = dataDir ? new PGlite(path.resolve(dataDir, "pg"), { extensions }) : new PGlite({ extensions });
    await client.waitReady;
    const db = drizzlePglite(client, { schema, logger });
    await migratePglite(drizzlePglite(client, { schema }), { migrationsFolder: MIGRATIONS });
    return {
      db,
      kind: "pglite",
      // PGlite's `query` takes one statement; a parameterless text may hold several (a transaction).
      // Those answer the rows of every statement, as node-postgres does: pg-boss reads a claim's
      // RETURNING and its lock's row, which come before the COMMIT. A list that fails part-way would
      // leave PGlite's one connection in an aborted transaction (a pool would drop that connection),
      // so it is rolled back before the error is passed on.
      executeSql: async (text, values) => {
        if (values?.length) return client.query(text, values);
        try {
          return { rows: (await client.exec(text)).flatMap((result) => result.rows) };
        } catch (err) {
          await client.query("rollback").catch(() => {});
          throw err;
        }
      },
      ping: async () => {
        await client.query("select 1");
      },
      exclusive: (_name, fn) => fn(),
      close: async () => {
        await client.close();
        releaseLock();
      },
    };
  } catch (err) {
    releaseLock();
    throw err;
  }
}

/**
 * PGlite is single-process: a second process on the same folder silently loses data, so the
 * server refuses to start while another live process holds the folder.
 */
function takeFolderLock(dataDir: string): () => void {
  const lockFile = path.join(dataDir, "learnward.lock");
  try {
    fs.writeFileSync(lockFile, String(process.pid), { flag: "wx" });
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== "EEXIST") throw err;
    const holder = Number(fs.readFileSync(lockFile, "utf8"));
    if (holder && holder !== process.pid && isAlive(holder)) {
      throw new Error(`The data folder ${path.resolve(dataDir)} is in use by process ${holder}. ` + "Stop it first, or use another DATA_DIR.", { cause: err });
    }
    fs.writeFileSync(lockFile, String(process.pid));
  }
  return () => fs.rmSync(lockFile, { force: true });
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === "EPERM";
  }
}
