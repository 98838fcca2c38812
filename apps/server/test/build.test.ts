import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

// Production runs the compiled server (apps/server/dist/main.js) with plain node. These
// tests build it as `npm run build` does and start it from the build output alone.
const server = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const main = path.join(server, "dist/main.js");

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = createServer();
    s.once("error", reject);
    s.listen(0, "127.0.0.1", () => {
      const { port } = s.address() as { port: number };
      s.close(() => resolve(port));
    });
  });
}

/** Runs the built server with plain node (no loader), in a folder far from the sources. */
function runBuilt(env: Record<string, string>): ChildProcess {
  const clean = Object.fromEntries(Object.entries(process.env).filter(([k]) => !/^(NODE_OPTIONS|DATABASE_URL|PG_TEST_URL)$/.test(k)));
  return spawn(process.execPath, [main], { cwd: tmpdir(), env: { ...clean, ...env }, stdio: ["ignore", "pipe", "pipe"] });
}

function output(child: ChildProcess): () => string {
  let text = "";
  child.stdout!.on("data", (d) => (text += d));
  child.stderr!.on("data", (d) => (text += d));
  return () => text;
}

describe("the compiled server", () => {
  const dataDir = mkdtempSync(path.join(tmpdir(), "learnward-build-test-"));
  let child: ChildProcess | undefined;

  beforeAll(() => {
    const built = spawnSync(process.execPath, ["scripts/build.mjs"], { cwd: server, encoding: "utf8" });
    expect(built.status, built.stderr).toBe(0);
  });

  afterAll(async () => {
    if (child && child.exitCode === null) {
      const exited = new Promise((resolve) => child!.once("exit", resolve));
      child.kill("SIGTERM");
      await exited;
    }
    rmSync(dataDir, { recursive: true, force: true });
  });

  it("is plain JavaScript with its migrations beside it, importing no TypeScript loader and no .ts file", () => {
    const code = readFileSync(main, "utf8");
    // An import, dynamic import or require of tsx or of a .ts file; a bundled package.json's "types"
    // field naming its .d.ts file is only a string.
    expect(code).not.toMatch(/(?:\bfrom\s*|\bimport\s*\(?\s*|\brequire\s*\(\s*)["'](?:tsx(?:\/[^"']*)?|[^"'\s]+\.ts)["']/);
    expect(existsSync(path.join(server, "dist/migrations/meta/_journal.json"))).toBe(true);
  });

  it("leaves pdfkit an import, so that it finds its standard fonts' files when it draws a certificate", () => {
    expect(readFileSync(main, "utf8")).not.toContain("#standard-fonts/");
    // What the bundle's import of pdfkit reaches, from beside the bundle: it draws text in Helvetica.
    const drawn = spawnSync(
      process.execPath,
      [
        "--input-type=module",
        "-e",
        "import PDFDocument from 'pdfkit'; const d = new PDFDocument(); const parts = []; d.on('data', (c) => parts.push(c)); d.on('end', () => console.log(Buffer.concat(parts).subarray(0, 5).toString())); d.font('Helvetica').text('ok'); d.end();",
      ],
      { cwd: path.dirname(main), encoding: "utf8" },
    );
    expect(drawn.stdout.trim(), drawn.stderr).toBe("%PDF-");
  });

  it("starts from the build output on a fresh data folder and answers /api/health", async () => {
    const port = await freePort();
    child = runBuilt({
      PORT: String(port),
      HOST: "127.0.0.1",
      PUBLIC_URL: `http://127.0.0.1:${port}`,
      DATA_DIR: dataDir,
      DEMO_SEED: "false",
      NODE_ENV: "test",
      LOG_LEVEL: "warn",
      JOBS_WORK: "false",
    });
    const text = output(child);
    const deadline = Date.now() + 60_000;
    let answer: { status: number; body: unknown } | undefined;
    while (Date.now() < deadline && child.exitCode === null) {
      const res = await fetch(`http://127.0.0.1:${port}/api/health`).catch(() => null);
      if (res?.status === 200) {
        answer = { status: res.status, body: await res.json() };
        break;
      }
      await new Promise((r) => setTimeout(r, 200));
    }
    expect(answer, text()).toEqual({ status: 200, body: { status: "ok", database: "pglite" } });
  });

  it("names a bad setting and exits without a stack trace", async () => {
    const bad = runBuilt({ PORT: "abc", DATA_DIR: dataDir });
    const text = output(bad);
    const code = await new Promise((resolve) => bad.once("exit", resolve));
    expect(code).toBe(2);
    expect(text()).toContain('PORT="abc"');
    expect(text()).not.toMatch(/\n\s+at /);
  });
});
