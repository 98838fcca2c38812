// npm run soak: a mixed workload (browse, search, save, move, approve) at a fixed rate for a
// bounded time against the server on PostgreSQL (SOAK_DATABASE_URL or DATABASE_URL; PGlite
// otherwise), printing throughput, p50/p99 per operation, errors, and the server's memory
// (RSS) after warm-up and at the end. Targets: zero errors, memory growth under 10%.
import { spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { randomUUID } from "node:crypto";
import pg from "pg";

const ROOT = path.resolve(path.dirname(new URL(import.meta.url).pathname), "..");
const PORT = Number(process.env.SOAK_PORT ?? 3996);
const BASE = `http://127.0.0.1:${PORT}`;
const RATE = Number(process.env.SOAK_RATE ?? 50); // requests per second
const SECONDS = Number(process.env.SOAK_SECONDS ?? 60);
const WARMUP_SECONDS = Math.min(10, Math.ceil(SECONDS / 6));
const MAX_IN_FLIGHT = 64;

const pgUrl = process.env.SOAK_DATABASE_URL ?? process.env.DATABASE_URL;
let dbName: string | null = null;
let dbUrl: string | undefined;
if (pgUrl) {
  dbName = `lw_soak_${randomUUID().slice(0, 8)}`;
  const admin = new pg.Client({ connectionString: pgUrl });
  await admin.connect();
  await admin.query(`create database ${dbName}`);
  await admin.end();
  const u = new URL(pgUrl);
  u.pathname = `/${dbName}`;
  dbUrl = u.toString();
}
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "lw-soak-"));
const server = spawn(process.execPath, ["--import", "tsx", "apps/server/src/main.ts"], {
  cwd: ROOT,
  stdio: ["ignore", "ignore", "inherit"],
  env: {
    ...process.env,
    PORT: String(PORT),
    HOST: "127.0.0.1",
    PUBLIC_URL: BASE,
    LOG_LEVEL: "warn",
    NODE_ENV: "production",
    AUTH_SECRET: randomUUID() + randomUUID(),
    DEMO_SEED: "true",
    DATA_DIR: dataDir,
    ...(dbUrl ? { DATABASE_URL: dbUrl } : {}),
  },
});
const rss = () => Number(fs.readFileSync(`/proc/${server.pid}/status`, "utf8").match(/VmRSS:\s+(\d+)/)![1]) / 1024;

async function call(method: string, url: string, token: string, body?: unknown) {
  const res = await fetch(`${BASE}${url}`, {
    method,
    headers: { authorization: `Bearer ${token}`, origin: BASE, ...(body ? { "content-type": "application/json" } : {}) },
    body: body ? JSON.stringify(body) : undefined,
  });
  const text = await res.text();
  return { status: res.status, json: text ? JSON.parse(text) : null };
}

try {
  for (let i = 0; ; i++) {
    try {
      if ((await fetch(`${BASE}/api/health`)).ok) break;
    } catch {
      /* starting */
    }
    if (i > 300) throw new Error("server did not start");
    await new Promise((r) => setTimeout(r, 200));
  }
  const token: Record<string, string> = {};
  for (const who of ["member", "teamleader", "hr", "ldleader"]) {
    const res = await fetch(`${BASE}/api/auth/sign-in/email`, {
      method: "POST",
      headers: { "content-type": "application/json", origin: BASE },
      body: JSON.stringify({ email: `${who}@acme.test`, password: "learnward-demo" }),
    });
    token[who] = res.headers.get("set-auth-token")!;
  }
  const team = (await call("GET", "/api/me", token.teamleader!)).json.account.team.id as number;
  const terms = ["sql", "leadership", "python", "kubernetes", "negotiation", "design"];
  let n = 0;

  // Each operation is one or more calls; a 2xx (or the expected status) is success.
  const ops: Record<string, () => Promise<boolean>> = {
    browse: async () =>
      (await call("GET", "/api/b2b/v1/collections/?scope=library", token.member!)).status === 200 &&
      (await call("GET", "/api/b2b/v1/my-tasks/", token.member!)).status === 200,
    search: async () => (await call("GET", `/api/contentuser/search?contenType=all&search=${terms[n++ % terms.length]}`, token.teamleader!)).status === 200,
    save: async () =>
      (await call("POST", "/api/contentuser/save/", token.member!, { url: `https://soak.example/${randomUUID()}`, title: "Soak item", fetch_metadata: false }))
        .status === 201,
    move: async () => {
      const saved = await call("POST", "/api/contentuser/save/", token.member!, {
        url: `https://www.udemy.com/course/soak-${randomUUID()}/`,
        title: "Soak course",
        fetch_metadata: false,
      });
      if (saved.status !== 201) return false;
      const id = saved.json.id_content;
      return (
        (await call("DELETE", `/api/user/wishlist?id_course=${id}`, token.member!)).status === 200 &&
        (await call("POST", "/api/user/courses", token.member!, { id_course: id, completed: false })).status === 201 &&
        (await call("PATCH", `/api/user/courses?id_course=${id}`, token.member!, { completed: true })).status === 200
      );
    },
    approve: async () => {
      const asked = await call("POST", "/api/b2b/v1/invite-requests/", token.teamleader!, { email: `soak-${randomUUID()}@outside.test`, team_id: team });
      return asked.status === 201 && (await call("POST", `/api/b2b/v1/invite-requests/${asked.json.id}/accept/`, token.hr!, {})).status === 200;
    },
  };
  // The mix: mostly reads, like a working day.
  const mix = ["browse", "browse", "browse", "search", "search", "search", "save", "move", "approve", "browse"];
  const lat: Record<string, number[]> = Object.fromEntries(Object.keys(ops).map((k) => [k, []]));
  let errors = 0;
  let inFlight = 0;
  let dropped = 0;
  let done = 0;
  let rssStart = 0;
  const started = Date.now();
  const end = started + SECONDS * 1000;
  const pending: Promise<void>[] = [];
  for (let i = 0; Date.now() < end; i++) {
    const due = started + (i * 1000) / RATE;
    const wait = due - Date.now();
    if (wait > 0) await new Promise((r) => setTimeout(r, wait));
    if (!rssStart && Date.now() - started >= WARMUP_SECONDS * 1000) rssStart = rss();
    if (inFlight >= MAX_IN_FLIGHT) {
      dropped++;
      continue;
    }
    const op = mix[i % mix.length]!;
    inFlight++;
    const t0 = performance.now();
    pending.push(
      ops[op]!()
        .then((ok) => {
          if (!ok) errors++;
        })
        .catch(() => {
          errors++;
        })
        .finally(() => {
          lat[op]!.push(performance.now() - t0);
          inFlight--;
          done++;
        }),
    );
  }
  await Promise.all(pending);
  const elapsed = (Date.now() - started) / 1000;
  await new Promise((r) => setTimeout(r, 1000));
  const rssEnd = rss();
  const q = (xs: number[], p: number) => (xs.length ? [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor(p * xs.length))]!.toFixed(1) : "-");
  console.log(`\nSoak on ${dbUrl ? "PostgreSQL" : "PGlite"}: ${RATE} operations/s for ${SECONDS} s`);
  console.log(
    `  completed ${done} operations in ${elapsed.toFixed(1)} s = ${(done / elapsed).toFixed(1)} ops/s; errors ${errors}; skipped (over ${MAX_IN_FLIGHT} in flight) ${dropped}`,
  );
  for (const [op, xs] of Object.entries(lat)) console.log(`  ${op.padEnd(8)} n=${String(xs.length).padEnd(5)} p50 ${q(xs, 0.5)} ms  p99 ${q(xs, 0.99)} ms`);
  const growth = ((rssEnd - rssStart) / rssStart) * 100;
  console.log(
    `  server RSS after ${WARMUP_SECONDS} s warm-up ${rssStart.toFixed(0)} MB, at the end ${rssEnd.toFixed(0)} MB (${growth >= 0 ? "+" : ""}${growth.toFixed(1)}%; target < 10%)`,
  );
  process.exitCode = errors === 0 && dropped === 0 && growth < 10 ? 0 : 1;
} finally {
  server.kill("SIGTERM");
  await new Promise((r) => server.once("exit", r));
  fs.rmSync(dataDir, { recursive: true, force: true });
  if (dbName && pgUrl) {
    const admin = new pg.Client({ connectionString: pgUrl });
    await admin.connect();
    await admin.query(`drop database if exists ${dbName} with (force)`);
    await admin.end();
  }
}
