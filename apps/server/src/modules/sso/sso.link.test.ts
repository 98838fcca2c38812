// Single sign-on may only open an existing account its owner has linked: an hr who connects an
// identity provider of their own must not become their colleagues, and a new or changed provider is
// announced to the company's other hr and to the platform operators.
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { accounts, authCredentials, authUsers } from "../../db/schema/index.ts";
import { addOperator, addPerson, addSignedOutPerson, createCompany, createCompanyWithRoles } from "../../../test/factories.ts";
import { createTestContext, DEMO_PASSWORD, type TestContext } from "../../../test/helpers.ts";
import { browseThroughIdp, cookieJar, startTestIdp, type TestIdp } from "../../../test/oidc-idp.ts";
import { type SamlPerson, startSamlIdp, type TestSamlIdp } from "../../../test/saml-idp.ts";

const PUBLIC_URL = "http://localhost:3000";
const CALLBACK = `${PUBLIC_URL}/api/auth/sso/oidc/callback`;
/** Where a sign-in that needs its owner's confirmation ends: the page that says a link was mailed. */
const CONFIRM_PAGE = "/sso/link";

let t: TestContext;
let idp: TestIdp;
let otherIdp: TestIdp;
let samlIdp: TestSamlIdp;
let subs = 0;

beforeAll(async () => {
  t = await createTestContext({ seed: false, env: { SSO_ALLOW_PRIVATE: "true" } });
  [idp, otherIdp, samlIdp] = await Promise.all([
    startTestIdp({ redirectUri: CALLBACK }),
    startTestIdp({ redirectUri: CALLBACK }),
    startSamlIdp({ spMetadata: async (entityId) => (await t.app.inject({ method: "GET", url: entityId.slice(PUBLIC_URL.length) })).body }),
  ]);
});
afterAll(async () => {
  await Promise.all([idp?.close(), otherIdp?.close(), samlIdp?.close()]);
  await t?.close();
});

const oidcConnection = (provider: TestIdp = idp) => ({
  issuer: provider.issuer,
  client_id: provider.clientId,
  client_secret: provider.clientSecret,
  enabled: true,
  require_sso: false,
});

/** A person at a provider, with a subject of their own. */
function idpPerson(provider: TestIdp, email: string) {
  const sub = `sub-${++subs}`;
  provider.people.set(sub, { email });
  return sub;
}

/** What a browser does through the company's OIDC provider; answers where our callback sent it and the session it got. */
async function oidcSignIn(provider: TestIdp, email: string, sub: string) {
  const { location, cookie } = await browseThroughIdp(t, provider, email, sub);
  expect(location.startsWith(CALLBACK)).toBe(true);
  const res = await t.app.inject({ method: "GET", url: location.slice(PUBLIC_URL.length), headers: { cookie } });
  return sessionOf(res);
}

/** What a browser does through the company's SAML provider. */
async function samlSignIn(email: string, person: SamlPerson) {
  const lookup = await t.anonymous.post("/api/sso/lookup", { email });
  const start = await t.app.inject({ method: "GET", url: lookup.body.redirect_url });
  const jar = cookieJar();
  jar.take([start.headers["set-cookie"] ?? []].flat().map(String));
  const { acsUrl, samlResponse } = await samlIdp.respond(String(start.headers.location), person);
  const acs = await t.app.inject({
    method: "POST",
    url: acsUrl.slice(PUBLIC_URL.length),
    headers: { "content-type": "application/x-www-form-urlencoded", origin: new URL(samlIdp.ssoUrl).origin },
    payload: new URLSearchParams({ SAMLResponse: samlResponse }).toString(),
  });
  const finish = await t.app.inject({ method: "GET", url: String(acs.headers.location), headers: { cookie: jar.header() } });
  return sessionOf(finish);
}

function sessionOf(res: { statusCode: number; headers: Record<string, unknown> }) {
  const session = String(res.headers["set-cookie"] ?? "").match(/better-auth\.session_token=[^;]+/)?.[0] ?? null;
  return { status: res.statusCode, location: String(res.headers.location), session };
}

const me = async (session: string | null) => (await t.app.inject({ method: "GET", url: "/api/me", headers: { cookie: session ?? "" } })).json();
const confirmMails = async (to: string) => (await t.mails(to)).filter((m) => /\/sso\/link\?token=/.test(m.text));
const tokenIn = (mail: { text: string }) => new URL(mail.text.match(/https?:\/\/\S*\/sso\/link\?token=\S+/)![0]).searchParams.get("token")!;
const confirm = (token: string) => t.app.inject({ method: "POST", url: "/api/auth/sso/link/confirm", payload: { token } });

/**
 * A company whose hr connected a provider they control, with colleagues who have passwords (signed
 * out: only the hr and the one setting up two-factor sign in, so the per-address limits stay far).
 */
async function companyWithOwnProvider(connect: "oidc" | "saml") {
  const company = await createCompany(t);
  const at = (who: string) => `${who}-${++subs}@${company.domain}`;
  const person = (role: "hr" | "ldleader" | "teamleader" | "member", who: string) => addSignedOutPerson(t, { company: company.id, role, email: at(who) });
  const hr = await addPerson(t, { company: company.id, role: "hr", email: at("hr") });
  const [otherHr, ldleader, guarded] = await Promise.all([person("hr", "other-hr"), person("ldleader", "ld"), person("member", "guarded")]);
  await t.setUpTwoFactor(guarded.email, await t.signIn(guarded.email));
  const saved =
    connect === "oidc"
      ? await hr.client.put("/api/b2b/v1/company/sso/oidc", oidcConnection())
      : await hr.client.put("/api/b2b/v1/company/sso/saml", { metadata_xml: samlIdp.metadataXml, enabled: true, require_sso: false });
  expect(saved.status).toBe(200);
  return { company, hr, otherHr, ldleader, guarded, at, person };
}

describe("an hr who connects a provider of their own", () => {
  it("cannot sign in through it as a colleague with a password (another hr, the L&D leader, one with two-factor): the owner is asked", async () => {
    const acme = await companyWithOwnProvider("oidc");
    for (const victim of [acme.otherHr, acme.ldleader, acme.guarded]) {
      const attempt = await oidcSignIn(idp, victim.email, idpPerson(idp, victim.email));
      expect(attempt).toMatchObject({ status: 302, location: CONFIRM_PAGE, session: null });
      // The owner hears of it, with the link that would link the account; the browser that tried holds no such link.
      const [mail] = await confirmMails(victim.email);
      expect(mail?.text).toContain(idp.issuer);
      expect(attempt.location).not.toMatch(/token/);
    }
  });

  it("cannot do it through SAML either", async () => {
    const acme = await companyWithOwnProvider("saml");
    for (const victim of [acme.otherHr, acme.ldleader, acme.guarded]) {
      const attempt = await samlSignIn(victim.email, { nameId: victim.email, email: victim.email });
      expect(attempt).toMatchObject({ status: 302, location: CONFIRM_PAGE, session: null });
      expect(await confirmMails(victim.email)).toHaveLength(1);
    }
  });
});

describe("the owner's confirmation", () => {
  it("links the account when the owner confirms from the mail; then the provider signs them in straight away", async () => {
    const acme = await companyWithOwnProvider("oidc");
    const person = await acme.person("teamleader", "existing");
    const sub = idpPerson(idp, person.email);
    expect((await oidcSignIn(idp, person.email, sub)).session).toBeNull();
    const [mail] = await confirmMails(person.email);
    const token = tokenIn(mail!);
    // The page shows whose account, which company and which provider before the owner decides.
    const info = await t.app.inject({ method: "GET", url: `/api/auth/sso/link?token=${token}` });
    expect(info.statusCode).toBe(200);
    expect(info.json()).toMatchObject({ email: person.email, company: acme.company.name, protocol: "oidc", issuer: idp.issuer });
    const confirmed = await confirm(token);
    expect(confirmed.statusCode).toBe(200);
    // Confirming links; it opens no session in whatever browser followed the mail.
    expect(String(confirmed.headers["set-cookie"] ?? "")).not.toMatch(/session_token=[^;]/);
    expect((await confirm(token)).json().error.code).toBe("invalid_token");

    const after = await oidcSignIn(idp, person.email, sub);
    expect(after.location).toBe("/");
    expect((await me(after.session)).account).toMatchObject({ id: person.id, role: "teamleader" });
    expect(await confirmMails(person.email)).toHaveLength(1);
  });

  it("links a SAML sign-in the same way", async () => {
    const acme = await companyWithOwnProvider("saml");
    expect((await samlSignIn(acme.ldleader.email, { nameId: acme.ldleader.email, email: acme.ldleader.email })).session).toBeNull();
    expect((await confirm(tokenIn((await confirmMails(acme.ldleader.email))[0]!))).statusCode).toBe(200);
    const after = await samlSignIn(acme.ldleader.email, { nameId: acme.ldleader.email, email: acme.ldleader.email });
    expect((await me(after.session)).account.id).toBe(acme.ldleader.id);
  });

  it("is mailed in the owner's language", async () => {
    const acme = await companyWithOwnProvider("oidc");
    const person = await acme.person("member", "es");
    await t.database.db.update(accounts).set({ locale: "es" }).where(eq(accounts.id, person.id));
    await oidcSignIn(idp, person.email, idpPerson(idp, person.email));
    const [mail] = await confirmMails(person.email);
    expect(mail?.subject).toMatch(/Confirma/);
    expect(mail?.text).toContain(idp.issuer);
  });

  it("can be declined: the link then links nothing", async () => {
    const acme = await companyWithOwnProvider("oidc");
    const sub = idpPerson(idp, acme.otherHr.email);
    await oidcSignIn(idp, acme.otherHr.email, sub);
    const token = tokenIn((await confirmMails(acme.otherHr.email))[0]!);
    expect((await t.app.inject({ method: "POST", url: "/api/auth/sso/link/decline", payload: { token } })).statusCode).toBe(200);
    expect((await confirm(token)).json().error.code).toBe("invalid_token");
    expect((await oidcSignIn(idp, acme.otherHr.email, sub)).session).toBeNull();
  });

  it("refuses a bad token", async () => {
    expect((await confirm("not-a-token")).json().error.code).toBe("invalid_token");
    expect((await t.app.inject({ method: "GET", url: "/api/auth/sso/link?token=not-a-token" })).json().error.code).toBe("invalid_token");
  });

  it("takes over an account whose address was never proven: the stranger's password is dropped", async () => {
    const acme = await companyWithOwnProvider("oidc");
    const person = await acme.person("member", "unproven");
    const [user] = await t.database.db.select().from(authUsers).where(eq(authUsers.email, person.email));
    await t.database.db.update(authUsers).set({ emailVerified: false }).where(eq(authUsers.id, user!.id));
    const sub = idpPerson(idp, person.email);
    expect((await oidcSignIn(idp, person.email, sub)).session).toBeNull();
    expect((await confirm(tokenIn((await confirmMails(person.email))[0]!))).statusCode).toBe(200);
    const providers = (await t.database.db.select().from(authCredentials).where(eq(authCredentials.userId, user!.id))).map((c) => c.providerId);
    expect(providers).toEqual([`oidc:${acme.company.id}`]);
    expect((await me((await oidcSignIn(idp, person.email, sub)).session)).account.id).toBe(person.id);
  });
});

describe("a new person", () => {
  it("created just in time by the provider needs no confirmation", async () => {
    const acme = await companyWithOwnProvider("oidc");
    const email = acme.at("newcomer");
    const done = await oidcSignIn(idp, email, idpPerson(idp, email));
    expect(done.location).toBe("/");
    expect((await me(done.session)).account).toMatchObject({ email, role: "member" });
    expect(await confirmMails(email)).toHaveLength(0);
  });
});

describe("a link holds for the provider it was made with", () => {
  it("is dropped when the company's issuer changes, and a confirmation asked for under the old one no longer links", async () => {
    const acme = await companyWithOwnProvider("oidc");
    const person = await acme.person("member", "moved");
    const sub = idpPerson(idp, person.email);
    await oidcSignIn(idp, person.email, sub);
    expect((await confirm(tokenIn((await confirmMails(person.email))[0]!))).statusCode).toBe(200);
    // A second confirmation is waiting when the issuer changes.
    const waiting = acme.ldleader.email;
    await oidcSignIn(idp, waiting, idpPerson(idp, waiting));
    const stale = tokenIn((await confirmMails(waiting))[0]!);

    expect((await acme.hr.client.put("/api/b2b/v1/company/sso/oidc", oidcConnection(otherIdp))).status).toBe(200);
    // The new issuer names the same subject: it is not the provider the person linked.
    otherIdp.people.set(sub, { email: person.email });
    expect(await oidcSignIn(otherIdp, person.email, sub)).toMatchObject({ location: CONFIRM_PAGE, session: null });
    expect((await confirm(stale)).json().error.code).toBe("invalid_token");
  });
});

describe("a new or changed issuer", () => {
  it("is announced to the company's other hr and to the platform operators, not to whoever changed it nor to other roles", async () => {
    const acme = await createCompanyWithRoles(t);
    const otherHr = await addPerson(t, { company: acme.company.id, role: "hr" });
    await t.database.db.update(accounts).set({ locale: "es" }).where(eq(accounts.id, otherHr.id));
    const operator = await addOperator(t);
    const announcements = async (to: string) => (await t.mails(to)).filter((m) => /single sign-on|inicio de sesión único/i.test(m.subject));

    expect((await acme.hr.client.put("/api/b2b/v1/company/sso/oidc", oidcConnection())).status).toBe(200);
    const [toOperator] = await announcements(operator.email);
    expect(toOperator?.text).toContain(idp.issuer);
    expect(toOperator?.text).toContain(acme.hr.email);
    expect(toOperator?.text).toContain(acme.company.name);
    const [toOtherHr] = await announcements(otherHr.email);
    expect(toOtherHr?.subject).toMatch(/inicio de sesión único/i);
    expect(toOtherHr?.text).toContain(idp.issuer);
    expect(await announcements(acme.hr.email)).toHaveLength(0);
    expect(await announcements(acme.ldleader.email)).toHaveLength(0);
    expect(await announcements(acme.member.email)).toHaveLength(0);

    // Saving the same issuer again (say, to require single sign-on) is no news.
    const { client_secret: _, ...sameIssuer } = oidcConnection();
    expect((await acme.hr.client.put("/api/b2b/v1/company/sso/oidc", { ...sameIssuer, require_sso: true })).status).toBe(200);
    expect(await announcements(operator.email)).toHaveLength(1);

    // A changed issuer names the one before and the one after.
    expect((await acme.hr.client.put("/api/b2b/v1/company/sso/oidc", oidcConnection(otherIdp))).status).toBe(200);
    const changed = (await announcements(operator.email))[1];
    expect(changed?.text).toContain(idp.issuer);
    expect(changed?.text).toContain(otherIdp.issuer);
    expect(await announcements(otherHr.email)).toHaveLength(2);

    // SAML's entity id likewise; an operator's change reaches every hr of the company and the other operators.
    const otherOperator = await addOperator(t);
    expect(
      (
        await operator.client.put(`/api/b2b/v1/admin/companies/${acme.company.id}/sso/saml`, {
          metadata_xml: samlIdp.metadataXml,
          enabled: false,
          require_sso: false,
        })
      ).status,
    ).toBe(200);
    expect((await announcements(acme.hr.email)).at(-1)?.text).toContain(samlIdp.entityId);
    expect((await announcements(otherOperator.email)).at(-1)?.text).toContain(samlIdp.entityId);
    expect(await announcements(operator.email)).toHaveLength(2);
  });
});

describe("the password still works", () => {
  it("for a colleague whose sign-in through the provider waits for confirmation", async () => {
    const acme = await companyWithOwnProvider("oidc");
    await oidcSignIn(idp, acme.otherHr.email, idpPerson(idp, acme.otherHr.email));
    const res = await t.app.inject({ method: "POST", url: "/api/auth/sign-in/email", payload: { email: acme.otherHr.email, password: DEMO_PASSWORD } });
    expect(res.statusCode).toBe(200);
  });
});
