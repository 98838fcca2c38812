// SAML 2.0 single sign-on against a real identity provider (samlify in IdP mode, with a
// certificate generated for the run) on loopback.
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { adminAudit } from "../../db/schema/index.ts";
import { addOperator, addPerson, createCompany, createCompanyWithRoles } from "../../../test/factories.ts";
import type { Profile } from "@node-saml/node-saml";
import { createTestContext, type Client, type TestContext } from "../../../test/helpers.ts";
import { createSafeFetch } from "../../lib/safe-fetch.ts";
import { samlIdentity } from "./saml.plugin.ts";
import { createSamlService } from "./saml.service.ts";
import type { SsoRepo } from "./sso.repo.ts";
import { type ResponseTweak, type SamlPerson, startSamlIdp, type TestSamlIdp } from "../../../test/saml-idp.ts";
import { cookieJar } from "../../../test/oidc-idp.ts";

const PUBLIC_URL = "http://localhost:3000";

let t: TestContext;
let idp: TestSamlIdp;
let acme: Awaited<ReturnType<typeof createCompanyWithRoles>>;
let globex: Awaited<ReturnType<typeof createCompanyWithRoles>>;
let operator: Client;
/** The cookies of the browser that last started a sign-in. */
let browser = "";

beforeAll(async () => {
  t = await createTestContext({ seed: false, env: { SSO_ALLOW_PRIVATE: "true" } });
  // The IdP imports our SP metadata from its URL (our entity id), here through the app itself.
  idp = await startSamlIdp({
    spMetadata: async (entityId) => (await t.app.inject({ method: "GET", url: entityId.slice(PUBLIC_URL.length) })).body,
  });
  acme = await createCompanyWithRoles(t, { name: "Acme" });
  globex = await createCompanyWithRoles(t, { name: "Globex" });
  operator = (await addOperator(t)).client;
  for (const company of [acme, globex]) {
    expect((await company.hr.client.put("/api/b2b/v1/company/sso/saml", { metadata_xml: idp.metadataXml, enabled: true, require_sso: false })).status).toBe(
      200,
    );
  }
});
afterAll(async () => {
  await idp?.close();
  await t?.close();
});

/** Where our start sends the browser for an address (the sign-in page's lookup first). */
async function start(email: string) {
  const lookup = await t.anonymous.post("/api/sso/lookup", { email });
  expect(lookup.body).toMatchObject({ sso: true, redirect_url: `/api/auth/sso/saml/start?email=${encodeURIComponent(email)}` });
  const res = await t.app.inject({ method: "GET", url: lookup.body.redirect_url });
  expect(res.statusCode).toBe(302);
  // The browser keeps what our start set (the request's binding cookie).
  const jar = cookieJar();
  jar.take([res.headers["set-cookie"] ?? []].flat().map(String));
  browser = jar.header();
  const location = String(res.headers.location);
  expect(location.startsWith(idp.ssoUrl)).toBe(true);
  return location;
}

/** What the IdP's auto-posting form does: POSTs the SAMLResponse to an ACS; then the browser (`cookie`) follows our redirect. */
async function post(acsUrl: string, samlResponse: string, cookie = browser) {
  const acs = await t.app.inject({
    method: "POST",
    url: acsUrl.slice(PUBLIC_URL.length),
    headers: { "content-type": "application/x-www-form-urlencoded", origin: new URL(idp.ssoUrl).origin },
    payload: new URLSearchParams({ SAMLResponse: samlResponse }).toString(),
  });
  const location = String(acs.headers.location);
  const res = location.startsWith("/api/auth/sso/saml/finish") ? await t.app.inject({ method: "GET", url: location, headers: cookie ? { cookie } : {} }) : acs;
  const session = String(res.headers["set-cookie"] ?? "").match(/better-auth\.session_token=[^;]+/)?.[0] ?? null;
  return { status: res.statusCode, location: String(res.headers.location), session, acsSetCookie: acs.headers["set-cookie"] ?? null };
}

async function signIn(email: string, person: SamlPerson, tweak?: ResponseTweak, opts: { otherBrowser?: boolean } = {}) {
  const { acsUrl, samlResponse } = await idp.respond(await start(email), person, tweak);
  return { acsUrl, samlResponse, ...(await post(acsUrl, samlResponse, opts.otherBrowser ? "" : browser)) };
}

const me = async (session: string | null) => (await t.app.inject({ method: "GET", url: "/api/me", headers: { cookie: session ?? "" } })).json();
const refusedWith = (code: string) => ({ status: 302, location: `/login?error=${code}`, session: null });

describe("the company's SAML connection", () => {
  it("is refused to callers who are not the company's hr or a platform operator", async () => {
    const body = { metadata_xml: idp.metadataXml, enabled: true, require_sso: false };
    expect((await t.anonymous.put("/api/b2b/v1/company/sso/saml", body)).status).toBe(401);
    expect((await acme.member.client.put("/api/b2b/v1/company/sso/saml", body)).status).toBe(403);
    expect((await acme.member.client.get("/api/b2b/v1/company/sso/saml")).status).toBe(403);
    // Acme's hr reaches no other company's connection: the admin path is closed to hr.
    expect((await acme.hr.client.put(`/api/b2b/v1/admin/companies/${globex.company.id}/sso/saml`, body)).status).toBe(403);
    expect((await acme.hr.client.get(`/api/b2b/v1/admin/companies/${globex.company.id}/sso/saml`)).status).toBe(403);
  });

  it("is saved by hr from pasted metadata, with what to register at the IdP, and audited", async () => {
    const { hr, company } = await createCompanyWithRoles(t);
    const saved = await hr.client.put("/api/b2b/v1/company/sso/saml", { metadata_xml: idp.metadataXml, enabled: false, require_sso: false });
    expect(saved.status).toBe(200);
    expect(saved.body).toMatchObject({
      idp_entity_id: idp.entityId,
      sso_url: idp.ssoUrl,
      metadata_url: null,
      enabled: false,
      sp_entity_id: `${PUBLIC_URL}/api/sso/saml/${company.id}/metadata`,
      acs_url: `${PUBLIC_URL}/api/auth/sso/saml/${company.id}/acs`,
      sp_metadata_url: `${PUBLIC_URL}/api/sso/saml/${company.id}/metadata`,
    });
    const audit = await t.database.db.select().from(adminAudit).where(eq(adminAudit.action, "sso_saml_updated"));
    expect(audit.map((a) => a.companyId)).toContain(company.id);
  });

  it("is fetched from a metadata URL, and refuses metadata it cannot use", async () => {
    const { hr } = await createCompanyWithRoles(t);
    const fetched = await hr.client.put("/api/b2b/v1/company/sso/saml", { metadata_url: idp.metadataUrl, enabled: true, require_sso: false });
    expect(fetched.status).toBe(200);
    expect(fetched.body).toMatchObject({ idp_entity_id: idp.entityId, metadata_url: idp.metadataUrl, enabled: true });
    for (const metadata_xml of [
      "not xml <",
      "<EntityDescriptor entityID='x'/>",
      idp.metadataXml.replace(/<(\w+:)?KeyDescriptor[\s\S]*<\/(\w+:)?KeyDescriptor>/, ""),
    ]) {
      const refused = await hr.client.put("/api/b2b/v1/company/sso/saml", { metadata_xml, enabled: true, require_sso: false });
      expect(refused.status).toBe(400);
      expect(refused.body.error.code).toBe("sso_metadata_invalid");
    }
    const unreachable = await hr.client.put("/api/b2b/v1/company/sso/saml", { metadata_url: "http://127.0.0.1:1/metadata", enabled: true, require_sso: false });
    expect(unreachable.body.error).toMatchObject({ code: "sso_metadata_invalid" });
    const both = await hr.client.put("/api/b2b/v1/company/sso/saml", {
      metadata_xml: idp.metadataXml,
      metadata_url: idp.metadataUrl,
      enabled: true,
      require_sso: false,
    });
    expect(both.status).toBe(400);
    const requiredButOff = await hr.client.put("/api/b2b/v1/company/sso/saml", { metadata_xml: idp.metadataXml, enabled: false, require_sso: true });
    expect(requiredButOff.body.error.code).toBe("sso_not_enabled");
    // What was saved first is still there.
    expect((await hr.client.get("/api/b2b/v1/company/sso/saml")).body).toMatchObject({ metadata_url: idp.metadataUrl, enabled: true });
  });

  it("fetches metadata only from public addresses outside tests (the same guard as OIDC discovery)", async () => {
    let saved = false;
    // A stand-in repo: the refused fetch must never reach saving.
    const repo = { saveSaml: async () => void (saved = true) } as unknown as SsoRepo;
    const saml = createSamlService({ repo, fetch: createSafeFetch(), allowHttp: true, publicUrl: PUBLIC_URL, announce: async () => {} });
    const hr = { uid: "u", accountId: 1, email: "hr@acme.test", role: "hr" as const, companyId: 1, teamId: null, twoFactorPending: false };
    await expect(saml.update(hr, 1, { metadata_url: idp.metadataUrl, enabled: true, require_sso: false })).rejects.toMatchObject({
      code: "sso_metadata_invalid",
    });
    const https = createSamlService({ repo, fetch: createSafeFetch(), allowHttp: false, publicUrl: PUBLIC_URL, announce: async () => {} });
    await expect(https.update(hr, 1, { metadata_url: "http://idp.example/metadata", enabled: true, require_sso: false })).rejects.toMatchObject({
      code: "sso_metadata_invalid",
    });
    expect(saved).toBe(false);
  });

  it("is set by a platform operator for any company by id", async () => {
    const other = await createCompany(t);
    const saved = await operator.put(`/api/b2b/v1/admin/companies/${other.id}/sso/saml`, { metadata_xml: idp.metadataXml, enabled: false, require_sso: false });
    expect(saved.status).toBe(200);
    expect((await operator.get(`/api/b2b/v1/admin/companies/${other.id}/sso/saml`)).body).toMatchObject({ idp_entity_id: idp.entityId, enabled: false });
    expect((await operator.get("/api/b2b/v1/admin/companies/999999/sso/saml")).status).toBe(404);
  });

  it("publishes our service provider metadata for the IdP to import", async () => {
    const res = await t.app.inject({ method: "GET", url: `/api/sso/saml/${acme.company.id}/metadata` });
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-type"]).toContain("application/samlmetadata+xml");
    expect(res.body).toContain(`entityID="${PUBLIC_URL}/api/sso/saml/${acme.company.id}/metadata"`);
    expect(res.body).toContain(`Location="${PUBLIC_URL}/api/auth/sso/saml/${acme.company.id}/acs"`);
    expect((await t.app.inject({ method: "GET", url: "/api/sso/saml/999999/metadata" })).statusCode).toBe(404);
  });
});

describe("signing in through the company's SAML identity provider", () => {
  it("creates a new person just in time as a member of the company, then knows them by NameID", async () => {
    const email = `newcomer@${acme.company.domain}`;
    const done = await signIn(email, { nameId: email, email, name: "New Comer", groups: ["engineering"] });
    expect(done).toMatchObject({ status: 302, location: "/" });
    const who = await me(done.session);
    expect(who.account).toMatchObject({ email, role: "member" });
    expect(who.company.id).toBe(acme.company.id);
    const again = await signIn(email, { nameId: email, email });
    expect((await me(again.session)).account.id).toBe(who.account.id);
  });

  it("places a newcomer by the company's group rules, from the groups the assertion carries", async () => {
    const rules = { rules: [{ group: "people-ops", role: "hr", team_id: null }] };
    expect((await globex.hr.client.put("/api/b2b/v1/company/sso/group-mappings", rules)).status).toBe(200);
    const email = `placed@${globex.company.domain}`;
    const done = await signIn(email, { nameId: email, email, groups: ["staff", "people-ops"] });
    expect((await me(done.session)).account).toMatchObject({ email, role: "hr" });
    const other = `unplaced@${globex.company.domain}`;
    expect((await me((await signIn(other, { nameId: other, email: other, groups: ["staff"] })).session)).account).toMatchObject({ role: "member" });
  });

  it("links an existing account by its email in the company's domain, once its owner confirms the link mailed to them", async () => {
    const email = `existing@${acme.company.domain}`;
    const person = await addPerson(t, { company: acme.company.id, role: "teamleader", email });
    expect(await signIn(email, { nameId: `emp-${person.id}`, email })).toMatchObject({ location: "/sso/link", session: null });
    const [mail] = await t.mails(email);
    const token = new URL(mail!.text.match(/http\S+\/sso\/link\?token=\S+/)![0]).searchParams.get("token");
    expect((await t.app.inject({ method: "POST", url: "/api/auth/sso/link/confirm", payload: { token } })).statusCode).toBe(200);
    const done = await signIn(email, { nameId: `emp-${person.id}`, email });
    expect((await me(done.session)).account).toMatchObject({ id: person.id, role: "teamleader" });
  });

  it("refuses a response for another audience", async () => {
    const email = `audience@${acme.company.domain}`;
    expect(await signIn(email, { nameId: email, email }, { audience: "https://someone-else.example/sp" })).toMatchObject(refusedWith("sso_token_invalid"));
  });

  it("refuses an expired assertion", async () => {
    const email = `expired@${acme.company.domain}`;
    const past = new Date(Date.now() - 10 * 60_000).toISOString();
    expect(await signIn(email, { nameId: email, email }, { notOnOrAfter: past })).toMatchObject(refusedWith("sso_token_invalid"));
  });

  it("refuses a bad signature: another key, or a signed assertion changed afterwards", async () => {
    const email = `signature@${acme.company.domain}`;
    expect(await signIn(email, { nameId: email, email }, { signWithOtherKey: true })).toMatchObject(refusedWith("sso_token_invalid"));
    const tampered = await signIn(email, { nameId: email, email }, { afterSigning: (xml) => xml.replaceAll(`>${email}<`, `>boss@${acme.company.domain}<`) });
    expect(tampered).toMatchObject(refusedWith("sso_token_invalid"));
    expect((await me(null)).account).toBeUndefined();
  });

  it("refuses a replayed response and an unsolicited one", async () => {
    const email = `replay@${acme.company.domain}`;
    const first = await signIn(email, { nameId: email, email });
    expect(first.session).not.toBeNull();
    expect(await post(first.acsUrl, first.samlResponse)).toMatchObject(refusedWith("sso_state_invalid"));
    const spMetadata = (await t.app.inject({ method: "GET", url: `/api/sso/saml/${acme.company.id}/metadata` })).body;
    const unsolicited = await idp.unsolicited(spMetadata, { nameId: email, email });
    expect(await post(unsolicited.acsUrl, unsolicited.samlResponse)).toMatchObject(refusedWith("sso_state_invalid"));
    expect(await post(unsolicited.acsUrl, "bm90IHhtbA==")).toMatchObject(refusedWith("sso_state_invalid"));
    // Only the ACS takes another site's form: the same origin on a password sign-in is still refused.
    const crossSite = await t.app.inject({
      method: "POST",
      url: "/api/auth/sign-in/email",
      headers: { origin: new URL(idp.ssoUrl).origin },
      payload: { email, password: "x" },
    });
    expect(crossSite.statusCode).toBe(403);
  });

  it("refuses a response planted in another browser (login CSRF): nobody is signed in or created", async () => {
    // An attacker signs in as themselves and has the victim's browser post their response.
    const email = `planted@${acme.company.domain}`;
    const planted = await signIn(email, { nameId: email, email }, undefined, { otherBrowser: true });
    expect(planted).toMatchObject(refusedWith("sso_state_invalid"));
    expect(String(planted.acsSetCookie ?? "")).not.toMatch(/session_token=[^;]/);
    const operatorView = await operator.get(`/api/b2b/v1/admin/accounts?search=${encodeURIComponent(email)}`);
    expect(operatorView.status).toBe(200);
    expect(operatorView.body.results).toEqual([]);
  });

  it("refuses an email outside the company's domain", async () => {
    const done = await signIn(`x@${acme.company.domain}`, { nameId: "intruder", email: "intruder@elsewhere.test" });
    expect(done).toMatchObject(refusedWith("sso_email_outside_domain"));
  });

  it("keeps tenants apart: company A's ACS refuses a response meant for company B", async () => {
    // The same IdP serves both companies; a response it made for Globex is posted to Acme's ACS.
    const email = `crossing@${globex.company.domain}`;
    const forGlobex = await idp.respond(await start(email), { nameId: email, email });
    const acmeAcs = forGlobex.acsUrl.replace(`/saml/${globex.company.id}/`, `/saml/${acme.company.id}/`);
    expect(await post(acmeAcs, forGlobex.samlResponse)).toMatchObject(refusedWith("sso_state_invalid"));
    // Nor can an Acme person sign in with a response Globex's SP asked for.
    const acmeEmail = `crossing@${acme.company.domain}`;
    const forAcme = await idp.respond(
      await start(acmeEmail),
      { nameId: acmeEmail, email: acmeEmail },
      { audience: `${PUBLIC_URL}/api/sso/saml/${globex.company.id}/metadata` },
    );
    expect(await post(forAcme.acsUrl, forAcme.samlResponse)).toMatchObject(refusedWith("sso_token_invalid"));
  });
});

describe("a company that requires SAML single sign-on", () => {
  it("stops its people's passwords, with no OIDC connection at all", async () => {
    const company = await createCompanyWithRoles(t, { allowOwnDomain: true });
    const person = await addPerson(t, { company: company.company.id, role: "member" });
    const signInByPassword = () =>
      t.app.inject({ method: "POST", url: "/api/auth/sign-in/email", payload: { email: person.email, password: "learnward-demo" } });
    expect((await signInByPassword()).statusCode).toBe(200);
    const saved = await company.hr.client.put("/api/b2b/v1/company/sso/saml", { metadata_xml: idp.metadataXml, enabled: true, require_sso: true });
    expect(saved.status).toBe(200);
    const refused = await signInByPassword();
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error.code).toBe("sso_required");
    const lookup = await t.anonymous.post("/api/sso/lookup", { email: `someone@${company.company.domain}` });
    expect(lookup.body).toMatchObject({ sso: true, require_sso: true });
    const signUp = await t.app.inject({
      method: "POST",
      url: "/api/auth/sign-up/email",
      payload: { email: `newcomer@${company.company.domain}`, password: "learnward-demo", name: "Newcomer" },
    });
    expect(signUp.json().error.code).toBe("sso_required");
  });
});

describe("what a checked assertion says", () => {
  it("names the person by NameID and collects their IdP groups for the role/team mapping (Okta's and Entra ID's attributes)", () => {
    // Only the fields of a checked assertion that samlIdentity reads.
    const profile = {
      issuer: "idp",
      nameID: "00u1",
      nameIDFormat: "urn:oasis:names:tc:SAML:1.1:nameid-format:unspecified",
      attributes: { email: "Ana@Acme.test", groups: ["learners"], "http://schemas.microsoft.com/ws/2008/06/identity/claims/groups": ["g-1", "g-2"] },
    } as unknown as Profile;
    expect(samlIdentity(7, profile)).toMatchObject({
      providerId: "saml:7",
      accountId: "00u1",
      email: "ana@acme.test",
      emailVerified: true,
      groups: ["learners", "g-1", "g-2"],
      method: "sso-saml",
    });
  });
});
