// npm run bench:reference (and part of npm run bench): Learnward's library search and /api/me against a
// reference that is only `node:http` + `pg` running the same statements (reference-server.mjs), on one
// fresh PostgreSQL database, side by side in one run: A/B/A/B, 32 connections, autocannon from a child
// process. Target: Learnward ≥ 90% of the reference's req/s with p99 ≤ 1.2× the reference's.
//
// The statements are not a hand copy: the bench asks Learnward once per request path and captures, through
// the database's logger, every statement the route ran besides those of session resolution (a signed-in
// route that does nothing else shows which those are); the reference runs exactly those, text and
// parameters, as named prepared statements on a pool of the app's size.
// Data: bench/seed.ts, as bench/library.ts seeds it: BENCH_ITEMS
// catalog items (100,000), BENCH_USERS people (1,000) with BENCH_SAVED saved items each (100), and the demo
// member, who is signed in, with the same number. Needs BENCH_DATABASE_URL or DATABASE_URL.
// BENCH_SECONDS (10) per run, REF_ROUNDS (2) A/B rounds, REF_PORT (4650) and the next port for the reference,
// REF_ONLY=search or REF_ONLY=/api/me for one scenario (to profile it: node --cpu-prof --import tsx bench/reference.ts).
import { randomUUID } from "node:crypto";
import { fork } from "node:child_process";
import os from "node:os";
import pg from "pg";
import { sql } from "drizzle-orm";
import type { Logger } from "drizzle-orm/logger";
import { benchConfig } from "./config.ts";
import { record } from "./summary.ts";
import { bulkSeed, ITEMS, SAVED, TERMS } from "./seed.ts";
import { openDatabase, type Database } from "../apps/server/src/db/client.ts";
import { seedDemo } from "../apps/server/src/db/seed/index.ts";
import { buildApp, type App } from "../apps/server/src/app.ts";

const DURATION = Number(process.env.BENCH_SECONDS ?? 10);
const ROUNDS = Number(process.env.REF_ROUNDS ?? 2);
const PORT = Number(process.env.REF_PORT ?? 4650);
/** One scenario alone (`search` or `/api/me`), e.g. to profile it. */
const ONLY = process.env.REF_ONLY;
/** The app's own pool (db/client.ts: openDatabase's default). */
const POOL_SIZE = 10;
const CONNECTIONS = 32;
const RPS_TARGET = 0.9;
const P99_TARGET = 1.2;

type Statement = { text: string; values: unknown[] };
type LoadResult = { rps: number; p50: number; p99: number; errors: number; total: number };

/** autocannon from a child process (load-worker.mjs), so it does not share a server's event loop. */
function load(url: string, token: string | null, paths: string[]): Promise<LoadResult> {
  return new Promise((resolve, reject) => {
    const child = fork(new URL("./load-worker.mjs", import.meta.url), { execArgv: [] });
    child.once("message", (result) => resolve(result as LoadResult));
    child.once("error", reject);
    child.once("exit", (code) => code !== 0 && reject(new Error(`the load process exited with code ${code}`)));
    child.send({ url, connections: CONNECTIONS, duration: DURATION, headers: token ? { authorization: `Bearer ${token}` } : {}, paths });
  });
}

/** Starts reference-server.mjs with the captured statements; answers its address and a stop function. */
function startReference(url: string, routes: Record<string, Statement[]>): Promise<{ address: string; stop: () => Promise<void> }> {
  return new Promise((resolve, reject) => {
    const child = fork(new URL("./reference-server.mjs", import.meta.url), { execArgv: [] });
    const exited = new Promise<void>((done) => child.once("exit", () => done()));
    // Stopped means its pool's connections are gone: the database can be dropped next.
    const stop = () => {
      if (child.connected) child.disconnect();
      return exited;
    };
    child.once("error", reject);
    child.once("message", (m) => resolve({ address: `http://127.0.0.1:${(m as { listening: number }).listening}`, stop }));
    child.send({ url, poolSize: POOL_SIZE, port: PORT + 1, routes });
  });
}

/**
 * `with (force)` may not end an autovacuum worker still analysing the fresh data (that takes a
 * superuser): wait for it, a few times, before giving up.
 */
async function dropDatabase(admin: pg.Client, name: string) {
  for (let attempt = 1; ; attempt++) {
    try {
      await admin.query(`drop database if exists ${name} with (force)`);
      return;
    } catch (err) {
      if (attempt === 10) throw err;
      await new Promise((r) => setTimeout(r, 1000));
    }
  }
}

const mean = (xs: number[]) => xs.reduce((a, b) => a + b, 0) / xs.length;
const line = (name: string, r: LoadResult) =>
  `  ${name.padEnd(34)} ${String(r.rps).padStart(6)} req/s  p50 ${String(r.p50).padStart(3)} ms  p99 ${String(r.p99).padStart(3)} ms  errors ${r.errors}`;

async function bench(url: string, database: Database, capture: { on: boolean; statements: Statement[] }) {
  const secret = randomUUID() + randomUUID();
  const app = await buildApp({ config: benchConfig(PORT, secret), database, authSecret: secret, logger: false });
  try {
    return await compare(app, url, database, capture);
  } finally {
    await app.close();
  }
}

async function compare(app: App, url: string, database: Database, capture: { on: boolean; statements: Statement[] }) {
  // Resolves the session and nothing else: what it runs is what every signed-in route runs first.
  app.get("/bench/signed-in", { config: { access: "signed-in" } }, async () => ({ ok: true }));
  await seedDemo(database.db, { password: "learnward-demo", auth: app.auth });
  await bulkSeed(database);
  await database.db.execute(sql`
    insert into user_contents (account_id, content_id, title, url, content_type, author, duration_s, description)
    select a.id, c.id, c.title, c.url, c.content_type, c.author, c.duration_s, c.description
    from accounts a cross join lateral generate_series(1, ${SAVED}) s
    join content_items c on c.id = 1 + ((s * 104729) % ${ITEMS})
    where a.username = 'member' and a.company_id = 1 on conflict do nothing`);
  const address = await app.listen({ port: PORT, host: "127.0.0.1" });
  const signIn = await fetch(`${address}/api/auth/sign-in/email`, {
    method: "POST",
    headers: { "content-type": "application/json", origin: address },
    body: JSON.stringify({ email: "member@acme.test", password: "learnward-demo" }),
  });
  const token = signIn.headers.get("set-auth-token");
  if (!token) throw new Error(`bench sign-in failed: ${signIn.status} ${await signIn.text()}`);

  /** The statements a request to `path` runs, each with its parameters. */
  const statementsOf = async (path: string) => {
    capture.statements = [];
    capture.on = true;
    const res = await fetch(`${address}${path}`, { headers: { authorization: `Bearer ${token}` } });
    capture.on = false;
    if (res.status !== 200) throw new Error(`${path} answered ${res.status}: ${await res.text()}`);
    await res.arrayBuffer();
    return capture.statements;
  };
  await statementsOf("/bench/signed-in"); // the first request of a token resolves it the long way
  const session = new Set((await statementsOf("/bench/signed-in")).map((s) => s.text));
  // A route whose answer is the session check's own row (/api/me) runs nothing else: its reference
  // is then that one lookup, the bare primary-key read the answer comes from.
  const own = async (path: string) => {
    const all = await statementsOf(path);
    const rest = all.filter((s) => !session.has(s.text));
    return rest.length ? rest : all;
  };
  const searchPaths = TERMS.map((term) => `/api/contentuser/search?contenType=all&search=${encodeURIComponent(term)}`);
  const routes: Record<string, Statement[]> = {};
  for (const path of [...searchPaths, "/api/me"]) routes[path] = await own(path);
  console.log(
    `  session resolution: ${session.size} statement(s) per request; search: ${routes[searchPaths[0]!]!.length}; /api/me: ${routes["/api/me"]!.length}`,
  );
  for (const [path, statements] of Object.entries(routes)) if (!statements.length) throw new Error(`no statement captured for ${path}`);
  if (process.env.REF_SHOW_SQL) for (const [path, statements] of Object.entries(routes)) console.log(path, statements);

  const reference = await startReference(url, routes);
  const scenarios = [
    { name: "search", learnward: { token, paths: searchPaths }, reference: { paths: searchPaths } },
    { name: "/api/me", learnward: { token, paths: ["/api/me"] }, reference: { paths: ["/api/me"] } },
  ].filter((s) => !ONLY || s.name === ONLY);
  const results = new Map(scenarios.map((s) => [s.name, { learnward: [] as LoadResult[], reference: [] as LoadResult[] }]));
  try {
    console.log(
      `  uptime before: ${os
        .loadavg()
        .map((l) => l.toFixed(2))
        .join(", ")}`,
    );
    for (let round = 1; round <= ROUNDS; round++) {
      for (const s of scenarios) {
        const r = results.get(s.name)!;
        const a = await load(address, s.learnward.token, s.learnward.paths);
        console.log(line(`round ${round} ${s.name}, Learnward`, a));
        const b = await load(reference.address, null, s.reference.paths);
        console.log(line(`round ${round} ${s.name}, reference`, b));
        r.learnward.push(a);
        r.reference.push(b);
      }
    }
    console.log(
      `  uptime after: ${os
        .loadavg()
        .map((l) => l.toFixed(2))
        .join(", ")}`,
    );
  } finally {
    await reference.stop();
    await new Promise((r) => setTimeout(r, 1000)); // let requests autocannon abandoned finish
  }

  let ok = true;
  console.log(`\n  mean of ${ROUNDS} rounds (target: Learnward ≥ ${RPS_TARGET * 100}% of the reference's req/s, p99 ≤ ${P99_TARGET}×)`);
  for (const [name, r] of results) {
    const [lw, ref] = [r.learnward, r.reference].map((runs) => ({
      rps: mean(runs.map((x) => x.rps)),
      p50: mean(runs.map((x) => x.p50)),
      p99: mean(runs.map((x) => x.p99)),
      errors: runs.reduce((n, x) => n + x.errors, 0),
    }));
    const rpsRatio = lw!.rps / ref!.rps;
    const p99Ratio = lw!.p99 / Math.max(ref!.p99, 1);
    const met = { rps: rpsRatio >= RPS_TARGET, p99: p99Ratio <= P99_TARGET, errors: lw!.errors === 0 && ref!.errors === 0 };
    ok &&= met.rps && met.p99 && met.errors;
    console.log(
      `  ${name.padEnd(8)} Learnward ${lw!.rps.toFixed(0)} req/s p50 ${lw!.p50.toFixed(1)} p99 ${lw!.p99.toFixed(1)} ms | ` +
        `reference ${ref!.rps.toFixed(0)} req/s p50 ${ref!.p50.toFixed(1)} p99 ${ref!.p99.toFixed(1)} ms | ` +
        `req/s ${(rpsRatio * 100).toFixed(1)}% (${met.rps ? "met" : "MISSED"}), p99 ${p99Ratio.toFixed(2)}× (${met.p99 ? "met" : "MISSED"})` +
        (met.errors ? "" : `, errors ${lw!.errors}/${ref!.errors}`),
    );
    const bench = "reference";
    record({ bench, figure: `${name}: Learnward req/s`, value: Math.round(lw!.rps), unit: "req/s" });
    record({ bench, figure: `${name}: reference req/s`, value: Math.round(ref!.rps), unit: "req/s" });
    record({ bench, figure: `${name}: Learnward p99`, value: lw!.p99, unit: "ms" });
    record({ bench, figure: `${name}: reference p99`, value: ref!.p99, unit: "ms" });
    record({
      bench,
      figure: `${name}: req/s of the reference's`,
      value: Math.round(rpsRatio * 1000) / 10,
      unit: "%",
      target: `≥ ${RPS_TARGET * 100}%`,
      met: met.rps,
    });
    record({ bench, figure: `${name}: p99 of the reference's`, value: Math.round(p99Ratio * 100) / 100, unit: "×", target: `≤ ${P99_TARGET}×`, met: met.p99 });
    record({ bench, figure: `${name}: errors`, value: lw!.errors + ref!.errors, unit: "", target: "0", met: met.errors });
  }
  return ok;
}

const serverUrl = process.env.BENCH_DATABASE_URL ?? process.env.DATABASE_URL;
if (!serverUrl) {
  console.log("\nReference (bare node:http + pg): skipped (set BENCH_DATABASE_URL=postgres://… to run it)");
} else {
  console.log(`\nLearnward against a bare node:http + pg reference on PostgreSQL: ${CONNECTIONS} connections, ${ROUNDS} A/B rounds of ${DURATION} s`);
  const name = `lw_ref_${randomUUID().slice(0, 8)}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  const capture = { on: false, statements: [] as Statement[] };
  const logger: Logger = { logQuery: (text, values) => void (capture.on && capture.statements.push({ text, values })) };
  const database = await openDatabase({ url: url.toString(), poolSize: POOL_SIZE, logger });
  let ok: boolean;
  try {
    ok = await bench(url.toString(), database, capture);
  } finally {
    await database.close();
    if (process.env.BENCH_KEEP) console.log(`  kept database ${name}`);
    else await dropDatabase(admin, name);
    await admin.end();
  }
  if (!ok && process.env.BENCH_STRICT) process.exitCode = 1;
}
