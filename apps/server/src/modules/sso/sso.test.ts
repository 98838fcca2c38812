// OpenID Connect single sign-on against a real provider (oidc-provider) on loopback.
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { adminAudit, companyOidc } from "../../db/schema/index.ts";
import { addOperator, addPerson, createCompany, createCompanyWithRoles } from "../../../test/factories.ts";
import { createTestContext, type Client, type TestContext } from "../../../test/helpers.ts";
import { browseThroughIdp, startTestIdp, type TestIdp } from "../../../test/oidc-idp.ts";

const PUBLIC_URL = "http://localhost:3000";
const CALLBACK = `${PUBLIC_URL}/api/auth/sso/oidc/callback`;

let t: TestContext;
let idp: TestIdp;
let acme: Awaited<ReturnType<typeof createCompanyWithRoles>>;
let globexHr: Client;
let operator: Client;
let subs = 0;

beforeAll(async () => {
  t = await createTestContext({ seed: false, env: { SSO_ALLOW_PRIVATE: "true" } });
  idp = await startTestIdp({ redirectUri: CALLBACK });
  acme = await createCompanyWithRoles(t, { name: "Acme" });
  globexHr = (await addPerson(t, { company: (await createCompany(t, { name: "Globex" })).id, role: "hr" })).client;
  operator = (await addOperator(t)).client;
});
afterAll(async () => {
  await idp?.close();
  await t?.close();
});

const connection = (over: Record<string, unknown> = {}) => ({
  issuer: idp.issuer,
  client_id: idp.clientId,
  client_secret: idp.clientSecret,
  enabled: true,
  require_sso: false,
  ...over,
});

/** A person at the provider, with a subject of their own. */
function idpPerson(email: string, extra: { emailVerified?: boolean } = {}) {
  const sub = `sub-${++subs}`;
  idp.people.set(sub, { email, ...extra });
  return sub;
}

/**
 * What a browser does: asks the sign-in page's lookup, follows our redirect to the provider, signs in
 * there as `sub`, and comes back to our callback. Answers where our callback sent the browser.
 */
async function signInThroughIdp(email: string, sub: string, opts: { beforeCallback?: () => void; otherBrowser?: boolean } = {}) {
  const { lookup, start, location, cookie: browser } = await browseThroughIdp(t, idp, email, sub);
  expect(lookup.body.sso).toBe(true);
  expect(start.statusCode).toBe(302);
  expect(String(start.headers.location).startsWith(idp.issuer)).toBe(true);
  expect(location.startsWith(CALLBACK)).toBe(true);
  opts.beforeCallback?.();
  const callbackPath = location.slice(PUBLIC_URL.length);
  return { callbackPath, browser, ...(await callback(callbackPath, opts.otherBrowser ? "" : browser)) };
}

async function callback(path: string, cookie = "") {
  const res = await t.app.inject({ method: "GET", url: path, headers: cookie ? { cookie } : {} });
  const session = String(res.headers["set-cookie"] ?? "").match(/better-auth\.session_token=[^;]+/)?.[0] ?? null;
  return { status: res.statusCode, location: String(res.headers.location), session };
}

const me = async (session: string | null) => (await t.app.inject({ method: "GET", url: "/api/me", headers: { cookie: session ?? "" } })).json();

describe("the company's OIDC connection", () => {
  it("is refused to callers who are not the company's hr or a platform operator", async () => {
    expect((await t.anonymous.put("/api/b2b/v1/company/sso/oidc", connection())).status).toBe(401);
    expect((await acme.member.client.put("/api/b2b/v1/company/sso/oidc", connection())).status).toBe(403);
    expect((await acme.ldleader.client.get("/api/b2b/v1/company/sso/oidc")).status).toBe(403);
    // Another company's hr reaches no other company's connection: the admin path is closed to hr.
    expect((await globexHr.put(`/api/b2b/v1/admin/companies/${acme.company.id}/sso/oidc`, connection())).status).toBe(403);
    expect((await globexHr.get(`/api/b2b/v1/admin/companies/${acme.company.id}/sso/oidc`)).status).toBe(403);
  });

  it("refuses an issuer without a discovery document, and a first connection without its secret", async () => {
    // A company of its own: tests run in random order, and another one connects Acme.
    const { hr } = await createCompanyWithRoles(t);
    const unreachable = await hr.client.put("/api/b2b/v1/company/sso/oidc", connection({ issuer: "http://127.0.0.1:1" }));
    expect(unreachable.status).toBe(400);
    expect(unreachable.body.error.code).toBe("sso_issuer_invalid");
    const notOidc = await hr.client.put("/api/b2b/v1/company/sso/oidc", connection({ issuer: `${idp.issuer}/nothing-here` }));
    expect(notOidc.status).toBe(400);
    expect(notOidc.body.error.code).toBe("sso_issuer_invalid");
    const notUrl = await hr.client.put("/api/b2b/v1/company/sso/oidc", connection({ issuer: "login.example.com" }));
    expect(notUrl.body.error.code).toBe("sso_issuer_invalid");
    const { client_secret: _, ...withoutSecret } = connection();
    const noSecret = await hr.client.put("/api/b2b/v1/company/sso/oidc", withoutSecret);
    expect(noSecret.status).toBe(400);
    expect(noSecret.body.error.code).toBe("sso_secret_required");
    const requiredButOff = await hr.client.put("/api/b2b/v1/company/sso/oidc", connection({ enabled: false, require_sso: true }));
    expect(requiredButOff.body.error.code).toBe("sso_not_enabled");
    expect((await hr.client.get("/api/b2b/v1/company/sso/oidc")).body).toMatchObject({ issuer: null, client_secret_set: false, enabled: false });
  });

  it("is saved by hr, never answers or stores the secret in clear, and is audited", async () => {
    const saved = await acme.hr.client.put("/api/b2b/v1/company/sso/oidc", connection());
    expect(saved.status).toBe(200);
    expect(saved.body).toMatchObject({
      issuer: idp.issuer,
      client_id: idp.clientId,
      client_secret_set: true,
      enabled: true,
      require_sso: false,
      redirect_uri: CALLBACK,
    });
    expect(saved.text).not.toContain(idp.clientSecret);
    expect((await acme.hr.client.get("/api/b2b/v1/company/sso/oidc")).text).not.toContain(idp.clientSecret);
    const [row] = await t.database.db.select().from(companyOidc).where(eq(companyOidc.companyId, acme.company.id));
    expect(row!.clientSecretEncrypted).not.toContain(idp.clientSecret);
    const audit = await t.database.db.select().from(adminAudit).where(eq(adminAudit.action, "sso_oidc_updated"));
    expect(audit.map((a) => a.companyId)).toContain(acme.company.id);
    expect(JSON.stringify(audit)).not.toContain(idp.clientSecret);
    // A save without the secret keeps the one saved.
    const { client_secret: _, ...withoutSecret } = connection();
    expect((await acme.hr.client.put("/api/b2b/v1/company/sso/oidc", withoutSecret)).status).toBe(200);
    // Another company's hr sees their own company's (none), not Acme's.
    expect((await globexHr.get("/api/b2b/v1/company/sso/oidc")).body).toMatchObject({ issuer: null, enabled: false });
  });

  it("is set by a platform operator for any company by id", async () => {
    const other = await createCompany(t);
    const saved = await operator.put(`/api/b2b/v1/admin/companies/${other.id}/sso/oidc`, connection({ enabled: false }));
    expect(saved.status).toBe(200);
    expect((await operator.get(`/api/b2b/v1/admin/companies/${other.id}/sso/oidc`)).body).toMatchObject({ issuer: idp.issuer, enabled: false });
    expect((await operator.get("/api/b2b/v1/admin/companies/999999/sso/oidc")).status).toBe(404);
  });
});

describe("signing in through the company's provider", () => {
  beforeAll(async () => {
    expect((await acme.hr.client.put("/api/b2b/v1/company/sso/oidc", connection())).status).toBe(200);
  });

  it("tells the sign-in page which addresses sign in through a provider", async () => {
    expect((await t.anonymous.post("/api/sso/lookup", { email: `someone@${acme.company.domain}` })).body).toMatchObject({ sso: true, require_sso: false });
    expect((await t.anonymous.post("/api/sso/lookup", { email: "someone@elsewhere.test" })).body).toEqual({
      sso: false,
      redirect_url: null,
      require_sso: false,
    });
    expect((await t.anonymous.post("/api/sso/lookup", { email: "not an email" })).status).toBe(400);
  });

  it("creates a new person just in time as a member of the company", async () => {
    const email = `newcomer@${acme.company.domain}`;
    const done = await signInThroughIdp(email, idpPerson(email));
    expect(done.location).toBe("/");
    const who = await me(done.session);
    expect(who.account).toMatchObject({ email, role: "member" });
    expect(who.company.id).toBe(acme.company.id);
  });

  it("links an existing account by its verified email once its owner confirms, then knows it by the provider's subject", async () => {
    const email = `existing@${acme.company.domain}`;
    const person = await addPerson(t, { company: acme.company.id, role: "teamleader", email });
    const sub = idpPerson(email);
    const waiting = await signInThroughIdp(email, sub);
    expect(waiting).toMatchObject({ location: "/sso/link", session: null });
    // The link the owner is mailed (the mail also names the provider's issuer, itself a URL).
    const [mail] = await t.mails(email);
    const token = new URL(mail!.text.match(/http\S+\/sso\/link\?token=\S+/)![0]).searchParams.get("token");
    expect((await t.app.inject({ method: "POST", url: "/api/auth/sso/link/confirm", payload: { token } })).statusCode).toBe(200);
    const first = await signInThroughIdp(email, sub);
    expect((await me(first.session)).account).toMatchObject({ id: person.id, role: "teamleader" });
    // The provider changed the address: the link by subject still finds the same person.
    idp.people.set(sub, { email: `renamed@${acme.company.domain}` });
    const again = await signInThroughIdp(email, sub);
    expect((await me(again.session)).account.id).toBe(person.id);
  });

  it("refuses an unverified email and an email outside the company's domain", async () => {
    const unverified = `unverified@${acme.company.domain}`;
    expect((await signInThroughIdp(unverified, idpPerson(unverified, { emailVerified: false }))).location).toBe("/login?error=sso_email_unverified");
    const outside = await signInThroughIdp(`x@${acme.company.domain}`, idpPerson("intruder@elsewhere.test"));
    expect(outside.location).toBe("/login?error=sso_email_outside_domain");
    expect(outside.session).toBeNull();
  });

  it("refuses a replayed callback and a state it never issued", async () => {
    const email = `replay@${acme.company.domain}`;
    const first = await signInThroughIdp(email, idpPerson(email));
    expect(first.session).not.toBeNull();
    const replay = await callback(first.callbackPath, first.browser);
    expect(replay).toMatchObject({ status: 302, location: "/login?error=sso_state_invalid", session: null });
    expect((await callback("/api/auth/sso/oidc/callback?code=abc&state=never-issued")).location).toBe("/login?error=sso_state_invalid");
    expect((await callback("/api/auth/sso/oidc/callback")).location).toBe("/login?error=sso_state_invalid");
  });

  it("refuses a callback in a browser that did not start the sign-in (login CSRF), and it stays usable by the one that did", async () => {
    const email = `csrf@${acme.company.domain}`;
    // An attacker starts a sign-in as themselves and sends the victim's browser to the callback.
    const planted = await signInThroughIdp(email, idpPerson(email), { otherBrowser: true });
    expect(planted).toMatchObject({ status: 302, location: "/login?error=sso_state_invalid", session: null });
    const forged = await callback(planted.callbackPath, "better-auth.oidc_state=forged.value");
    expect(forged).toMatchObject({ location: "/login?error=sso_state_invalid", session: null });
    // The browser that started it still finishes it.
    expect((await callback(planted.callbackPath, planted.browser)).session).not.toBeNull();
  });

  it("refuses an id_token for another audience or past its expiry, signed by the provider itself", async () => {
    const email = `tampered@${acme.company.domain}`;
    const sub = idpPerson(email);
    const wrongAudience = await signInThroughIdp(email, sub, { beforeCallback: () => idp.tamperNextIdToken((c) => ({ ...c, aud: "someone-else" })) });
    expect(wrongAudience).toMatchObject({ status: 302, location: "/login?error=sso_token_invalid", session: null });
    const expired = await signInThroughIdp(email, sub, {
      beforeCallback: () => idp.tamperNextIdToken((c) => ({ ...c, iat: Math.floor(Date.now() / 1000) - 7200, exp: Math.floor(Date.now() / 1000) - 3600 })),
    });
    expect(expired).toMatchObject({ location: "/login?error=sso_token_invalid", session: null });
  });

  it("refuses a deactivated person the provider still signs in", async () => {
    const email = `leaver@${acme.company.domain}`;
    const person = await addPerson(t, { company: acme.company.id, role: "member", email });
    await t.database.db.execute(`update accounts set status = 'inactive' where id = ${person.id}`);
    expect((await signInThroughIdp(email, idpPerson(email))).location).toBe("/login?error=sso_account_refused");
  });
});

describe("a company that requires single sign-on", () => {
  it("stops its people's passwords; the platform operator keeps theirs", async () => {
    // Its own domain is open to self-registration, so only single sign-on stands in the way of a password.
    const company = await createCompanyWithRoles(t, { allowOwnDomain: true });
    const person = await addPerson(t, { company: company.company.id, role: "member" });
    const before = await t.app.inject({ method: "POST", url: "/api/auth/sign-in/email", payload: { email: person.email, password: "learnward-demo" } });
    expect(before.statusCode).toBe(200);
    expect((await company.hr.client.put("/api/b2b/v1/company/sso/oidc", connection({ require_sso: true }))).status).toBe(200);
    const refused = await t.app.inject({ method: "POST", url: "/api/auth/sign-in/email", payload: { email: person.email, password: "learnward-demo" } });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error.code).toBe("sso_required");
    expect(refused.headers["set-cookie"] ?? "").not.toMatch(/session_token=[^;]/);
    // Nor does self-registration with a password open for the company's domain.
    const signUp = await t.app.inject({
      method: "POST",
      url: "/api/auth/sign-up/email",
      payload: { email: `newcomer@${company.company.domain}`, password: "learnward-demo", name: "Newcomer" },
    });
    expect(signUp.statusCode).toBe(403);
    expect(signUp.json().error.code).toBe("sso_required");
    // A colleague whose company does not require it keeps signing in by password.
    const elsewhere = await addPerson(t, { company: acme.company.id, role: "member" });
    expect(
      (await t.app.inject({ method: "POST", url: "/api/auth/sign-in/email", payload: { email: elsewhere.email, password: "learnward-demo" } })).statusCode,
    ).toBe(200);
    // The platform operator's password (with the second factor their role requires) still signs them in.
    const operatorSession = await addOperator(t);
    expect((await operatorSession.client.get("/api/me")).body.account.role).toBe("admin");
  });
});
