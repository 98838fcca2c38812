import { afterAll, beforeAll, describe, expect, it } from "vitest";
import helmet from "helmet";
import { createTestContext, type TestContext } from "../../test/helpers.ts";

// Issue 28: the security headers are computed once, not by helmet's middleware on every request;
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
