import { randomUUID } from "node:crypto";
import pg from "pg";
import { openDatabase, type Database } from "../apps/server/src/db/client.ts";

/**
 * Runs `bench` on a database of its own, created on the PostgreSQL server of `serverUrl` and dropped
 * afterwards (BENCH_KEEP=1 keeps it). A bench that misses its target sets exit code 1 under
 * BENCH_STRICT=1.
 */
export async function onFreshPostgres(serverUrl: string, prefix: string, bench: (database: Database) => Promise<boolean>): Promise<void> {
  const name = `lw_bench_${prefix}_${randomUUID().slice(0, 8)}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  const database = await openDatabase({ url: url.toString(), poolSize: 10 });
  let ok: boolean;
  try {
    ok = await bench(database);
  } finally {
    await database.close();
    if (process.env.BENCH_KEEP) console.log(`  kept database ${name}`);
    else await admin.query(`drop database if exists ${name} with (force)`);
    await admin.end();
  }
  if (!ok && process.env.BENCH_STRICT) process.exitCode = 1;
}
