import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestContext, sessionCookie, type TestContext } from "../../test/helpers.ts";
import { createCompanyWithRoles } from "../../test/factories.ts";
import { loadConfig } from "../config.ts";

// The browser extension calls the API from its own origin (chrome-extension://<id>,
// moz-extension://<uuid>): the server answers CORS for it on the routes it uses, and nowhere else.
let t: TestContext;
let token: string;
let memberEmail: string;
const CHROME = "chrome-extension://abc";
const FIREFOX = "moz-extension://0f6e1a2b-3c4d-4e5f-8a9b-0c1d2e3f4a5b";

const preflight = (url: string, origin: string, method = "POST") =>
  t.app.inject({
    method: "OPTIONS",
    url,
    headers: { origin, "access-control-request-method": method, "access-control-request-headers": "authorization,content-type" },
  });

beforeAll(async () => {
  t = await createTestContext({ seed: false, env: { CORS_ORIGINS: "https://app.partner.example" } });
  const acme = await createCompanyWithRoles(t);
  memberEmail = acme.member.email;
  token = (await acme.member.client.post("/api/me/access-tokens", { name: "Extension" })).body.token;
});
afterAll(() => t.close());

describe("CORS for the browser extension", () => {
  it("answers a preflight from an extension on the save route, without credentials", async () => {
    for (const origin of [CHROME, FIREFOX]) {
      const res = await preflight("/api/contentuser/save/", origin);
      expect(res.statusCode).toBe(204);
      expect(res.headers["access-control-allow-origin"]).toBe(origin);
      expect(String(res.headers["access-control-allow-methods"])).toMatch(/POST/);
      expect(String(res.headers["access-control-allow-headers"]).toLowerCase()).toMatch(/authorization/);
      expect(res.headers["access-control-allow-credentials"]).toBeUndefined();
    }
  });

  it("answers every route the extension uses", async () => {
    const used: Array<[string, string]> = [
      ["POST", "/api/contentuser/save"],
      ["GET", "/api/contentuser/lookup?url=https%3A%2F%2Fexample.com%2F"],
      ["GET", "/api/user/folder/"],
      ["POST", "/api/user/folder_relation/create_content/"],
      ["POST", "/api/user/wishlist/"],
      ["DELETE", "/api/user/wishlist/?id_course=1"],
      ["POST", "/api/user/courses/"],
      ["PATCH", "/api/user/courses/?id_course=1"],
      ["DELETE", "/api/user/courses/?id_course=1"],
      ["GET", "/api/me"],
      ["GET", "/api/session/"],
    ];
    for (const [method, url] of used) {
      const res = await preflight(url, CHROME, method);
      expect([url, res.headers["access-control-allow-origin"]]).toEqual([url, CHROME]);
      expect(String(res.headers["access-control-allow-methods"])).toContain(method);
    }
  });

  it("sends no CORS headers for a route outside the list, nor for an ordinary web origin", async () => {
    for (const [url, origin] of [
      ["/api/b2b/v1/teams/", CHROME],
      ["/api/me/access-tokens", CHROME],
      ["/api/user/folder/1/", CHROME],
      ["/api/contentuser/save/", "https://evil.example"],
      ["/api/contentuser/save/", "chrome-extension://abc.evil.example"],
      ["/api/contentuser/save/", "null"],
    ] as const) {
      const res = await preflight(url, origin);
      expect([url, origin, res.headers["access-control-allow-origin"]]).toEqual([url, origin, undefined]);
      expect(res.headers["access-control-allow-methods"]).toBeUndefined();
    }
    // A method the extension does not use on a listed path is not announced either.
    expect((await preflight("/api/user/folder/", CHROME, "POST")).headers["access-control-allow-origin"]).toBeUndefined();
  });

  it("lets the extension save with its token, and answers with the CORS header", async () => {
    const res = await t.app.inject({
      method: "POST",
      url: "/api/contentuser/save/",
      headers: { origin: CHROME, authorization: `Bearer ${token}` },
      payload: { url: "https://example.com/from-the-extension", title: "From the extension", fetch_metadata: false },
    });
    expect(res.statusCode).toBe(201);
    expect(res.headers["access-control-allow-origin"]).toBe(CHROME);
    expect(res.headers["access-control-allow-credentials"]).toBeUndefined();
    const me = await t.app.inject({ method: "GET", url: "/api/me", headers: { origin: FIREFOX, authorization: `Bearer ${token}` } });
    expect(me.statusCode).toBe(200);
    expect(me.headers["access-control-allow-origin"]).toBe(FIREFOX);
  });

  it("still refuses an extension's write to a route outside the list, with no CORS header", async () => {
    const res = await t.app.inject({
      method: "POST",
      url: "/api/user/folder/",
      headers: { origin: CHROME, authorization: `Bearer ${token}` },
      payload: { name: "Made from an extension" },
    });
    expect(res.statusCode).toBe(403);
    expect(res.headers["access-control-allow-origin"]).toBeUndefined();
    const other = await t.app.inject({ method: "GET", url: "/api/b2b/v1/teams/", headers: { origin: CHROME, authorization: `Bearer ${token}` } });
    expect(other.headers["access-control-allow-origin"]).toBeUndefined();
  });

  it("takes no form-like post from an extension origin riding on a session cookie", async () => {
    const res = await t.app.inject({
      method: "POST",
      url: "/api/contentuser/save/",
      headers: { origin: CHROME, cookie: await sessionCookie(t, memberEmail), "content-type": "text/plain" },
      payload: JSON.stringify({ url: "https://example.com/ridden", title: "Ridden", fetch_metadata: false }),
    });
    expect(res.statusCode).toBeGreaterThanOrEqual(400);
    expect(res.statusCode).toBeLessThan(500);
    expect(res.body).not.toContain("example.com/ridden");
  });

  it("keeps the configured web origins' CORS, with credentials, on every route", async () => {
    const res = await preflight("/api/b2b/v1/teams/", "https://app.partner.example", "GET");
    expect(res.headers["access-control-allow-origin"]).toBe("https://app.partner.example");
    expect(res.headers["access-control-allow-credentials"]).toBe("true");
  });
});

describe("EXTENSION_IDS", () => {
  it("admits only the listed extensions when set", async () => {
    const listed = await createTestContext({ seed: false, env: { EXTENSION_IDS: "abcdefghijklmnopabcdefghijklmnop" } });
    try {
      const ask = (origin: string) =>
        listed.app.inject({
          method: "OPTIONS",
          url: "/api/contentuser/save/",
          headers: { origin, "access-control-request-method": "POST", "access-control-request-headers": "authorization,content-type" },
        });
      expect((await ask("chrome-extension://abcdefghijklmnopabcdefghijklmnop")).headers["access-control-allow-origin"]).toBe(
        "chrome-extension://abcdefghijklmnopabcdefghijklmnop",
      );
      expect((await ask(CHROME)).headers["access-control-allow-origin"]).toBeUndefined();
      expect((await ask(FIREFOX)).headers["access-control-allow-origin"]).toBeUndefined();
    } finally {
      await listed.close();
    }
  });

  it("names a malformed id in the configuration error", () => {
    expect(() => loadConfig({ EXTENSION_IDS: "abcdefghijklmnopabcdefghijklmnop, not an id!" })).toThrow(/EXTENSION_IDS.*not an id!/s);
  });
});
