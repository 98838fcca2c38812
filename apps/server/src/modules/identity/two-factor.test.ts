import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestContext, DEMO_PASSWORD, type TestContext } from "../../../test/helpers.ts";
import { addOperator, addPerson, createCompany, createCompanyWithRoles } from "../../../test/factories.ts";
import { totpCode } from "../../../test/totp.ts";

// Two-factor sign-in (TOTP, better-auth's plugin).
let t: TestContext;
beforeAll(async () => {
  t = await createTestContext({ seed: false });
});
afterAll(() => t.close());

/** A member of a company of their own, with no second factor yet. */
const aMember = async () => (await addPerson(t, { company: (await createCompany(t)).id, role: "member" })).email;

const signInRaw = (email: string, password = DEMO_PASSWORD) => t.app.inject({ method: "POST", url: "/api/auth/sign-in/email", payload: { email, password } });
const twoFactorCookie = (res: { headers: Record<string, unknown> }) => String(res.headers["set-cookie"]).match(/better-auth\.two_factor=[^;]+/)?.[0] ?? "";
/** What the sign-in page's request carries: the pending sign-in's cookie, and the page's Origin. */
const pending = (cookie: string) => ({ cookie, origin: t.config.publicUrl });
const bearer = (token: string) => ({ authorization: `Bearer ${token}` });
const get = (url: string, token: string) => t.app.inject({ method: "GET", url, headers: bearer(token) });

describe("anyone can turn on two-factor sign-in", () => {
  it("asks for the authenticator's code at the next sign-in, refuses a wrong one, signs in with the right one", async () => {
    const member = await aMember();
    const first = String((await signInRaw(member)).headers["set-auth-token"]);
    const wrongPassword = await t.app.inject({ method: "POST", url: "/api/auth/two-factor/enable", headers: bearer(first), payload: { password: "not-mine" } });
    expect(wrongPassword.statusCode).toBe(400);
    await t.setUpTwoFactor(member, first);
    expect((await get("/api/me", await t.signIn(member))).json().account.two_factor).toEqual({ enabled: true, required: false });

    const password = await signInRaw(member);
    expect(password.statusCode).toBe(200);
    expect(password.json()).toMatchObject({ twoFactorRedirect: true });
    expect(password.headers["set-auth-token"]).toBeUndefined(); // no session on the password alone
    const cookie = twoFactorCookie(password);
    const wrong = await t.app.inject({ method: "POST", url: "/api/auth/two-factor/verify-totp", headers: pending(cookie), payload: { code: "000000" } });
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json().error.code).toBe("invalid_code");
    const right = await t.app.inject({
      method: "POST",
      url: "/api/auth/two-factor/verify-totp",
      headers: pending(cookie),
      payload: { code: await totpCode(t.authenticator(member)!) },
    });
    expect(right.statusCode).toBe(200);
    expect((await get("/api/me", String(right.headers["set-auth-token"]))).statusCode).toBe(200);
  });

  it("turns off with the password", async () => {
    const member = await aMember();
    await t.setUpTwoFactor(member, await t.signIn(member));
    expect((await signInRaw(member)).json().twoFactorRedirect).toBe(true);
    const token = await t.signIn(member);
    const off = await t.app.inject({ method: "POST", url: "/api/auth/two-factor/disable", headers: bearer(token), payload: { password: DEMO_PASSWORD } });
    expect(off.statusCode).toBe(200);
    expect((await signInRaw(member)).json().twoFactorRedirect).toBeUndefined();
  });
});

describe("required for platform operators", () => {
  it("lets an admin without it do nothing but set it up", async () => {
    const operator = await addOperator(t, { signedIn: false });
    const token = String((await signInRaw(operator.email)).headers["set-auth-token"]);
    const me = await get("/api/me", token);
    expect(me.statusCode).toBe(200);
    expect(me.json().account.two_factor).toEqual({ enabled: false, required: true });
    for (const url of ["/api/b2b/v1/admin/companies", "/api/b2b/v1/admin/audit", "/api/dev/outbox"]) {
      const refused = await get(url, token);
      expect(refused.statusCode, url).toBe(403);
      expect(refused.json().error.code).toBe("two_factor_required");
    }
    const replaced = await t.setUpTwoFactor(operator.email, token);
    expect((await get("/api/b2b/v1/admin/companies", replaced)).statusCode).toBe(200);
    // Nor can it be turned off again while the role requires it.
    const off = await t.app.inject({ method: "POST", url: "/api/auth/two-factor/disable", headers: bearer(replaced), payload: { password: DEMO_PASSWORD } });
    expect(off.statusCode).toBe(403);
    expect(off.json().error.code).toBe("two_factor_required");
    expect((await get("/api/me", replaced)).json().account.two_factor).toEqual({ enabled: true, required: true });
  });
});

describe("a company can require it for hr and L&D leaders", () => {
  it("stops hr and ldleader until they set it up, and leaves the other roles alone", async () => {
    const admin = (await addOperator(t)).client;
    const co = await createCompanyWithRoles(t);
    const acme = (await admin.get(`/api/b2b/v1/admin/companies?search=${encodeURIComponent(co.company.name)}`)).body.results[0];
    expect(acme.id).toBe(co.company.id);
    expect(acme.require_two_factor).toBe(false);
    const hr = co.hr.client;
    const ld = co.ldleader.client;
    const tl = co.teamleader.client;
    expect((await admin.patch(`/api/b2b/v1/admin/companies/${acme.id}/`, { require_two_factor: true })).body.require_two_factor).toBe(true);

    for (const c of [hr, ld]) {
      const refused = await c.get("/api/b2b/v1/teams/");
      expect(refused.status).toBe(403);
      expect(refused.body.error.code).toBe("two_factor_required");
      expect((await c.get("/api/me")).body.account.two_factor).toEqual({ enabled: false, required: true });
    }
    expect((await tl.get("/api/b2b/v1/teams/")).status).toBe(200);
    const hrAgain = await t.as(co.hr.email); // sets it up on the way in
    expect((await hrAgain.get("/api/b2b/v1/teams/")).status).toBe(200);
  });
});
