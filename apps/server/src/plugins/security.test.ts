import { afterAll, beforeAll, describe, expect, it } from "vitest";
import helmet from "helmet";
import { createTestContext, DEMO_PASSWORD, sessionCookie, type TestContext } from "../../test/helpers.ts";
import { createCompanyWithRoles } from "../../test/factories.ts";

// The security headers are computed once, not by helmet's middleware on every request;
// every kind of answer must still carry exactly what helmet would have set.
let t: TestContext;
beforeAll(async () => {
  t = await createTestContext({ seed: false });
});
afterAll(() => t.close());

const SECURITY_HEADERS = [
  "content-security-policy",
  "cross-origin-opener-policy",
  "cross-origin-resource-policy",
  "origin-agent-cluster",
  "referrer-policy",
  "x-content-type-options",
  "x-dns-prefetch-control",
  "x-download-options",
  "x-frame-options",
  "x-permitted-cross-domain-policies",
  "x-xss-protection",
];

describe("security headers", () => {
  it.each([
    ["a JSON answer", "GET", "/api/health", 200],
    ["a refusal for want of a session", "GET", "/api/me", 401],
    ["an unknown route", "GET", "/api/no-such-route", 404],
    ["bad input", "GET", "/api/contentuser/search?page=%ZZ", 400],
  ] as const)("%s carries every header helmet sets, once", async (_name, method, url, status) => {
    const res = await t.app.inject({ method, url });
    expect(res.statusCode).toBe(status);
    for (const name of SECURITY_HEADERS) expect(res.headers[name], name).toEqual(expect.any(String));
    expect(res.headers["x-powered-by"]).toBeUndefined();
    expect(res.headers["strict-transport-security"]).toBeUndefined(); // plain http here (TLS: web-security.test.ts)
    expect(res.headers["x-content-type-options"]).toBe("nosniff");
    expect(res.headers["x-frame-options"]).toBe("SAMEORIGIN");
    expect(res.headers["referrer-policy"]).toBe("strict-origin-when-cross-origin");
    expect(res.headers["content-security-policy"]).toContain("frame-ancestors 'none'");
    expect(res.headers["content-security-policy"]).toContain("default-src 'self'");
  });

  it("sends helmet's own header names and no others of its kind", () => {
    // What helmet sets for the options security.ts gives it, from a response that records headers.
    const set: string[] = [];
    const res = { setHeader: (name: string) => set.push(name.toLowerCase()), removeHeader: () => {} };
    helmet({ contentSecurityPolicy: { useDefaults: false, directives: { defaultSrc: ["'self'"] } }, hsts: false, crossOriginEmbedderPolicy: false })(
      {} as never,
      res as never,
      () => {},
    );
    expect(set.sort()).toEqual(SECURITY_HEADERS);
  });
});

// SameSite=Lax alone keeps the session cookie off another site's writes only in browsers that honour
// it, and not on same-site sibling hosts: a write the browser authenticates with our cookie must also
// show it came from our own page. Browsers send Origin on every write; `null` is an opaque origin
// (a sandboxed frame, a file, a redirect from elsewhere), never our page.
describe("writes authenticated by the session cookie", () => {
  const ourPage = "http://localhost:3000";
  let cookie: string;
  let member: Awaited<ReturnType<typeof createCompanyWithRoles>>["member"];
  let token: string;
  beforeAll(async () => {
    ({ member } = await createCompanyWithRoles(t));
    cookie = await sessionCookie(t, member.email);
    token = await t.signIn(member.email);
  });
  const rename = (name: string, headers: Record<string, string>) =>
    t.app.inject({ method: "PATCH", url: "/api/user/profile", headers, payload: { displayName: name } });
  const nameNow = async () => ((await member.client.get("/api/me")).body as { user: { displayName: string } }).user;

  it.each([
    ["Origin null", { origin: "null" }],
    ["Origin null, even claiming same-origin fetch metadata", { origin: "null", "sec-fetch-site": "same-origin" }],
    ["no Origin and no fetch metadata", {}],
    ["no Origin, fetched cross-site", { "sec-fetch-site": "cross-site" }],
    ["no Origin, fetched from a sibling host of the same site", { "sec-fetch-site": "same-site" }],
    ["no Origin, fetched by no page at all", { "sec-fetch-site": "none" }],
    ["a foreign Origin", { origin: "https://evil.example" }],
  ])("refuses one with %s, and changes nothing", async (_name, headers: Record<string, string>) => {
    const res = await rename("Renamed by someone else", { cookie, ...headers });
    expect(res.statusCode).toBe(403);
    expect(res.json().error.code).toBe("forbidden");
    expect((await nameNow()).displayName).not.toBe("Renamed by someone else");
  });

  it("refuses sign-out by a cookie from an opaque origin (better-auth's own routes too)", async () => {
    const own = await sessionCookie(t, member.email); // its own session: a sign-out let through ends it
    const res = await t.app.inject({ method: "POST", url: "/api/auth/sign-out", headers: { cookie: own, origin: "null" } });
    expect(res.statusCode).toBe(403);
    expect((await t.app.inject({ method: "GET", url: "/api/me", headers: { cookie: own } })).statusCode).toBe(200);
  });

  it.each([
    ["our own Origin", { origin: ourPage }],
    ["no Origin but same-origin fetch metadata", { "sec-fetch-site": "same-origin" }],
  ])("accepts one with %s", async (name, headers: Record<string, string>) => {
    const res = await rename(`Named with ${name}`, { cookie, ...headers });
    expect(res.statusCode).toBe(200);
    expect((await nameNow()).displayName).toBe(`Named with ${name}`);
  });

  it("accepts a bearer client that sends no cookie and no Origin", async () => {
    const res = await rename("Named by the app", { authorization: `Bearer ${token}` });
    expect(res.statusCode).toBe(200);
    expect((await nameNow()).displayName).toBe("Named by the app");
  });

  it("accepts a bearer client without a cookie from an opaque Origin (an app's own file:// page)", async () => {
    const res = await rename("Named by the packaged app", { authorization: `Bearer ${token}`, origin: "null" });
    expect(res.statusCode).toBe(200);
    expect((await nameNow()).displayName).toBe("Named by the packaged app");
  });

  it("accepts sign-in from a client with no Origin and no cookie (a mobile app)", async () => {
    const res = await t.app.inject({ method: "POST", url: "/api/auth/sign-in/email", payload: { email: member.email, password: DEMO_PASSWORD } });
    expect(res.statusCode).not.toBe(403);
  });
});
