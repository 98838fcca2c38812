#!/usr/bin/env node
// Browser tests against the real server: build the web app if needed, start the server on a free
// port with a fresh embedded database and the demo seed, run e2e/specs with vitest, stop the server.
import { spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { bin, buildWebIfStale, log, root, startServer, takeRunLock } from "./harness.mjs";

async function main() {
  await takeRunLock();
  buildWebIfStale();
  let exitCode = 1;
  let server;
  // What spec files hand on to each other within this run (the authenticators they set up, e2e/support.ts).
  const stateDir = mkdtempSync(join(tmpdir(), "learnward-e2e-state-"));
  try {
    server = await startServer();
    const tests = spawn(bin("vitest"), ["run", "--config", "e2e/vitest.config.ts", ...process.argv.slice(2)], {
      cwd: root,
      stdio: "inherit",
      env: { ...process.env, E2E_BASE_URL: server.baseUrl, E2E_STATE_DIR: stateDir },
    });
    exitCode = await new Promise((resolve) => tests.once("exit", (code) => resolve(code ?? 1)));
  } catch (error) {
    console.error(`[e2e] ${error instanceof Error ? error.message : error}`);
  } finally {
    await server?.stop();
    rmSync(stateDir, { recursive: true, force: true });
  }
  log(`screenshots are in e2e/artifacts/screenshots`);
  process.exit(exitCode);
}

await main();
