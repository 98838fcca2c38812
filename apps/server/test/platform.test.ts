import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildApp } from "../src/app.ts";
import { createTestContext, DEMO, type Client, type TestContext } from "./helpers.ts";

let t: TestContext;
let member: Client;
beforeAll(async () => {
  t = await createTestContext();
  member = await t.as(DEMO.member);
});
afterAll(() => t.close());

const isErrorShape = (body: unknown) =>
  typeof body === "object" &&
  body !== null &&
  typeof (body as { error?: { code?: unknown } }).error?.code === "string" &&
  typeof (body as { error: { message?: unknown } }).error.message === "string";

describe("HTTP conventions", () => {
  it("matches paths with and without the trailing slash", async () => {
    expect((await member.get("/api/b2b/v1/onboarding")).status).toBe(200);
    expect((await member.get("/api/b2b/v1/onboarding/")).status).toBe(200);
    expect((await t.anonymous.get("/api/health/")).body).toEqual({ status: "ok", database: t.database.kind });
  });

  it("answers unknown API routes 404 in the error shape", async () => {
    const res = await member.get("/api/b2b/v1/nothing-here/");
    expect(res.status).toBe(404);
    expect(res.body).toEqual({ error: { code: "not_found", message: "No route for GET /api/b2b/v1/nothing-here/" } });
  });

  it("answers malformed, oversized and wrongly typed bodies with 4xx in the error shape", async () => {
    const url = "/api/b2b/v1/onboarding/";
    const auth = { authorization: `Bearer ${member.token}` };
    const broken = await t.app.inject({ method: "POST", url, headers: { ...auth, "content-type": "application/json" }, payload: "{not json" });
    expect(broken.statusCode).toBe(400);
    expect(isErrorShape(broken.json())).toBe(true);
    const text = await t.app.inject({ method: "POST", url, headers: { ...auth, "content-type": "text/plain" }, payload: "hello" });
    expect(text.statusCode).toBe(400);
    expect(text.json().error.code).toBe("validation_error");
    const xml = await t.app.inject({ method: "POST", url, headers: { ...auth, "content-type": "application/xml" }, payload: "<a/>" });
    expect(xml.statusCode).toBe(415);
    expect(xml.json().error.code).toBe("unsupported_media_type");
    const huge = await t.app.inject({
      method: "POST",
      url,
      headers: { ...auth, "content-type": "application/json" },
      payload: JSON.stringify({ title: "x".repeat(2 * 1024 * 1024), type: "t" }),
    });
    expect(huge.statusCode).toBe(413);
    expect(huge.json().error.code).toBe("payload_too_large");
  });

  it("sends security headers and a request id", async () => {
    const res = await t.app.inject({ method: "GET", url: "/api/health" });
    expect(res.headers["content-security-policy"]).toMatch(/script-src 'self'/);
    expect(res.headers["content-security-policy"]).toMatch(/frame-ancestors 'none'/);
    expect(res.headers["x-content-type-options"]).toBe("nosniff");
    expect(res.headers["referrer-policy"]).toBe("strict-origin-when-cross-origin");
    expect(res.headers["x-request-id"]).toMatch(/^[0-9a-f-]{36}$/);
  });

  it("refuses a state-changing call from a foreign Origin", async () => {
    const evil = await member.post("/api/b2b/v1/onboarding/", { title: "t", type: "x" }, { origin: "https://evil.example" });
    expect(evil.status).toBe(403);
    const same = await member.post("/api/b2b/v1/onboarding/", { title: "t", type: "x" }, { origin: "http://localhost:3000" });
    expect(same.status).toBe(201);
  });

  it("compresses large answers when the client accepts brotli", async () => {
    const res = await t.app.inject({ method: "GET", url: "/api/openapi.json", headers: { "accept-encoding": "br" } });
    expect(res.headers["content-encoding"]).toBe("br");
  });
});

describe("DRF-style pagination", () => {
  it("pages with absolute next and previous links that keep the other parameters", async () => {
    const hr = await t.as(DEMO.hr);
    for (const title of ["a", "b", "c"]) await hr.post("/api/b2b/v1/onboarding/", { title, type: "peopleManagement" });
    const p1 = await hr.get("/api/b2b/v1/onboarding/?page_size=2");
    expect(p1.body.count).toBe(3);
    expect(p1.body.results).toHaveLength(2);
    expect(p1.body.previous).toBeNull();
    expect(p1.body.next).toBe("http://localhost:80/api/b2b/v1/onboarding/?page_size=2&page=2".replace(":80", ""));
    const p2 = await hr.get("/api/b2b/v1/onboarding/?page_size=2&page=2");
    expect(p2.body.results).toHaveLength(1);
    expect(p2.body.next).toBeNull();
    expect(p2.body.previous).toMatch(/^http:\/\/localhost\/api\/b2b\/v1\/onboarding\/\?page_size=2&page=1$/);
    expect((await hr.get("/api/b2b/v1/onboarding/?page_size=0")).status).toBe(400);
    expect((await hr.get("/api/b2b/v1/onboarding/?page=abc")).status).toBe(400);
  });
});

describe("OpenAPI and route declarations", () => {
  it("documents the API at /api/openapi.json and serves the docs UI", async () => {
    const doc = (await t.anonymous.get("/api/openapi.json")).body;
    expect(doc.openapi).toMatch(/^3\./);
    for (const p of ["/api/me", "/api/b2b/v1/accounts", "/api/b2b/v1/profile/{domain}", "/api/b2b/v1/onboarding", "/api/user/profile", "/api/health"]) {
      expect(Object.keys(doc.paths)).toContain(p);
    }
    expect((await t.app.inject({ method: "GET", url: "/api/docs/" })).statusCode).toBe(200);
  });

  it("cannot register an API route that does not say who may call it", async () => {
    const app = await buildApp({ config: t.config, database: t.database, authSecret: "x".repeat(40), logger: false });
    expect(() => app.get("/api/undeclared", async () => ({}))).toThrow(/does not declare config.access/);
    await app.close();
  });

  it("hides the development outbox in production", async () => {
    const app = await buildApp({
      config: { ...t.config, NODE_ENV: "production" },
      database: t.database,
      authSecret: "x".repeat(40),
      logger: false,
    });
    expect((await app.inject({ method: "GET", url: "/api/dev/outbox" })).statusCode).toBe(404);
    await app.close();
  });
});

describe("malformed input on every documented route", () => {
  const garbage = ["-1", "0", "%00", "x".repeat(600), "'; drop table accounts; --", "ñ🙂", "1e309", "[]"];
  const badBodies: unknown[] = [null, [], "str", 42, { title: 1, type: [] }, { ready: "yes" }, { displayName: "" }, { locale: "fr" }, { extra: true, photoURL: 5 }];

  it("never answers 5xx, and every 4xx has the error shape", async () => {
    const doc = (await t.anonymous.get("/api/openapi.json")).body as { paths: Record<string, Record<string, unknown>> };
    const failures: string[] = [];
    let calls = 0;
    for (const [path, methods] of Object.entries(doc.paths)) {
      for (const method of Object.keys(methods)) {
        for (const g of garbage) {
          const url = path.replace(/\{[^}]+\}/g, encodeURIComponent(g)) + `?page=${encodeURIComponent(g)}&page_size=${encodeURIComponent(g)}&uid=${encodeURIComponent(g)}`;
          const bodies = method === "get" ? [undefined] : badBodies;
          for (const body of bodies) {
            for (const client of [t.anonymous, member]) {
              const res = await t.app.inject({
                method: method.toUpperCase() as "GET",
                url,
                headers: {
                  ...(client.token ? { authorization: `Bearer ${client.token}` } : {}),
                  ...(body !== undefined ? { "content-type": "application/json" } : {}),
                },
                ...(body !== undefined ? { payload: JSON.stringify(body) } : {}),
              });
              calls++;
              let parsed: unknown;
              try {
                parsed = res.json();
              } catch {
                parsed = undefined;
              }
              if (res.statusCode >= 500 || (res.statusCode >= 400 && !isErrorShape(parsed))) {
                failures.push(`${method.toUpperCase()} ${url.slice(0, 80)} → ${res.statusCode} ${res.body.slice(0, 120)}`);
              }
            }
          }
        }
      }
    }
    expect(failures).toEqual([]);
    expect(calls).toBeGreaterThan(100);
  });
});
