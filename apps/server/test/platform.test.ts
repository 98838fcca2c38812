import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildApp } from "../src/app.ts";
import { createTestContext, type Client, type TestContext } from "./helpers.ts";
import { createCompanyWithRoles } from "./factories.ts";
import { testPasswordHashing } from "./test-database.ts";
import { isErrorShape } from "./error-shape.ts";

let t: TestContext;
let member: Client, hr: Client, ldleader: Client;
// On an empty database, one company with a member, an hr and an L&D leader.
beforeAll(async () => {
  t = await createTestContext({ seed: false });
  const world = await createCompanyWithRoles(t);
  [member, hr, ldleader] = [world.member.client, world.hr.client, world.ldleader.client];
});
afterAll(() => t.close());

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
    for (const title of ["a", "b", "c"]) await hr.post("/api/b2b/v1/onboarding/", { title, type: "peopleManagement" });
    const p1 = await hr.get("/api/b2b/v1/onboarding/?page_size=2");
    expect(p1.body.count).toBe(3);
    expect(p1.body.results).toHaveLength(2);
    expect(p1.body.previous).toBeNull();
    expect(p1.body.next).toBe("http://localhost:3000/api/b2b/v1/onboarding/?page_size=2&page=2"); // PUBLIC_URL, not the Host
    const p2 = await hr.get("/api/b2b/v1/onboarding/?page_size=2&page=2");
    expect(p2.body.results).toHaveLength(1);
    expect(p2.body.next).toBeNull();
    expect(p2.body.previous).toBe("http://localhost:3000/api/b2b/v1/onboarding/?page_size=2&page=1");
    // spec §7 page sizes read as the spec's REST framework reads them: 0 is the default page.
    expect((await hr.get("/api/b2b/v1/onboarding/?page_size=0")).body.results).toHaveLength(3);
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
    const app = await buildApp({ config: t.config, database: t.database, authSecret: "x".repeat(40), passwordHashing: testPasswordHashing, logger: false });
    expect(() => app.get("/api/undeclared", async () => ({}))).toThrow(/does not declare config.access/);
    await app.close();
  });

  it("hides the development outbox in production", async () => {
    const app = await buildApp({
      config: { ...t.config, NODE_ENV: "production" },
      database: t.database,
      authSecret: "x".repeat(40),
      passwordHashing: testPasswordHashing,
      logger: false,
    });
    expect((await app.inject({ method: "GET", url: "/api/dev/outbox" })).statusCode).toBe(404);
    expect((await app.inject({ method: "GET", url: "/api/dev/outbox/1" })).statusCode).toBe(404);
    await app.close();
  });
});

type JsonSchema = {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  additionalProperties?: JsonSchema | boolean;
  items?: JsonSchema;
  enum?: unknown[];
  pattern?: string;
  format?: string;
  anyOf?: JsonSchema[];
};
type Operation = { parameters?: { in: string; name: string }[]; requestBody?: { content?: Record<string, { schema?: JsonSchema }> } };
const isDate = (s: JsonSchema) => s.format === "date" || (s.pattern ?? "").includes("\\d{4}-");

/** A body shaped like the schema (so it gets past the type checks) whose text or dates are the hostile ones. */
function bodyLike(s: JsonSchema | undefined, text: string, date: string): unknown {
  if (!s) return text;
  if (s.anyOf) return bodyLike(s.anyOf.find((x) => x.type !== "null") ?? s.anyOf[0], text, date);
  if (s.enum) return s.enum[0];
  const type = [s.type].flat().find((x) => x !== "null");
  if (type === "integer" || type === "number") return 1;
  if (type === "boolean") return false;
  if (type === "array") return [bodyLike(s.items, text, date)];
  if (type === "object") {
    const fields = Object.entries(s.properties ?? {}).map(([k, v]) => [k, bodyLike(v, text, date)]);
    // A record (skills keyed by name…): its key is text too.
    if (typeof s.additionalProperties === "object") fields.push([text, bodyLike(s.additionalProperties, text, date)]);
    return Object.fromEntries(fields);
  }
  return isDate(s) ? date : text;
}

/** A GET of this URL is answered 400 with this error code. */
async function expectRefused(client: Client, url: string, code: string) {
  const res = await client.get(url);
  expect(res.status, url).toBe(400);
  expect(res.body.error.code, url).toBe(code);
}

describe("hostile input", () => {
  let ld: Client;
  beforeAll(async () => {
    ld = ldleader;
  });

  it("keeps a client's x-request-id only when it looks like one, else makes its own", async () => {
    const idOf = async (id: string) => (await t.app.inject({ method: "GET", url: "/api/health", headers: { "x-request-id": id } })).headers["x-request-id"];
    for (const kept of ["abc-123", "Req.42:retry_1", "x".repeat(128)]) expect(await idOf(kept)).toBe(kept);
    for (const refused of ["<script>alert(1)</script>", "a b", "x".repeat(129), 'id"}, {"admin": true', "ok;rm -rf /", "ñandú"]) {
      expect(await idOf(refused), refused).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/);
    }
  });

  it("refuses NUL bytes in text fields, record keys and search parameters with 400, storing nothing", async () => {
    const before = (await member.get("/api/b2b/v1/onboarding/")).body.count;
    const body = await member.post("/api/b2b/v1/onboarding/", { title: "a\u0000b", type: "x" });
    expect(body.status).toBe(400);
    expect(body.body.error).toMatchObject({ code: "validation_error", details: [{ path: "body.title" }] });
    expect((await member.get("/api/b2b/v1/onboarding/")).body.count).toBe(before);
    const key = await ld.post("/api/b2b/v1/plans/", { title: "Plan", skills: { "sq\u0000l": { collections: [1] } } });
    expect(key.status).toBe(400);
    expect(key.body.error.code).toBe("validation_error");
    for (const url of [
      "/api/contentuser/search?search=a%00b",
      "/api/b2b/v1/discover/?search=%00",
      "/api/b2b/v1/employees/?search=x%00",
      "/api/contentuser/search?contenType=article%00",
    ])
      await expectRefused(ld, url, "validation_error");
  });

  it("refuses dates that match YYYY-MM-DD but do not exist, changing nothing", async () => {
    const memberId = (await member.get("/api/me")).body.account.id;
    const path = (await member.post("/api/b2b/v1/collections/", { title: "Dates path", skills: ["dates"] })).body;
    const publish = (await member.post("/api/b2b/v1/publish-requests/", { collection_id: path.id })).body;
    await ld.post(`/api/b2b/v1/publish-requests/${publish.id}/accept/`, {});
    const created = await ld.post("/api/b2b/v1/plans/", {
      title: "Dates",
      deadline: "2026-06-30",
      skills: { dates: { collections: [path.id] } },
      selectedAccount: [memberId],
    });
    expect(created.status, created.text).toBe(201);
    for (const deadline of ["2026-13-01", "2026-02-30", "2025-02-29", "2026-04-31", "2026-00-10", "0000-01-01"]) {
      const res = await ld.patch(`/api/b2b/v1/plans/${created.body.id}/`, { deadline });
      expect(res.status, deadline).toBe(400);
      expect(res.body.error).toMatchObject({ code: "validation_error", details: [{ path: "body.deadline" }] });
      const other = await ld.post("/api/b2b/v1/plans/", {
        title: "Other",
        deadline,
        skills: { dates: { collections: [path.id] } },
        selectedAccount: [memberId],
      });
      expect(other.status, deadline).toBe(400);
    }
    expect((await ld.get(`/api/b2b/v1/plans/${created.body.id}/`)).body.deadline).toBe("2026-06-30");
    const budget = await ld.post("/api/b2b/v1/budgets/", { period: "month", period_start: "2026-13-01", amount_minor: 100 });
    expect(budget.status).toBe(400);
    expect(budget.body.error).toMatchObject({ code: "validation_error", details: [{ path: "body.period_start" }] });
    // A real leap day is a date.
    expect((await ld.patch(`/api/b2b/v1/plans/${created.body.id}/`, { deadline: "2028-02-29" })).body.deadline).toBe("2028-02-29");
  });

  it("answers badly percent-encoded paths and query strings 400 in the error shape", async () => {
    for (const url of [
      "/api/contentuser/search?search=%E0%A4%A",
      "/api/contentuser/search?search=%ZZ",
      "/api/b2b/v1/discover/?search=%",
      "/api/b2b/v1/%ZZ",
      "/api/b2b/v1/plans/%E0%A4%A/",
    ])
      await expectRefused(member, url, "bad_request");
    // Well-formed escapes of the same characters still search.
    expect((await member.get("/api/contentuser/search?search=%25E0%25A4%25A")).status).toBe(200);
  });

  it("never answers 5xx to NUL bytes or impossible dates in any field of any documented body", async () => {
    const doc = (await t.anonymous.get("/api/openapi.json")).body as { paths: Record<string, Record<string, Operation>> };
    const failures: string[] = [];
    let calls = 0;
    for (const [path, methods] of Object.entries(doc.paths)) {
      for (const [method, op] of Object.entries(methods)) {
        const schema = op.requestBody?.content?.["application/json"]?.schema;
        if (!schema) continue;
        const variants = [bodyLike(schema, "a\u0000b", "2026-01-15")];
        if (JSON.stringify(schema).includes("\\\\d{4}-") || JSON.stringify(schema).includes('"format":"date"'))
          variants.push(bodyLike(schema, "ok", "2026-02-30"));
        for (const body of variants) {
          for (const client of [member, ld]) {
            const res = await t.app.inject({
              method: method.toUpperCase() as "POST",
              url: path.replace(/\{[^}]+\}/g, "1"),
              headers: { authorization: `Bearer ${client.token}`, "content-type": "application/json" },
              payload: JSON.stringify(body),
            });
            calls++;
            const sent = JSON.stringify(body);
            const where = `${method.toUpperCase()} ${path} ${sent.slice(0, 80)}`;
            if (res.statusCode >= 500 || (res.statusCode >= 400 && !isErrorShape(res.json())))
              failures.push(`${where} → ${res.statusCode} ${res.body.slice(0, 120)}`);
            else if (res.statusCode < 300 && /\\u0000|2026-02-30/.test(sent)) failures.push(`${where} → accepted ${res.statusCode}`);
          }
        }
      }
    }
    expect(failures).toEqual([]);
    expect(calls).toBeGreaterThan(50);
  });
});
