// npm run faults: crash and outage drills. Prints its figures; exits non-zero on a loss.
//  1. kill -9 the server during a stream of writes, restart it on the same data, and check that
//     every acknowledged write is there and nothing is half-written — on PGlite, and on
//     PostgreSQL when FAULT_DATABASE_URL (or DATABASE_URL) is set.
//  2. PostgreSQL down (pg_ctlcluster stop, needs root): /api/health answers 503 and API calls a
//     clear 503; when it is back, the same server process recovers without a restart.
import { spawn, execFileSync, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { randomUUID } from "node:crypto";
import pg from "pg";

const ROOT = path.resolve(path.dirname(new URL(import.meta.url).pathname), "..");
const PORT = Number(process.env.FAULT_PORT ?? 3997);
const BASE = `http://127.0.0.1:${PORT}`;
const STREAM_MS = Number(process.env.FAULT_STREAM_MS ?? 3000);
const CONCURRENCY = 8;
let failed = false;

function start(env: Record<string, string>): ChildProcess {
  return spawn(process.execPath, ["--import", "tsx", "apps/server/src/main.ts"], {
    cwd: ROOT,
    detached: true,
    stdio: ["ignore", "ignore", "inherit"],
    env: { ...process.env, PORT: String(PORT), HOST: "127.0.0.1", PUBLIC_URL: BASE, LOG_LEVEL: "warn", NODE_ENV: "test", DEMO_SEED: "true", ...env },
  });
}

/** Resolves when the process has ended, even if it already has. */
const exited = (child: ChildProcess) =>
  child.exitCode !== null || child.signalCode !== null ? Promise.resolve() : new Promise<void>((r) => child.once("exit", () => r()));

async function waitHealthy(timeoutMs = 60_000) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    try {
      if ((await fetch(`${BASE}/api/health`)).status === 200) return;
    } catch {
      /* not up yet */
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error("server did not become healthy");
}

async function signIn() {
  const res = await fetch(`${BASE}/api/auth/sign-in/email`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ email: "member@acme.test", password: "learnward-demo" }),
  });
  const token = res.headers.get("set-auth-token");
  if (!token) throw new Error(`sign-in failed: ${res.status}`);
  return token;
}

const ORPHANS_SQL =
  "select count(*)::int as n from content_items c where c.url like 'https://fault.example/%' and not exists (select 1 from user_contents u where u.content_id = c.id)";

/** Half-written saves: catalog rows of the drill with nobody's copy (counted once the server is stopped). */
async function crashDrill(name: string, env: Record<string, string>, countOrphans: () => Promise<number>) {
  console.log(`\n${name}: kill -9 during a stream of writes`);
  let server = start(env);
  await waitHealthy();
  const token = await signIn();
  const acknowledged = new Set<string>();
  let sent = 0;
  let stop = false;
  const writer = async () => {
    while (!stop) {
      const url = `https://fault.example/${randomUUID()}`;
      sent++;
      try {
        const res = await fetch(`${BASE}/api/contentuser/save/`, {
          method: "POST",
          headers: { "content-type": "application/json", authorization: `Bearer ${token}` },
          body: JSON.stringify({ url, title: `Fault drill ${sent}`, fetch_metadata: false }),
        });
        if (res.status === 201) acknowledged.add(url);
      } catch {
        /* the server died mid-request: not acknowledged */
      }
    }
  };
  const writers = Array.from({ length: CONCURRENCY }, writer);
  await new Promise((r) => setTimeout(r, STREAM_MS));
  process.kill(-server.pid!, "SIGKILL");
  stop = true;
  await Promise.all(writers);
  await exited(server);
  console.log(`  ${sent} writes sent, ${acknowledged.size} acknowledged before the kill`);

  server = start(env);
  const t0 = Date.now();
  await waitHealthy();
  console.log(`  restarted and healthy in ${Date.now() - t0} ms`);
  const saved = await savedThroughApi();
  process.kill(-server.pid!, "SIGTERM");
  await exited(server);
  const orphans = await countOrphans();
  const missing = [...acknowledged].filter((u) => !saved.has(u));
  console.log(`  acknowledged writes found after restart: ${acknowledged.size - missing.length}/${acknowledged.size}; half-written saves: ${orphans}`);
  if (missing.length || orphans) failed = true;
}

/** After the restart, through the API: every URL saved by the drill. */
async function savedThroughApi() {
  const token = await signIn();
  const saved = new Set<string>();
  for (let page = 1; ; page++) {
    const res = await fetch(`${BASE}/api/contentuser/search?contenType=all&search=fault%20drill&page_size=100&page=${page}`, {
      headers: { authorization: `Bearer ${token}` },
    });
    const body = (await res.json()) as { results: { url: string }[]; links: { next: string | null } };
    for (const r of body.results) saved.add(r.url);
    if (!body.links.next) break;
  }
  return saved;
}

// PGlite: the data folder survives the kill (crash-safe; not power-loss-safe, see README).
{
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "lw-fault-"));
  await crashDrill("PGlite (embedded)", { DATA_DIR: dataDir }, async () => {
    const { PGlite } = await import("@electric-sql/pglite");
    const db = new PGlite(path.join(dataDir, "pg"));
    const n = (await db.query<{ n: number }>(ORPHANS_SQL)).rows[0]?.n ?? 0;
    await db.close();
    return n;
  });
  fs.rmSync(dataDir, { recursive: true, force: true });
}

const pgUrl = process.env.FAULT_DATABASE_URL ?? process.env.DATABASE_URL;
if (pgUrl) {
  const admin = new pg.Client({ connectionString: pgUrl });
  await admin.connect();
  const name = `lw_fault_${randomUUID().slice(0, 8)}`;
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(pgUrl);
  url.pathname = `/${name}`;
  // A client, not a pool: a pool's end() resolves before its connections have closed, and the forced
  // drop at the end would then end one under it, an error thrown with no one to catch it.
  const db = new pg.Client({ connectionString: url.toString() });
  await db.connect();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "lw-fault-pg-"));
  await crashDrill("PostgreSQL", { DATABASE_URL: url.toString(), DATA_DIR: dataDir }, async () => Number((await db.query(ORPHANS_SQL)).rows[0]?.n ?? 0));

  if (process.getuid?.() === 0 && process.env.FAULT_SKIP_OUTAGE !== "1") {
    console.log("\nPostgreSQL: database down, then back");
    const server = start({ DATABASE_URL: url.toString(), DATA_DIR: dataDir });
    await waitHealthy();
    const token = await signIn();
    await db.end();
    execFileSync("pg_ctlcluster", ["15", "main", "stop", "-m", "fast"]);
    const health = await fetch(`${BASE}/api/health`);
    const call = await fetch(`${BASE}/api/b2b/v1/onboarding/`, { headers: { authorization: `Bearer ${token}` } });
    console.log(`  while down: /api/health ${health.status} ${JSON.stringify(await health.json())}; an API call ${call.status} ${await call.text()}`);
    if (health.status !== 503 || call.status !== 503) failed = true;
    execFileSync("pg_ctlcluster", ["15", "main", "start"]);
    const t0 = Date.now();
    await waitHealthy(30_000);
    const again = await fetch(`${BASE}/api/b2b/v1/onboarding/`, { headers: { authorization: `Bearer ${token}` } });
    console.log(`  back up: healthy after ${Date.now() - t0} ms without a restart; the API call answers ${again.status}`);
    if (again.status !== 200) failed = true;
    process.kill(-server.pid!, "SIGTERM");
    await exited(server);
  } else {
    await db.end();
    console.log("\nPostgreSQL outage drill skipped (needs root for pg_ctlcluster, or FAULT_SKIP_OUTAGE=1)");
  }
  const cleanup = new pg.Client({ connectionString: pgUrl });
  await cleanup.connect();
  await cleanup.query(`drop database if exists ${name} with (force)`);
  await cleanup.end();
  fs.rmSync(dataDir, { recursive: true, force: true });
} else {
  console.log("\nPostgreSQL drills skipped: set FAULT_DATABASE_URL=postgres://…");
}

console.log(failed ? "\nFAULT DRILLS FAILED" : "\nfault drills passed");
process.exit(failed ? 1 : 0);
