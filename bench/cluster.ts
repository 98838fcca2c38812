// npm run bench:cluster: throughput of a signed-in /api/me at 32 connections for 1, 2 and 3
// server processes on one PostgreSQL behind a round-robin proxy, measured side by side in one run,
// with the CPU each part used (server processes, PostgreSQL's backends, the load generator, the
// proxy) so a ratio below target can be read: on a 2-core machine the processes share the cores
// with PostgreSQL and the load.
import { fork } from "node:child_process";
import { randomUUID } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import { startCluster, startProxy } from "../apps/server/test/cluster.ts";
import { record } from "./summary.ts";

const DURATION = Number(process.env.BENCH_SECONDS ?? 10);
const CONNECTIONS = 32;
const BASE_PORT = Number(process.env.BENCH_CLUSTER_PORT ?? 4680);
const TICK_MS = 1000 / 100; // USER_HZ

type LoadResult = { rps: number; p50: number; p99: number; errors: number; total: number };

/** CPU milliseconds a process has used (user + system), from /proc; 0 once it is gone. */
function cpuMs(pid: number): number {
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, "utf8");
    const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
    return (Number(fields[11]) + Number(fields[12])) * TICK_MS;
  } catch {
    return 0;
  }
}
/** The whole machine's busy and total CPU milliseconds (all cores), from /proc/stat. */
function machineMs(): { busy: number; total: number } {
  const cpu = fs.readFileSync("/proc/stat", "utf8").split("\n")[0]!.split(/\s+/).slice(1).map(Number);
  const idle = cpu[3]! + cpu[4]!;
  const total = cpu.reduce((a, b) => a + b, 0);
  return { busy: (total - idle) * TICK_MS, total: total * TICK_MS };
}

async function main() {
  const serverUrl = process.env.BENCH_DATABASE_URL ?? process.env.DATABASE_URL;
  if (!serverUrl) {
    console.log("bench:cluster needs PostgreSQL: set BENCH_DATABASE_URL=postgres://… (a role that may create databases)");
    process.exitCode = 1;
    return;
  }
  const name = `lw_cluster_bench_${randomUUID().slice(0, 8)}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  const logDir = fs.mkdtempSync(path.join(process.env.BENCH_DATA_DIR ?? os.tmpdir(), "lw-bench-cluster-"));
  console.log(
    `\nbench:cluster — /api/me at ${CONNECTIONS} connections, ${DURATION} s per run; ${os.cpus().length} cores; load before: ${os
      .loadavg()
      .map((l) => l.toFixed(2))
      .join(" ")}`,
  );
  const cluster = await startCluster({
    databaseUrl: url.toString(),
    count: 3,
    logDir,
    basePort: BASE_PORT,
    env: {
      NODE_ENV: "production",
      LOG_LEVEL: "warn",
      AUTH_SECRET: randomUUID() + randomUUID(),
      DEMO_SEED: "true",
      TRUST_PROXY: "127.0.0.1",
      WEB_DIST: "/nonexistent",
    },
  });
  try {
    const signIn = await fetch(`${cluster.url}/api/auth/sign-in/email`, {
      method: "POST",
      headers: { "content-type": "application/json", origin: cluster.url },
      body: JSON.stringify({ email: "member@acme.test", password: "learnward-demo" }),
    });
    const token = signIn.headers.get("set-auth-token");
    if (!token) throw new Error(`bench sign-in failed: ${signIn.status} ${await signIn.text()}`);
    await cluster.proxy.close(); // each run gets a proxy over its own set of processes

    const rows: Array<{ n: number; load: LoadResult; cores: Record<string, number> }> = [];
    // A short warm-up over all three first (JIT, pools, caches), then 1, 2 and 3 side by side.
    for (const [n, warmUp] of [
      [3, true],
      [1, false],
      [2, false],
      [3, false],
    ] as const) {
      const proxy = await startProxy(
        cluster.servers.slice(0, n).map((s) => s.url),
        BASE_PORT + 4,
      );
      try {
        const measured = await measure(
          proxy.url,
          token,
          warmUp ? 3 : DURATION,
          name,
          cluster.servers.map((s) => s.pid),
        );
        if (!warmUp) rows.push({ n, ...measured });
      } finally {
        await proxy.close();
      }
    }
    const one = rows.find((r) => r.n === 1)!.load.rps;
    for (const r of rows) {
      const c = r.cores;
      console.log(
        `  ${r.n} process${r.n > 1 ? "es" : "  "}: ${String(r.load.rps).padStart(5)} req/s, p50 ${r.load.p50} ms, p99 ${r.load.p99} ms, errors ${r.load.errors}` +
          ` | CPU cores: servers ${c.servers!.toFixed(2)}, PostgreSQL ${c.postgres!.toFixed(2)}, load generator ${c.load!.toFixed(2)}, proxy ${c.proxy!.toFixed(2)},` +
          ` others on the machine ${c.others!.toFixed(2)} (busy ${c.machine!.toFixed(2)} of ${os.cpus().length})` +
          ` | ${Math.round(r.load.rps / Math.max(0.01, c.servers!))} req/s per server core, PostgreSQL ${((c.postgres! * 1000) / Math.max(1, r.load.rps)).toFixed(2)} ms CPU a request`,
      );
    }
    // With the cores shared, the scheduler decides how much CPU the servers get; req/s per server core
    // shows whether a process does as much with a core as one alone (linear scaling given the cores).
    const perCore = (n: number) => {
      const r = rows.find((x) => x.n === n)!;
      return r.load.rps / Math.max(0.01, r.cores.servers!);
    };
    for (const r of rows) record({ bench: "cluster", figure: `/api/me, ${r.n} process${r.n > 1 ? "es" : ""}`, value: r.load.rps, unit: "req/s" });
    for (const n of [2, 3]) {
      const r = rows.find((x) => x.n === n)!;
      const ratio = r.load.rps / one;
      record({
        bench: "cluster",
        figure: `${n} vs 1 process`,
        value: Number(ratio.toFixed(2)),
        unit: "×",
        ...(n === 2 ? { target: "≥ 1.6× (database not the limit)", met: ratio >= 1.6 } : {}),
      });
      console.log(
        `  ${n} vs 1 process: ${ratio.toFixed(2)}×${n === 2 ? ` (target ≥ 1.6× where the database is not the limit: ${ratio >= 1.6 ? "met" : "not met"})` : ""};` +
          ` per server core ${(perCore(n) / perCore(1)).toFixed(2)}× of one process's`,
      );
    }
    console.log(
      `  load after: ${os
        .loadavg()
        .map((l) => l.toFixed(2))
        .join(" ")}`,
    );
  } finally {
    await cluster.stop();
    await admin.query(`drop database if exists ${name} with (force)`);
    await admin.end();
    fs.rmSync(logDir, { recursive: true, force: true });
  }
}

/** One autocannon run from a child process (load-worker.mjs), with every part's CPU over the run. */
async function measure(proxyUrl: string, token: string, seconds: number, database: string, serverPids: number[]) {
  const child = fork(new URL("./load-worker.mjs", import.meta.url));
  const sample = async () => ({
    servers: serverPids.reduce((t, pid) => t + cpuMs(pid), 0),
    // Backends opened during the run count from zero.
    postgres: new Map((await postgresPids(database)).map((pid) => [pid, cpuMs(pid)])),
    load: cpuMs(child.pid!),
    proxy: process.cpuUsage(),
    machine: machineMs(),
    at: Date.now(),
  });
  const before = await sample();
  // Sampled just before the run ends, while every process is still alive.
  let after: Promise<typeof before> | null = null;
  const sampler = setTimeout(() => (after = sample()), Math.max(500, seconds * 1000 - 400));
  const load = await new Promise<LoadResult>((resolve, reject) => {
    child.once("message", (result) => resolve(result as LoadResult));
    child.once("error", reject);
    child.once("exit", (code) => code !== 0 && reject(new Error(`the load process exited with code ${code}`)));
    child.send({ url: proxyUrl, connections: CONNECTIONS, duration: seconds, headers: { authorization: `Bearer ${token}` }, paths: ["/api/me"] });
  });
  clearTimeout(sampler);
  const a = (await (after as Promise<typeof before> | null)) ?? before;
  const wall = Math.max(1, a.at - before.at);
  let postgres = 0;
  for (const [pid, ms] of a.postgres) postgres += Math.max(0, ms - (before.postgres.get(pid) ?? 0));
  const cores = {
    servers: (a.servers - before.servers) / wall,
    postgres: postgres / wall,
    load: (a.load - before.load) / wall,
    proxy: (a.proxy.user + a.proxy.system - before.proxy.user - before.proxy.system) / 1000 / wall,
    machine: (a.machine.busy - before.machine.busy) / wall,
  };
  return { load, cores: { ...cores, others: Math.max(0, cores.machine - cores.servers - cores.postgres - cores.load - cores.proxy) } };
}

/** PostgreSQL's backend processes serving the bench's database (the servers' pools). */
async function postgresPids(database: string): Promise<number[]> {
  const c = new pg.Client({ connectionString: process.env.BENCH_DATABASE_URL ?? process.env.DATABASE_URL });
  await c.connect();
  try {
    return (await c.query("select pid from pg_stat_activity where datname = $1", [database])).rows.map((r: { pid: number }) => r.pid);
  } finally {
    await c.end();
  }
}

await main();
