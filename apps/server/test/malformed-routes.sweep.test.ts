// A sweep over every documented route with malformed paths, query strings and bodies, anonymous and
// signed in: run in its own step (npm run test:sweeps), since it makes thousands of calls.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestContext, type Client, type TestContext } from "./helpers.ts";
import { createCompanyWithRoles } from "./factories.ts";
import { refusalShaped } from "./error-shape.ts";
import { operations, type Doc } from "./openapi-doc.ts";

let t: TestContext;
let member: Client;
// On an empty database, one company with a member.
beforeAll(async () => {
  t = await createTestContext({ seed: false });
  member = (await createCompanyWithRoles(t)).member.client;
});
afterAll(() => t.close());

describe("malformed input on every documented route", () => {
  // NUL (PostgreSQL 22021) and dates that match YYYY-MM-DD but do not exist were 500s.
  const garbage = ["-1", "0", "%00", "a\u0000b", "2026-02-30", "x".repeat(600), "'; drop table accounts; --", "ñ🙂", "1e309", "[]"];
  const badBodies: unknown[] = [
    null,
    [],
    "str",
    42,
    { title: 1, type: [] },
    { ready: "yes" },
    { displayName: "" },
    { locale: "fr" },
    { extra: true, photoURL: 5 },
  ];

  it("never answers 5xx, and every 4xx has the error shape", async () => {
    const failures: string[] = [];
    let calls = 0;
    for (const { method, path, query: params } of operations((await t.anonymous.get("/api/openapi.json")).body as Doc)) {
      for (const g of garbage) {
        const query = ["page", "page_size", "uid", ...params].map((q) => `${q}=${encodeURIComponent(g)}`).join("&");
        const url = path.replace(/\{[^}]+\}/g, encodeURIComponent(g)) + `?${query}`;
        const bodies = method === "GET" ? [undefined] : badBodies;
        for (const body of bodies) {
          for (const client of [t.anonymous, member]) {
            const res = await t.app.inject({
              method: method as "GET",
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
            if (res.statusCode >= 500 || (res.statusCode >= 400 && !refusalShaped(path, parsed, res.statusCode))) {
              failures.push(`${method} ${url.slice(0, 80)} → ${res.statusCode} ${res.body.slice(0, 120)}`);
            }
          }
        }
      }
    }
    expect(failures).toEqual([]);
    expect(calls).toBeGreaterThan(100);
  });
});
