// `npm run bench:start`: cold start of the compiled server (what `npm start` runs) next to
// the sources through tsx (what `npm run dev` runs), from spawn to the first 200 of /api/health (which
// pings the database), on an existing data folder (PGlite) and an existing database (PostgreSQL,
// when BENCH_DATABASE_URL or DATABASE_URL names a server; a database of its own is created and
// dropped). Then the server's memory (RSS) after a warm-up of mixed signed-in requests on PostgreSQL.
// Targets: ≤ 1.5 s on PGlite, ≤ 1 s on PostgreSQL, ≤ 250 MB. Figures are medians of BENCH_STARTS
// starts (5), compiled and tsx alternating.
import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import { randomUUID } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import pg from "pg";
import { record } from "./summary.ts";
import { serverArgs } from "../apps/server/scripts/build.mjs";

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const PORT = Number(process.env.BENCH_PORT ?? 3996);
const BASE = `http://127.0.0.1:${PORT}`;
const STARTS = Number(process.env.BENCH_STARTS ?? 5);
const WARMUP_S = Number(process.env.BENCH_WARMUP_SECONDS ?? 20);
const SECRET = randomUUID() + randomUUID();

type Runner = "compiled" | "tsx";
const ARGS: Record<Runner, string[]> = {
  compiled: serverArgs(),
  tsx: ["--import", "tsx", path.join(ROOT, "apps/server/src/main.ts")],
};

// Servers still running when the bench ends (a failure midway) are ended with it.
const running = new Set<ChildProcess>();
process.on("exit", () => running.forEach((child) => child.kill("SIGKILL")));

function start(runner: Runner, env: Record<string, string>): ChildProcess {
  const child = spawn(process.execPath, ARGS[runner], {
    cwd: ROOT,
    stdio: ["ignore", "ignore", "inherit"],
    env: {
      ...process.env,
      NODE_OPTIONS: "",
      PORT: String(PORT),
      HOST: "127.0.0.1",
      PUBLIC_URL: BASE,
      LOG_LEVEL: "warn",
      NODE_ENV: "production",
      AUTH_SECRET: SECRET,
      DEMO_SEED: "true",
      ...env,
    },
  });
  running.add(child);
  child.once("exit", () => running.delete(child));
  return child;
}

/** Milliseconds from now until /api/health answers 200. */
async function untilHealthy(child: ChildProcess, since: number, timeoutMs = 300_000): Promise<number> {
  while (performance.now() - since < timeoutMs) {
    if (child.exitCode !== null) throw new Error(`the server exited with code ${child.exitCode}`);
    const res = await fetch(`${BASE}/api/health`).catch(() => null);
    if (res?.status === 200) return performance.now() - since;
    await new Promise((r) => setTimeout(r, 10));
  }
  throw new Error("the server did not become healthy");
}

function stop(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    const timer = setTimeout(() => child.kill("SIGKILL"), 15_000);
    child.once("exit", () => {
      clearTimeout(timer);
      resolve();
    });
    child.kill("SIGTERM");
  });
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
const rssMb = (pid: number) => Number(fs.readFileSync(`/proc/${pid}/status`, "utf8").match(/VmRSS:\s+(\d+)/)![1]) / 1024;

/** Seeds the data (first start, not timed), then STARTS timed cold starts of each runner, alternating. */
async function coldStarts(label: string, env: Record<string, string>, targetMs: number) {
  const first = start("compiled", env);
  await untilHealthy(first, performance.now());
  await stop(first);
  const times: Record<Runner, number[]> = { compiled: [], tsx: [] };
  for (let i = 0; i < STARTS; i++) {
    for (const runner of ["compiled", "tsx"] as const) {
      const since = performance.now();
      const child = start(runner, env);
      times[runner].push(await untilHealthy(child, since));
      await stop(child);
    }
  }
  for (const runner of STARTS > 0 ? (["compiled", "tsx"] as const) : []) {
    const m = median(times[runner]);
    const met = runner === "compiled" ? (m <= targetMs ? " — met" : " — MISSED") : "";
    record({
      bench: "start",
      figure: `cold start, ${label}, ${runner}`,
      value: Math.round(m),
      unit: "ms",
      ...(runner === "compiled" ? { target: `≤ ${targetMs} ms`, met: m <= targetMs } : {}),
    });
    console.log(
      `  cold start, ${label}, ${runner.padEnd(8)}: median ${Math.round(m)} ms of ${STARTS} [${times[runner].map(Math.round).join(", ")}] (target ≤ ${targetMs} ms${met})`,
    );
  }
}

async function call(url: string, token?: string, init: RequestInit = {}) {
  const res = await fetch(`${BASE}${url}`, {
    ...init,
    headers: { origin: BASE, ...(token ? { authorization: `Bearer ${token}` } : {}), ...(init.headers ?? {}) },
  });
  await res.arrayBuffer();
  return res;
}

async function signIn(email: string): Promise<string> {
  const res = await fetch(`${BASE}/api/auth/sign-in/email`, {
    method: "POST",
    headers: { "content-type": "application/json", origin: BASE },
    body: JSON.stringify({ email, password: "learnward-demo" }),
  });
  const token = res.headers.get("set-auth-token");
  if (!token) throw new Error(`sign-in failed: ${res.status} ${await res.text()}`);
  return token;
}

// Sign-in is limited to 5 a minute per person (in the database, across restarts): the sessions are
// made once for both runs, and each warm-up signs each person in once more.
const PEOPLE = ["member@acme.test", "teamleader@acme.test", "hr@acme.test", "ldleader@acme.test", "member@globex.test"];

/** RSS after WARMUP_S seconds of 8 clients: /api/me, the library list and search, and a sign-in now and then. */
async function memory(runner: Runner, env: Record<string, string>, tokens: string[]) {
  const child = start(runner, env);
  await untilHealthy(child, performance.now());
  const startRss = rssMb(child.pid!);
  const people = PEOPLE;
  const signInEvery = (WARMUP_S * 1000) / people.length;
  let nextSignIn = performance.now();
  let signIns = 0;
  const terms = ["sql", "leadership", "python", "kubernetes", "negotiation", "design"];
  const until = performance.now() + WARMUP_S * 1000;
  let requests = 0;
  let failures = 0;
  await Promise.all(
    Array.from({ length: 8 }, async (_, c) => {
      for (let n = 0; performance.now() < until; n++) {
        const token = tokens[(c + n) % tokens.length]!;
        const kind = n % 20;
        const signInNow = c === 0 && performance.now() >= nextSignIn && signIns < people.length;
        if (signInNow) nextSignIn += signInEvery;
        const res = signInNow
          ? await call("/api/auth/sign-in/email", undefined, {
              method: "POST",
              headers: { "content-type": "application/json" },
              body: JSON.stringify({ email: people[signIns++], password: "learnward-demo" }),
            })
          : kind < 8
            ? await call("/api/me", token)
            : kind < 14
              ? await call("/api/contentuser/search?contenType=all", token)
              : await call(`/api/contentuser/search?contenType=all&search=${terms[n % terms.length]}`, token);
        requests++;
        if (res.status !== 200) failures++;
      }
    }),
  );
  const after = rssMb(child.pid!);
  await stop(child);
  return { startRss, after, requests, failures };
}

console.log(
  `bench:start — ${os.cpus().length} cores, load average ${os
    .loadavg()
    .map((l) => l.toFixed(2))
    .join(" ")}`,
);
const built = spawnSync(process.execPath, ["apps/server/scripts/build.mjs"], { cwd: ROOT, stdio: "inherit" });
if (built.status !== 0) process.exit(built.status ?? 1);

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "lw-bench-start-"));
try {
  await coldStarts("PGlite, existing data folder", { DATA_DIR: dataDir }, 1500);
} finally {
  fs.rmSync(dataDir, { recursive: true, force: true });
}

const pgUrl = process.env.BENCH_DATABASE_URL ?? process.env.DATABASE_URL;
if (!pgUrl) {
  console.log("  PostgreSQL: skipped (set BENCH_DATABASE_URL=postgres://… to a server where the role may create databases)");
} else {
  const name = `${process.env.BENCH_DB_PREFIX ?? "lw_bench"}_start_${randomUUID().slice(0, 8)}`;
  const admin = new pg.Client({ connectionString: pgUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  const url = new URL(pgUrl);
  url.pathname = `/${name}`;
  const env = { DATABASE_URL: url.toString(), DATA_DIR: fs.mkdtempSync(path.join(os.tmpdir(), "lw-bench-start-")) };
  try {
    await coldStarts("PostgreSQL, existing database", env, 1000);
    const server = start("compiled", env);
    await untilHealthy(server, performance.now());
    const tokens = await Promise.all(PEOPLE.map(signIn));
    await stop(server);
    for (const runner of ["compiled", "tsx"] as const) {
      const m = await memory(runner, env, tokens);
      const met = runner === "compiled" ? (m.after <= 250 ? " — met" : " — MISSED") : "";
      record({
        bench: "start",
        figure: `RSS after warm-up, PostgreSQL, ${runner}`,
        value: Math.round(m.after),
        unit: "MB",
        ...(runner === "compiled" ? { target: "≤ 250 MB", met: m.after <= 250 } : {}),
      });
      console.log(
        `  memory, PostgreSQL, ${runner.padEnd(8)}: RSS ${Math.round(m.startRss)} MB at start, ${Math.round(m.after)} MB after ${WARMUP_S} s warm-up (${m.requests} requests, ${m.failures} not 200) (target ≤ 250 MB${met})`,
      );
    }
  } finally {
    fs.rmSync(env.DATA_DIR, { recursive: true, force: true });
    await admin.query(`drop database if exists ${name} with (force)`);
    await admin.end();
  }
}
console.log(
  `  load average after: ${os
    .loadavg()
    .map((l) => l.toFixed(2))
    .join(" ")}`,
);
