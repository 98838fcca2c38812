// Web security: what changes behind TLS, and no unescaped user HTML in the web app.
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestContext, DEMO_PASSWORD, type TestContext } from "./helpers.ts";
import { createCompanyWithRoles } from "./factories.ts";

let tls: TestContext;
let w: Awaited<ReturnType<typeof createCompanyWithRoles>>;
beforeAll(async () => {
  tls = await createTestContext({ seed: false, env: { PUBLIC_URL: "https://learn.acme.example" } });
  w = await createCompanyWithRoles(tls);
});
afterAll(() => tls.close());

/** A browser on this origin signs in with this person's password. */
const signInFrom = (origin: string, email: string) =>
  tls.app.inject({ method: "POST", url: "/api/auth/sign-in/email", headers: { origin }, payload: { email, password: DEMO_PASSWORD } });

describe("behind TLS (PUBLIC_URL is https)", () => {
  it("sends HSTS", async () => {
    const res = await tls.app.inject({ method: "GET", url: "/api/health" });
    expect(res.headers["strict-transport-security"]).toMatch(/max-age=31536000/);
  });

  it("marks the session cookie Secure, httpOnly and SameSite", async () => {
    const res = await signInFrom("https://learn.acme.example", w.member.email);
    expect(res.statusCode).toBe(200);
    const cookie = String(res.headers["set-cookie"]);
    expect(cookie).toMatch(/__Secure-better-auth\.session_token=/);
    expect(cookie).toMatch(/; Secure/i);
    expect(cookie).toMatch(/HttpOnly/i);
    expect(cookie).toMatch(/SameSite=Lax/i);
  });

  it("refuses sign-in posted from a foreign site", async () => {
    const res = await signInFrom("https://evil.example", w.hr.email);
    expect(res.statusCode).toBe(403);
    expect(res.json().error.code).toBe("forbidden");
  });
});

describe("the web app never renders user-controlled HTML unescaped", () => {
  it("has no dangerouslySetInnerHTML, innerHTML or document.write in its sources", () => {
    const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../../web/src");
    const offenders: string[] = [];
    const walk = (dir: string) => {
      for (const e of fs.readdirSync(dir, { withFileTypes: true })) {
        const p = path.join(dir, e.name);
        if (e.isDirectory()) walk(p);
        else if (/\.(tsx?|jsx?)$/.test(e.name) && !/\.test\./.test(e.name)) {
          const text = fs.readFileSync(p, "utf8");
          if (/dangerouslySetInnerHTML|\.innerHTML\s*=|outerHTML\s*=|document\.write\(|insertAdjacentHTML/.test(text)) offenders.push(path.relative(root, p));
        }
      }
    };
    walk(root);
    expect(offenders).toEqual([]);
  });
});
