#!/usr/bin/env node
// Browser tests against the real server: build the web app if needed, then run e2e/specs with
// vitest in shards (E2E_SHARDS, 2 by default; 1 when spec files are named), each shard against a
// server of its own on a free port with a fresh embedded database and the demo seed, and stop them.
// Files go to shards by how long each took when last measured, so that the shards end together.
// A shard's specs run one after another; shards share nothing but the machine, so the rate limits,
// notifications and people one file leaves behind never reach the other shard's files.
import { spawn } from "node:child_process";
import { mkdtempSync, readdirSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createInterface } from "node:readline";
import { bin, buildServerIfStale, buildWebIfStale, log, root, startServer, takeRunLock } from "./harness.mjs";

const args = process.argv.slice(2);
const named = args.some((arg) => !arg.startsWith("-"));
const shards = named ? 1 : Number(process.env.E2E_SHARDS ?? 2);
if (!Number.isInteger(shards) || shards < 1 || shards > 8) {
  console.error(`[e2e] E2E_SHARDS must be a whole number from 1 to 8, not ${process.env.E2E_SHARDS}`);
  process.exit(2);
}

// Seconds a spec file took alone on a quiet 2-core machine; a file not listed counts as 20. Only
// the balance between shards depends on these, never a result.
const typicalSeconds = {
  "pages.e2e.ts": 200,
  "onboarding.e2e.ts": 100,
  "auth.e2e.ts": 80,
  "shell.e2e.ts": 70,
  "network.e2e.ts": 60,
  "admin.e2e.ts": 55,
  "people.e2e.ts": 53,
  "library.e2e.ts": 40,
  "budgeting.e2e.ts": 31,
  "insights.e2e.ts": 31,
  "discover.e2e.ts": 29,
  "notifications.e2e.ts": 25,
};

/** The spec files split into `count` lists of about equal time: the longest first, each to the shortest list. */
function shardFiles(count) {
  const files = readdirSync(join(root, "e2e/specs"), { recursive: true })
    .filter((name) => name.endsWith(".e2e.ts"))
    .map((name) => ({ name, seconds: typicalSeconds[name] ?? 20 }))
    .sort((a, b) => b.seconds - a.seconds || a.name.localeCompare(b.name));
  const lists = Array.from({ length: count }, () => ({ seconds: 0, files: [] }));
  for (const file of files) {
    const shortest = lists.reduce((a, b) => (b.seconds < a.seconds ? b : a));
    shortest.seconds += file.seconds;
    shortest.files.push(`specs/${file.name}`);
  }
  return lists.map((list) => list.files);
}

/** One shard: its server, its state folder, its vitest on its files; answers vitest's exit code. */
async function runShard(index, files) {
  const label = shards > 1 ? `[shard ${index}/${shards}] ` : "";
  // What spec files hand on to each other within this shard (the authenticators they set up, e2e/accounts.ts).
  const stateDir = mkdtempSync(join(tmpdir(), "learnward-e2e-state-"));
  let server;
  try {
    server = await startServer(shards > 1 ? `server-${index}.log` : "server.log");
    const tests = spawn(bin("vitest"), ["run", "--config", "e2e/vitest.config.ts", ...files, ...args], {
      cwd: root,
      stdio: shards > 1 ? ["ignore", "pipe", "pipe"] : "inherit",
      env: { ...process.env, E2E_BASE_URL: server.baseUrl, E2E_STATE_DIR: stateDir },
    });
    // Each line of a shard's output says whose it is.
    if (shards > 1)
      for (const [from, to] of [
        [tests.stdout, process.stdout],
        [tests.stderr, process.stderr],
      ])
        createInterface({ input: from }).on("line", (line) => to.write(`${label}${line}\n`));
    return await new Promise((resolve) => tests.once("exit", (code) => resolve(code ?? 1)));
  } catch (error) {
    console.error(`[e2e] ${label}${error instanceof Error ? error.message : error}`);
    return 1;
  } finally {
    await server?.stop();
    rmSync(stateDir, { recursive: true, force: true });
  }
}

async function main() {
  await takeRunLock();
  buildWebIfStale();
  // Built once here, not by each shard's server start at the same moment.
  await buildServerIfStale();
  const lists = shards > 1 ? shardFiles(shards) : [[]];
  const codes = await Promise.all(lists.map((files, i) => runShard(i + 1, files)));
  log(`screenshots are in e2e/artifacts/screenshots`);
  process.exit(codes.find((code) => code !== 0) ?? 0);
}

await main();
