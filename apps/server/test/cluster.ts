// Several real server processes on one PostgreSQL behind a small round-robin proxy: what
// test/cluster.test.ts proves correct and bench/cluster.ts measures.
import { spawn, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import http from "node:http";
import net from "node:net";
import path from "node:path";
import { fileURLToPath } from "node:url";

export const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../../..");

/**
 * How a server process is started: from source through tsx, as the browser suite does. Switching to
 * the compiled build is this one line.
 */
export const serverCommand = (): { command: string; args: string[] } => ({
  command: process.execPath,
  args: ["--import", "tsx", "apps/server/src/main.ts"],
});

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

export interface ServerProcess {
  url: string;
  pid: number;
  child: ChildProcess;
  stop(): Promise<void>;
}

/** Starts one server process (its own process group, log to `logFile`) and waits for /api/health. */
export async function startServerProcess(o: { port: number; env: Record<string, string>; logFile: string; timeoutMs?: number }): Promise<ServerProcess> {
  const { command, args } = serverCommand();
  const log = fs.openSync(o.logFile, "a");
  const child = spawn(command, args, {
    cwd: repoRoot,
    detached: true,
    stdio: ["ignore", log, log],
    env: { ...process.env, HOST: "127.0.0.1", PORT: String(o.port), ...o.env },
  });
  fs.closeSync(log);
  const url = `http://127.0.0.1:${o.port}`;
  const stop = () =>
    new Promise<void>((resolve) => {
      if (child.exitCode !== null || child.signalCode !== null) return resolve();
      const kill = (signal: NodeJS.Signals) => {
        try {
          process.kill(-child.pid!, signal);
        } catch {
          /* gone */
        }
      };
      const timer = setTimeout(() => kill("SIGKILL"), 10_000);
      child.once("exit", () => {
        clearTimeout(timer);
        resolve();
      });
      kill("SIGTERM");
    });
  const deadline = Date.now() + (o.timeoutMs ?? 120_000);
  for (;;) {
    if (child.exitCode !== null) throw new Error(`the server on port ${o.port} exited with ${child.exitCode}: see ${o.logFile}`);
    try {
      if ((await fetch(`${url}/api/health`)).status === 200) break;
    } catch {
      /* not listening yet */
    }
    if (Date.now() > deadline) {
      await stop();
      throw new Error(`the server on port ${o.port} did not answer /api/health in time: see ${o.logFile}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  return { url, pid: child.pid!, child, stop };
}

export interface Proxy {
  url: string;
  /** Requests each backend was sent. */
  counts: number[];
  close(): Promise<void>;
}

/**
 * A round-robin HTTP proxy as a load balancer would be: no stickiness, `X-Forwarded-For` gets the
 * address it saw appended, `X-Forwarded-Proto`/`-Host` are set, and each answer says which backend
 * (0-based) served it in `x-cluster-backend`.
 */
export async function startProxy(backends: string[], port = 0): Promise<Proxy> {
  const agent = new http.Agent({ keepAlive: true, maxSockets: 256 });
  const counts = backends.map(() => 0);
  let next = 0;
  const server = http.createServer((req, res) => {
    const i = next++ % backends.length;
    counts[i]!++;
    const target = new URL(req.url ?? "/", backends[i]);
    const forwardedFor = [req.headers["x-forwarded-for"], req.socket.remoteAddress].filter(Boolean).join(", ");
    const upstream = http.request(
      target,
      {
        method: req.method,
        agent,
        headers: { ...req.headers, "x-forwarded-for": forwardedFor, "x-forwarded-proto": "http", "x-forwarded-host": req.headers.host ?? "" },
      },
      (answer) => {
        res.writeHead(answer.statusCode ?? 502, { ...answer.headers, "x-cluster-backend": String(i) });
        answer.pipe(res);
      },
    );
    upstream.on("error", () => {
      if (!res.headersSent) res.writeHead(502, { "content-type": "application/json" });
      res.end(JSON.stringify({ error: { code: "bad_gateway", message: "backend unavailable" } }));
    });
    req.pipe(upstream);
  });
  server.keepAliveTimeout = 30_000;
  await new Promise<void>((resolve) => server.listen(port, "127.0.0.1", resolve));
  const { port: bound } = server.address() as net.AddressInfo;
  return {
    url: `http://127.0.0.1:${bound}`,
    counts,
    close: () =>
      new Promise<void>((resolve) => {
        agent.destroy();
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

export interface Cluster {
  url: string;
  proxy: Proxy;
  servers: ServerProcess[];
  stop(): Promise<void>;
}

/**
 * `count` server processes on `databaseUrl`, all started at once, behind one proxy. Ports come from
 * `basePort` (servers basePort…, the proxy after them) or are free ones.
 */
export async function startCluster(o: {
  databaseUrl: string;
  count: number;
  env?: Record<string, string>;
  logDir: string;
  basePort?: number;
}): Promise<Cluster> {
  fs.mkdirSync(o.logDir, { recursive: true });
  const ports = o.basePort ? Array.from({ length: o.count + 1 }, (_, i) => o.basePort! + i) : await Promise.all(Array.from({ length: o.count + 1 }, freePort));
  const proxyPort = ports[o.count]!;
  const publicUrl = `http://127.0.0.1:${proxyPort}`;
  const started = await Promise.allSettled(
    ports.slice(0, o.count).map((port, i) =>
      startServerProcess({
        port,
        logFile: path.join(o.logDir, `server-${i}.log`),
        env: { DATABASE_URL: o.databaseUrl, PUBLIC_URL: publicUrl, DATA_DIR: path.join(o.logDir, `data-${i}`), ...o.env },
      }),
    ),
  );
  const servers = started.flatMap((s) => (s.status === "fulfilled" ? [s.value] : []));
  const failed = started.find((s) => s.status === "rejected");
  if (failed) {
    await Promise.all(servers.map((s) => s.stop()));
    throw failed.reason;
  }
  const proxy = await startProxy(
    servers.map((s) => s.url),
    proxyPort,
  );
  return {
    url: proxy.url,
    proxy,
    servers,
    stop: async () => {
      await proxy.close();
      await Promise.all(servers.map((s) => s.stop()));
    },
  };
}
