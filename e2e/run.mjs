#!/usr/bin/env node
// Browser tests against the real server: build the web app if needed, then run e2e/specs with
// vitest in shards (E2E_SHARDS, 2 by default; 1 when spec files are named), each shard against a
// server of its own on a free port with a fresh embedded database and the demo seed, and stop them.
// A shard's specs run one after another; shards share nothing but the machine, so the rate limits,
// notifications and people one file leaves behind never reach the other shard's files.
import { spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createInterface } from "node:readline";
import { bin, buildServerIfStale, buildWebIfStale, log, root, startServer, takeRunLock } from "./harness.mjs";

const args = process.argv.slice(2);
const named = args.some((arg) => !arg.startsWith("-"));
const shards = Number(process.env.E2E_SHARDS ?? (named ? 1 : 2));
if (!Number.isInteger(shards) || shards < 1 || shards > 8) {
  console.error(`[e2e] E2E_SHARDS must be a whole number from 1 to 8, not ${process.env.E2E_SHARDS}`);
  process.exit(2);
}

/** One shard: its server, its state folder, its vitest; answers vitest's exit code. */
async function runShard(index) {
  const label = shards > 1 ? `[shard ${index}/${shards}] ` : "";
  // What spec files hand on to each other within this shard (the authenticators they set up, e2e/accounts.ts).
  const stateDir = mkdtempSync(join(tmpdir(), "learnward-e2e-state-"));
  let server;
  try {
    server = await startServer(shards > 1 ? `server-${index}.log` : "server.log");
    const tests = spawn(bin("vitest"), ["run", "--config", "e2e/vitest.config.ts", ...(shards > 1 ? [`--shard=${index}/${shards}`] : []), ...args], {
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
  const codes = await Promise.all(Array.from({ length: shards }, (_, i) => runShard(i + 1)));
  log(`screenshots are in e2e/artifacts/screenshots`);
  process.exit(codes.find((code) => code !== 0) ?? 0);
}

await main();
