import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import zlib from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildApp, type App } from "../src/app.ts";
import { loadConfig } from "../src/config.ts";
import { openDatabase, type Database } from "../src/db/client.ts";
import { testPasswordHashing } from "./test-database.ts";

let app: App;
let database: Database;
let dist: string;
const bundle = `console.log(${JSON.stringify("learnward ".repeat(2000))});`;

beforeAll(async () => {
  // Inside a folder of its own: the server looks for its rendering build beside it (../dist-ssr).
  dist = path.join(fs.mkdtempSync(path.join(os.tmpdir(), "lw-dist-")), "dist");
  fs.mkdirSync(path.join(dist, "assets"), { recursive: true });
  fs.writeFileSync(path.join(dist, "index.html"), '<!doctype html><div id="root"></div><script src="/assets/index-AbC123.js"></script>');
  fs.writeFileSync(path.join(dist, "assets/index-AbC123.js"), bundle);
  database = await openDatabase({});
  app = await buildApp({
    config: loadConfig({ NODE_ENV: "test", LOG_LEVEL: "silent", WEB_DIST: dist }),
    database,
    authSecret: "web-serving-test-secret-0000000000000",
    passwordHashing: testPasswordHashing,
    logger: false,
  });
});
afterAll(async () => {
  await app.close();
  await database.close();
  fs.rmSync(path.dirname(dist), { recursive: true, force: true });
});

describe("serving the built web app on the API's port", () => {
  it("caches hashed assets for a year and compresses them", async () => {
    const res = await app.inject({ method: "GET", url: "/assets/index-AbC123.js", headers: { "accept-encoding": "gzip" } });
    expect(res.statusCode).toBe(200);
    expect(res.headers["cache-control"]).toBe("public, max-age=31536000, immutable");
    expect(res.headers["content-encoding"]).toBe("gzip");
    expect(zlib.gunzipSync(res.rawPayload).toString()).toBe(bundle);
  });

  it("sends the build's own Brotli and gzip copies when there are some", async () => {
    const source = `export const words = ${JSON.stringify("precompressed ".repeat(500))};`;
    fs.writeFileSync(path.join(dist, "assets/words-Pre456.js"), source);
    // Marked, to tell the build's copies from compression on the fly.
    fs.writeFileSync(path.join(dist, "assets/words-Pre456.js.br"), zlib.brotliCompressSync(`${source}// br`));
    fs.writeFileSync(path.join(dist, "assets/words-Pre456.js.gz"), zlib.gzipSync(`${source}// gz`));
    const br = await app.inject({ method: "GET", url: "/assets/words-Pre456.js", headers: { "accept-encoding": "br, gzip" } });
    expect(br.headers["content-encoding"]).toBe("br");
    expect(br.headers["content-type"]).toMatch(/javascript/);
    expect(br.headers["cache-control"]).toBe("public, max-age=31536000, immutable");
    expect(zlib.brotliDecompressSync(br.rawPayload).toString()).toBe(`${source}// br`);
    const gz = await app.inject({ method: "GET", url: "/assets/words-Pre456.js", headers: { "accept-encoding": "gzip" } });
    expect(gz.headers["content-encoding"]).toBe("gzip");
    expect(zlib.gunzipSync(gz.rawPayload).toString()).toBe(`${source}// gz`);
    const plain = await app.inject({ method: "GET", url: "/assets/words-Pre456.js" });
    expect(plain.headers["content-encoding"]).toBeUndefined();
    expect(plain.body).toBe(source);
  });

  it("serves bundles written after start (a rebuild while running)", async () => {
    fs.writeFileSync(path.join(dist, "assets/page-NeW999.js"), "export {}");
    const res = await app.inject({ method: "GET", url: "/assets/page-NeW999.js" });
    expect(res.statusCode).toBe(200);
    expect(res.headers["cache-control"]).toBe("public, max-age=31536000, immutable");
  });

  it("answers the app's routes with index.html, never cached", async () => {
    // A visitor with a session: an unsigned one is sent to /login from all but the public pages
    // (test/shell.test.ts); whether the session is alive is for the app to find out.
    const headers = { cookie: "better-auth.session_token=some-session" };
    for (const url of ["/", "/home", "/collaborative-network/collections/12/sql-basics", "/peopleManagement?tab=2"]) {
      const res = await app.inject({ method: "GET", url, headers });
      expect(res.statusCode).toBe(200);
      expect(res.headers["content-type"]).toMatch(/text\/html/);
      expect(res.headers["cache-control"]).toBe("no-cache");
      expect(res.body).toContain('<div id="root">');
    }
  });

  it("keeps API and missing files out of the fallback", async () => {
    expect((await app.inject({ method: "GET", url: "/api/missing" })).json().error.code).toBe("not_found");
    expect((await app.inject({ method: "GET", url: "/assets/missing-123.js" })).statusCode).toBe(404);
  });
});

describe("health for load balancers", () => {
  it("answers 503 when the database is unreachable", async () => {
    const down = await buildApp({
      config: loadConfig({ NODE_ENV: "test", LOG_LEVEL: "silent", WEB_DIST: dist }),
      database: { ...database, ping: () => Promise.reject(new Error("connection refused")) },
      authSecret: "web-serving-test-secret-0000000000000",
      passwordHashing: testPasswordHashing,
      logger: false,
    });
    const res = await down.inject({ method: "GET", url: "/api/health" });
    expect(res.statusCode).toBe(503);
    expect(res.json()).toEqual({ status: "unavailable", database: "pglite" });
    await down.close();
  });
});
