// What the browser suite and the Lighthouse run share: build the web app and the server if stale, one
// browser run per machine, and the compiled server (what `npm start` runs in production) on
// a free port with a fresh embedded database and the demo seed.
import { spawn, spawnSync } from "node:child_process";
import { closeSync, existsSync, mkdirSync, mkdtempSync, openSync, readdirSync, readFileSync, rmSync, statSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { buildServer, serverArgs, serverBuildIsStale } from "../apps/server/scripts/build.mjs";

export const root = dirname(dirname(fileURLToPath(import.meta.url)));
const web = join(root, "apps/web");
export const artifacts = join(root, "e2e/artifacts");
export const bin = (name) => join(root, "node_modules/.bin", name);
export const log = (message) => console.log(`[e2e] ${message}`);

function newestMtime(path) {
  if (!existsSync(path)) return 0;
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return readdirSync(path).reduce((newest, name) => Math.max(newest, newestMtime(join(path, name))), stat.mtimeMs);
}

export function buildWebIfStale() {
  const built = join(web, "dist/index.html");
  const sources = ["src", "public", "index.html", "vite.config.ts", "package.json"].map((p) => join(web, p));
  sources.push(join(root, "packages/contracts/src"));
  const newestSource = Math.max(...sources.map(newestMtime));
  if (existsSync(built) && statSync(built).mtimeMs >= newestSource) {
    log("apps/web/dist is up to date");
    return;
  }
  log("building the web app (apps/web/dist is missing or older than its sources)");
  const result = spawnSync("npm", ["run", "build", "-w", "@learnward/web"], { cwd: root, stdio: "inherit" });
  if (result.status !== 0) {
    console.error("[e2e] the web build failed");
    process.exit(result.status ?? 1);
  }
}

/** The compiled server, rebuilt when apps/server/dist is missing or older than its sources. */
export async function buildServerIfStale() {
  if (!serverBuildIsStale()) {
    log("apps/server/dist is up to date");
    return;
  }
  log("building the server (apps/server/dist is missing or older than its sources)");
  await buildServer();
}

function freePort() {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

async function waitForHealth(baseUrl, server, timeoutMs) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (server.exitCode !== null) throw new Error(`the server exited with code ${server.exitCode} before it was ready`);
    try {
      const response = await fetch(`${baseUrl}/api/health`);
      if (response.status === 200) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`the server did not answer /api/health within ${timeoutMs / 1000} s`);
}

function stop(child) {
  return new Promise((resolve) => {
    if (!child || child.exitCode !== null || child.signalCode !== null) return resolve();
    const kill = (signal) => {
      try {
        process.kill(-child.pid, signal); // the whole group, with anything the server started
      } catch {
        // already gone
      }
    };
    const timer = setTimeout(() => kill("SIGKILL"), 10_000);
    child.once("exit", () => {
      clearTimeout(timer);
      resolve();
    });
    kill("SIGTERM");
  });
}

/**
 * One browser run at a time on this machine: runs share apps/web/dist (a build during another
 * run's tests would swap its bundles) and two Chromium suites on 2 cores time each other out.
 */
export async function takeRunLock() {
  const lock = join(tmpdir(), "learnward-e2e.lock");
  for (;;) {
    try {
      mkdirSync(lock);
      const release = () => rmSync(lock, { recursive: true, force: true });
      process.once("exit", release);
      return;
    } catch {
      // Another run holds it; a lock older than 20 minutes belongs to a run that died.
      if (Date.now() - statSync(lock, { throwIfNoEntry: false })?.mtimeMs > 20 * 60_000) rmSync(lock, { recursive: true, force: true });
      else {
        log("waiting for another e2e run on this machine to finish");
        await new Promise((resolve) => setTimeout(resolve, 5000));
      }
    }
  }
}

/**
 * Starts the compiled server (built first if stale) on a free port with a fresh data folder and the demo seed; the
 * server's own output goes to e2e/artifacts/<logName>. stop() ends it and removes the data.
 */
export async function startServer(logName = "server.log") {
  mkdirSync(artifacts, { recursive: true });
  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  const dataDir = mkdtempSync(join(tmpdir(), "learnward-e2e-"));
  const serverLog = join(artifacts, logName);
  await buildServerIfStale();
  log(`starting the server on ${baseUrl} (data in ${dataDir}, log in e2e/artifacts/${logName})`);
  // The server writes its log straight to the file: nothing here has to drain a pipe while tests run.
  const logFd = openSync(serverLog, "w");
  const server = spawn(process.execPath, serverArgs(), {
    cwd: root,
    detached: true,
    stdio: ["ignore", logFd, logFd],
    // CHAT_HOOKS_ALLOW_PRIVATE: chat.e2e.ts's Slack and Teams stand-ins listen on loopback; SSO_ALLOW_PRIVATE: so does sso.e2e.ts's identity
    // provider; XAPI_FORWARD_ALLOW_PRIVATE: and lrs-forwarding.e2e.ts's outside LRS.
    env: {
      ...process.env,
      PORT: String(port),
      DATA_DIR: dataDir,
      DEMO_SEED: "true",
      NODE_ENV: "test",
      PUBLIC_URL: baseUrl,
      CHAT_HOOKS_ALLOW_PRIVATE: "true",
      SSO_ALLOW_PRIVATE: "true",
      XAPI_FORWARD_ALLOW_PRIVATE: "true",
    },
  });
  closeSync(logFd);
  const cleanUp = async () => {
    await stop(server);
    rmSync(dataDir, { recursive: true, force: true });
  };
  for (const signal of ["SIGINT", "SIGTERM"]) {
    process.once(signal, () => void cleanUp().then(() => process.exit(130)));
  }
  try {
    const started = Date.now();
    await waitForHealth(baseUrl, server, 120_000);
    log(`server ready in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  } catch (error) {
    const tail = readFileSync(serverLog, "utf8").split("\n").slice(-30).join("\n");
    await cleanUp();
    throw new Error(`${error instanceof Error ? error.message : error}\nlast lines of the server log:\n${tail}`, { cause: error });
  }
  return { baseUrl, stop: cleanUp };
}
