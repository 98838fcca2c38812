// Issue 23: the web shell as the server sends it: unsigned visitors go to /login before any page
// code runs, and the optional third parties (extension link, chat widget, tag manager) reach the
// page and its Content-Security-Policy only when configured.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestContext, DEMO, DEMO_PASSWORD, type TestContext } from "./helpers.ts";

const TEMPLATE = '<!doctype html><html lang="en"><head><title>Learnward</title></head><body><div id="root"></div></body></html>';

let root: string;
let ctx: TestContext;
let cookie: string;

beforeAll(async () => {
  root = fs.mkdtempSync(path.join(os.tmpdir(), "lw-shell-"));
  fs.mkdirSync(path.join(root, "dist", "assets"), { recursive: true });
  fs.writeFileSync(path.join(root, "dist", "index.html"), TEMPLATE);
  ctx = await createTestContext({ env: { WEB_DIST: path.join(root, "dist") } });
  const signIn = await ctx.app.inject({ method: "POST", url: "/api/auth/sign-in/email", payload: { email: DEMO.member, password: DEMO_PASSWORD } });
  const setCookie = signIn.headers["set-cookie"];
  cookie = (Array.isArray(setCookie) ? setCookie : [String(setCookie)]).map((c) => c.split(";")[0]).join("; ");
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
    for (const url of ["/", "/login", "/login/", "/forgot-password", "/login/two-factor", "/register", "/reset-password?token=abc", "/invitation/abc123", "/privacy", "/terms"]) {
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
