// The web shell as the server sends it: unsigned visitors go to /login before any page
// code runs, and the optional third parties (extension link, chat widget, tag manager) reach the
// page and its Content-Security-Policy only when configured.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestContext, sessionCookie, type TestContext } from "./helpers.ts";
import { addPerson, createCompany } from "./factories.ts";

const TEMPLATE = '<!doctype html><html lang="en"><head><title>Learnward</title></head><body><div id="root"></div></body></html>';

let root: string;
let ctx: TestContext;
let cookie: string;

beforeAll(async () => {
  root = fs.mkdtempSync(path.join(os.tmpdir(), "lw-shell-"));
  fs.mkdirSync(path.join(root, "dist", "assets"), { recursive: true });
  fs.writeFileSync(path.join(root, "dist", "index.html"), TEMPLATE);
  ctx = await createTestContext({ seed: false, env: { WEB_DIST: path.join(root, "dist") } });
  const member = await addPerson(ctx, { company: (await createCompany(ctx)).id, role: "member" });
  cookie = await sessionCookie(ctx, member.email);
});
afterAll(async () => {
  await ctx.close();
  fs.rmSync(root, { recursive: true, force: true });
});

const page = (url: string, headers: Record<string, string> = {}) => ctx.app.inject({ method: "GET", url, headers });

describe("pages that need a signed-in visitor (spec §2)", () => {
  it("sends an unsigned visitor of any other page to /login, remembering where they were going", async () => {
    for (const url of ["/no-such-page", "/home", "/budgetingPlan/companyBudget", "/peopleManagement?tab=2", "/admin/"]) {
      const res = await page(url);
      expect(res.statusCode, url).toBe(302);
      expect(res.headers.location, url).toBe(`/login?next=${encodeURIComponent(url)}`);
      expect(res.headers["cache-control"], url).toBe("no-store");
    }
  });

  it("opens the public pages without sign-in", async () => {
    for (const url of [
      "/",
      "/login",
      "/login/",
      "/forgot-password",
      "/login/two-factor",
      "/register",
      "/reset-password?token=abc",
      "/invitation/abc123",
      "/verify/7KX2M9QPTW4H",
      "/sso/link",
      "/sso/link?token=abc",
      "/privacy",
      "/terms",
    ]) {
      const res = await page(url);
      expect(res.statusCode, url).toBe(200);
      expect(res.body, url).toContain('<div id="root">');
    }
  });

  it("serves a signed-in visitor every page, an unknown one too (the app shows it not found)", async () => {
    for (const url of ["/no-such-page", "/home", "/budgetingPlan/companyBudget"]) {
      const res = await page(url, { cookie });
      expect(res.statusCode, url).toBe(200);
      expect(res.body, url).toContain('<div id="root">');
    }
  });

  it("leaves the API and files to their own answers", async () => {
    expect((await page("/api/missing")).json().error.code).toBe("not_found");
    expect((await page("/favicon-missing.svg")).statusCode).toBe(404);
  });
});

/** The Content-Security-Policy's directives, by name. */
function csp(res: { headers: Record<string, unknown> }): Record<string, string> {
  return Object.fromEntries(
    String(res.headers["content-security-policy"])
      .split(";")
      .map((d) => d.trim())
      .filter(Boolean)
      .map((d) => [d.split(" ")[0]!, d.slice(d.indexOf(" ") + 1)]),
  );
}

const CONFIGURED = {
  EXTENSION_CHROME_URL: "https://chromewebstore.google.com/detail/learnward/abcdef",
  EXTENSION_FIREFOX_URL: "https://addons.mozilla.org/firefox/addon/learnward/",
  CHAT_WIDGET_URL: "https://chat.example.com/widget/v2.js",
  TAG_MANAGER_ID: "GTM-AB12CD3",
};

describe("the browser-extension link, chat widget and tag manager (spec §1)", () => {
  let configured: TestContext;
  let extensionOnly: TestContext;
  beforeAll(async () => {
    const dist = { WEB_DIST: path.join(root, "dist") };
    configured = await createTestContext({ seed: false, env: { ...dist, ...CONFIGURED } });
    extensionOnly = await createTestContext({ seed: false, env: { ...dist, EXTENSION_CHROME_URL: CONFIGURED.EXTENSION_CHROME_URL } });
  });
  afterAll(async () => {
    await configured?.close();
    await extensionOnly?.close();
  });

  it("adds nothing to the page or its Content-Security-Policy when none is configured", async () => {
    for (const url of ["/login", "/api/health"]) {
      const res = await page(url);
      expect(res.body).not.toContain("learnward-config");
      const policy = csp(res);
      expect(policy["script-src"], url).toBe("'self'");
      expect(policy["connect-src"], url).toBe("'self'");
      expect(policy["img-src"], url).toBe("'self' data: https:");
      expect(policy["frame-src"], url).toBeUndefined();
    }
  });

  it("hands what is configured to the page, as data it does not run", async () => {
    const res = await configured.app.inject({ method: "GET", url: "/login" });
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain(
      '<script type="application/json" id="learnward-config">{"extension_chrome_url":"https://chromewebstore.google.com/detail/learnward/abcdef","extension_firefox_url":"https://addons.mozilla.org/firefox/addon/learnward/","chat_widget_url":"https://chat.example.com/widget/v2.js","tag_manager_id":"GTM-AB12CD3"}</script></head>',
    );
    const extension = await extensionOnly.app.inject({ method: "GET", url: "/login" });
    expect(extension.body).toContain(
      '{"extension_chrome_url":"https://chromewebstore.google.com/detail/learnward/abcdef","extension_firefox_url":null,"chat_widget_url":null,"tag_manager_id":null}',
    );
  });

  it("admits exactly the chat widget's and the tag manager's hosts, and only when they are configured", async () => {
    for (const url of ["/login", "/api/health"]) {
      const policy = csp(await configured.app.inject({ method: "GET", url }));
      expect(policy["script-src"], url).toBe("'self' https://chat.example.com https://www.googletagmanager.com");
      expect(policy["connect-src"], url).toBe(
        "'self' https://chat.example.com https://www.googletagmanager.com https://*.google-analytics.com https://*.analytics.google.com",
      );
      expect(policy["frame-src"], url).toBe("'self' https://chat.example.com");
      // Images from any https host were allowed already (content covers); nothing is added there.
      expect(policy["img-src"], url).toBe("'self' data: https:");
      expect(policy["frame-ancestors"], url).toBe("'none'");
    }
    // A link is only followed, never loaded by the page: the extension adds nothing.
    const policy = csp(await extensionOnly.app.inject({ method: "GET", url: "/login" }));
    expect(policy["script-src"]).toBe("'self'");
    expect(policy["connect-src"]).toBe("'self'");
    expect(policy["frame-src"]).toBeUndefined();
  });
});
