// npm run bench: personal-library search under load, on PGlite and (when BENCH_DATABASE_URL or
// DATABASE_URL is set) on PostgreSQL. Seeds 100,000 catalog items and 1,000 people with 100
// saved items each, then drives search and a hello-world route of the same server with
// autocannon at 32 connections (from a child process) and prints p50/p99 latency and requests per second.
// BENCH_SECONDS (default 10) per run; BENCH_PGLITE=false skips the embedded run; BENCH_KEEP keeps
// the PostgreSQL database for a look afterwards.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { randomUUID } from "node:crypto";
import { fork } from "node:child_process";
import pg from "pg";
import { sql } from "drizzle-orm";
import { benchConfig } from "./config.ts";
import { openDatabase, type Database } from "../apps/server/src/db/client.ts";
import { seedDemo } from "../apps/server/src/db/seed/index.ts";
import { buildApp } from "../apps/server/src/app.ts";

const ITEMS = Number(process.env.BENCH_ITEMS ?? 100_000);
const USERS = Number(process.env.BENCH_USERS ?? 1_000);
const SAVED = Number(process.env.BENCH_SAVED ?? 100);
const DURATION = Number(process.env.BENCH_SECONDS ?? 10);
const CONNECTIONS = 32;
const TERMS = ["sql", "leadership", "python data", "kubernetes", "negotiation", "#design", "feedback", "cloud security"];

async function bulkSeed(database: Database) {
  const db = database.db;
  const t = Date.now();
  // Titles and descriptions from real vocabulary so search has realistic selectivity.
  await db.execute(sql`
    with words as (select array['sql','leadership','python','data','analysis','kubernetes','negotiation','design','feedback','cloud','security','excel','marketing','sales','react','javascript','finance','coaching','strategy','product','agile','writing','statistics','machine','learning','public','speaking','ux','research','docker'] as w)
    insert into content_items (company_id, url, normalized_url, title, content_type, provider, author, duration_s, description, language, skills)
    select 1, 'https://bench.example/item/' || g, 'https://bench.example/item/' || g,
      initcap(w[1 + (g * 7) % 30] || ' ' || w[1 + (g * 13) % 30] || ' for ' || w[1 + (g * 17) % 30]) || ' ' || g,
      (array['article','video','course','podcast','book'])[1 + g % 5], null, 'Author ' || (g % 997), 300 + g % 7200,
      'A practical guide to ' || w[1 + (g * 19) % 30] || ' and ' || w[1 + (g * 23) % 30] || ' in teams.', 'en', array[w[1 + (g * 7) % 30]]
    from generate_series(1, ${ITEMS}) g, words`);
  await db.execute(sql`
    insert into auth_users (id, name, email, email_verified)
    select 'bench-' || g, 'Bench Person ' || g, 'bench' || g || '@acme.test', true from generate_series(1, ${USERS}) g`);
  await db.execute(sql`
    insert into accounts (uid, company_id, role, username)
    select 'bench-' || g, 1, 'member', 'bench' || g from generate_series(1, ${USERS}) g`);
  await db.execute(sql`
    insert into user_contents (account_id, content_id, title, url, content_type, author, duration_s, description)
    select a.id, c.id, c.title, c.url, c.content_type, c.author, c.duration_s, c.description
    from accounts a
    cross join lateral generate_series(1, ${SAVED}) s
    join content_items c on c.id = 1 + ((a.id * 7919 + s * 104729) % ${ITEMS})
    where a.role = 'member'
    on conflict do nothing`);
  await db.execute(sql`analyze`);
  // db.execute's result is typed per driver (PGlite | pg); both carry rows.
  const { rows } = (await db.execute(sql`select count(*)::int as n from user_contents`)) as unknown as { rows: { n: number }[] };
  const [row] = rows;
  console.log(`  seeded ${ITEMS} items, ${USERS} people, ${row?.n} saved items in ${((Date.now() - t) / 1000).toFixed(1)} s`);
}

type LoadResult = { rps: number; p50: number; p99: number; errors: number; total: number };

/** autocannon at CONNECTIONS connections for DURATION seconds, from a child process (see load-worker.mjs). */
function run(url: string, token: string | null, paths: string[]): Promise<LoadResult> {
  return new Promise((resolve, reject) => {
    const child = fork(new URL("./load-worker.mjs", import.meta.url));
    child.once("message", (result) => resolve(result as LoadResult));
    child.once("error", reject);
    child.once("exit", (code) => code !== 0 && reject(new Error(`the load process exited with code ${code}`)));
    child.send({ url, connections: CONNECTIONS, duration: DURATION, headers: token ? { authorization: `Bearer ${token}` } : {}, paths });
  });
}

const secret = randomUUID() + randomUUID();

async function benchEngine(name: string, database: Database) {
  console.log(`\n${name}`);
  const port = Number(process.env.BENCH_PORT ?? 3999);
  const config = benchConfig(port, secret);
  const app = await buildApp({ config, database, authSecret: secret, logger: false });
  app.get("/bench/hello", { config: { access: "public" } }, async () => ({ hello: "world" }));
  await seedDemo(database.db, { password: "learnward-demo", auth: app.auth });
  await bulkSeed(database);
  const address = await app.listen({ port, host: "127.0.0.1" });
  const signIn = await fetch(`${address}/api/auth/sign-in/email`, {
    method: "POST",
    headers: { "content-type": "application/json", origin: address },
    body: JSON.stringify({ email: "member@acme.test", password: "learnward-demo" }),
  });
  const token = signIn.headers.get("set-auth-token");
  if (!token) throw new Error(`bench sign-in failed: ${signIn.status} ${await signIn.text()}`);
  // The demo member gets the same 100 saved items as everyone else for a fair search.
  await database.db.execute(sql`
    insert into user_contents (account_id, content_id, title, url, content_type, author, duration_s, description)
    select a.id, c.id, c.title, c.url, c.content_type, c.author, c.duration_s, c.description
    from accounts a cross join lateral generate_series(1, ${SAVED}) s
    join content_items c on c.id = 1 + ((s * 104729) % ${ITEMS})
    where a.username = 'member' and a.company_id = 1 on conflict do nothing`);
  const searchPaths = TERMS.map((term) => `/api/contentuser/search?contenType=all&search=${encodeURIComponent(term)}`);
  const hello = await run(address, null, ["/bench/hello"]);
  const me = await run(address, token, ["/api/me"]);
  const search = await run(address, token, searchPaths);
  console.log(`  hello-world : ${hello.rps} req/s, p50 ${hello.p50} ms, p99 ${hello.p99} ms, errors ${hello.errors}`);
  console.log(`  signed-in /api/me : ${me.rps} req/s, p50 ${me.p50} ms, p99 ${me.p99} ms, errors ${me.errors}`);
  console.log(`  search      : ${search.rps} req/s, p50 ${search.p50} ms, p99 ${search.p99} ms, errors ${search.errors}`);
  console.log(`  search is ${((search.rps / hello.rps) * 100).toFixed(1)}% of hello-world req/s (target ≥ 30% on PostgreSQL; p99 target < 25 ms)`);
  // Let requests autocannon abandoned finish before the pool closes.
  await new Promise((r) => setTimeout(r, 1000));
  await app.close();
}

const pgUrl = process.env.BENCH_DATABASE_URL ?? process.env.DATABASE_URL;
if (pgUrl) {
  const name = `lw_bench_${randomUUID().slice(0, 8)}`;
  const admin = new pg.Client({ connectionString: pgUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  const url = new URL(pgUrl);
  url.pathname = `/${name}`;
  // The pool the app itself runs with (db/client.ts).
  const database = await openDatabase({ url: url.toString() });
  try {
    await benchEngine("PostgreSQL", database);
  } finally {
    await database.close();
    if (process.env.BENCH_KEEP) console.log(`  kept database ${name}`);
    else await admin.query(`drop database if exists ${name} with (force)`);
    await admin.end();
  }
} else {
  console.log("\nPostgreSQL: skipped (set BENCH_DATABASE_URL=postgres://… to include it)");
}

if (process.env.BENCH_PGLITE === "false") {
  console.log("\nPGlite: skipped (BENCH_PGLITE=false)");
} else {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "lw-bench-"));
  const embedded = await openDatabase({ dataDir: dir });
  try {
    await benchEngine("PGlite (embedded)", embedded);
  } finally {
    await embedded.close();
    fs.rmSync(dir, { recursive: true, force: true });
  }
}
