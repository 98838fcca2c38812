// Just-in-time single sign-on accounts land by their identity provider groups (role and team),
// against a real OpenID Connect provider (oidc-provider) on loopback.
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { adminAudit } from "../../db/schema/index.ts";
import { addOperator, addPerson, createCompany, createCompanyWithRoles, createTeam } from "../../../test/factories.ts";
import { createTestContext, type Client, type TestContext } from "../../../test/helpers.ts";
import { browseThroughIdp, startTestIdp, type TestIdp } from "../../../test/oidc-idp.ts";

const PUBLIC_URL = "http://localhost:3000";
const CALLBACK = `${PUBLIC_URL}/api/auth/sso/oidc/callback`;
const MAPPINGS = "/api/b2b/v1/company/sso/group-mappings";

let t: TestContext;
let idp: TestIdp;
let acme: Awaited<ReturnType<typeof createCompanyWithRoles>>;
let globex: Awaited<ReturnType<typeof createCompanyWithRoles>>;
let operator: Client;
let engineering: { id: number; name: string };
let globexTeam: { id: number; name: string };
let subs = 0;

beforeAll(async () => {
  t = await createTestContext({ seed: false, env: { SSO_ALLOW_PRIVATE: "true" } });
  idp = await startTestIdp({ redirectUri: CALLBACK });
  acme = await createCompanyWithRoles(t, { name: "Acme" });
  globex = await createCompanyWithRoles(t, { name: "Globex" });
  operator = (await addOperator(t)).client;
  engineering = await createTeam(t, { company: acme.company.id, name: "Platform engineering" });
  globexTeam = await createTeam(t, { company: globex.company.id, name: "Globex secret team" });
  const connection = { issuer: idp.issuer, client_id: idp.clientId, client_secret: idp.clientSecret, enabled: true, require_sso: false };
  expect((await acme.hr.client.put("/api/b2b/v1/company/sso/oidc", connection)).status).toBe(200);
});
afterAll(async () => {
  await idp?.close();
  await t?.close();
});

/** The browser's round trip: our start, the provider signing in `sub`, our callback. Answers where our callback sent the browser. */
async function roundTrip(email: string, sub: string) {
  const { location, cookie } = await browseThroughIdp(t, idp, email, sub);
  expect(location.startsWith(CALLBACK)).toBe(true);
  return t.app.inject({ method: "GET", url: location.slice(PUBLIC_URL.length), headers: { cookie } });
}

/**
 * A person signing in with these claims; answers the session's /api/me. An existing account's owner
 * first confirms the link they are mailed (`existing`).
 */
async function signInWithClaims(email: string, claims: Record<string, unknown>, opts: { existing?: boolean } = {}) {
  const sub = `sub-${++subs}`;
  idp.people.set(sub, { email, claims });
  if (opts.existing) {
    expect((await roundTrip(email, sub)).headers.location).toBe("/sso/link");
    const [mail] = await t.mails(email);
    const token = new URL(mail!.text.match(/http\S+\/sso\/link\?token=\S+/)![0]).searchParams.get("token");
    expect((await t.app.inject({ method: "POST", url: "/api/auth/sso/link/confirm", payload: { token } })).statusCode).toBe(200);
  }
  const done = await roundTrip(email, sub);
  expect(done.headers.location).toBe("/");
  const session = String(done.headers["set-cookie"]).match(/better-auth\.session_token=[^;]+/)![0];
  return (await t.app.inject({ method: "GET", url: "/api/me", headers: { cookie: session } })).json();
}

describe("the company's group rules", () => {
  it("are saved in order by hr, read back, and audited", async () => {
    const rules = [
      { group: "learnward-hr", role: "hr", team_id: null },
      { group: "engineers", role: "teamleader", team_id: engineering.id },
      { group: "everyone", role: "member", team_id: null },
    ];
    const saved = await acme.hr.client.put(MAPPINGS, { rules });
    expect(saved.status).toBe(200);
    expect(saved.body).toMatchObject({ groups_claim: "groups", rules });
    expect((await acme.hr.client.get(MAPPINGS)).body.rules).toEqual(rules);
    const audit = await t.database.db.select().from(adminAudit).where(eq(adminAudit.action, "sso_group_mappings_updated"));
    expect(audit.map((a) => a.companyId)).toContain(acme.company.id);
  });

  it("refuses a rule naming another company's team, and changes nothing", async () => {
    const before = (await acme.hr.client.get(MAPPINGS)).body;
    const refused = await acme.hr.client.put(MAPPINGS, { rules: [{ group: "spies", role: "member", team_id: globexTeam.id }] });
    expect(refused.status).toBe(404);
    expect(refused.body.error.code).toBe("not_found");
    expect(refused.text).not.toContain("Globex secret team");
    expect((await acme.hr.client.get(MAPPINGS)).body).toEqual(before);
    // Nor through the operator's path for Acme.
    const viaAdmin = await operator.put(`/api/b2b/v1/admin/companies/${acme.company.id}/sso/group-mappings`, {
      rules: [{ group: "spies", role: "member", team_id: globexTeam.id }],
    });
    expect(viaAdmin.status).toBe(404);
  });

  it("refuses a role that is not a company role and a malformed claim name", async () => {
    expect((await acme.hr.client.put(MAPPINGS, { rules: [{ group: "ops", role: "admin" }] })).status).toBe(400);
    expect((await acme.hr.client.put(MAPPINGS, { groups_claim: "bad claim!", rules: [] })).status).toBe(400);
  });

  it("is hr's own company's only, and a platform operator's for any company", async () => {
    // Globex's hr reads and sets Globex's rules, never Acme's: the admin path is closed to hr.
    expect((await globex.hr.client.get(MAPPINGS)).body.rules).toEqual([]);
    expect((await globex.hr.client.get(`/api/b2b/v1/admin/companies/${acme.company.id}/sso/group-mappings`)).status).toBe(403);
    expect((await globex.hr.client.put(`/api/b2b/v1/admin/companies/${acme.company.id}/sso/group-mappings`, { rules: [] })).status).toBe(403);
    expect((await acme.member.client.get(MAPPINGS)).status).toBe(403);
    expect((await acme.member.client.put(MAPPINGS, { rules: [] })).status).toBe(403);
    expect((await acme.teamleader.client.put(MAPPINGS, { rules: [] })).status).toBe(403);
    expect((await t.anonymous.get(MAPPINGS)).status).toBe(401);
    const other = await createCompany(t);
    const set = await operator.put(`/api/b2b/v1/admin/companies/${other.id}/sso/group-mappings`, {
      groups_claim: "roles",
      rules: [{ group: "x", role: "ldleader" }],
    });
    expect(set.status).toBe(200);
    expect((await operator.get(`/api/b2b/v1/admin/companies/${other.id}/sso/group-mappings`)).body).toMatchObject({
      groups_claim: "roles",
      rules: [{ group: "x", role: "ldleader", team_id: null }],
    });
    expect((await operator.get("/api/b2b/v1/admin/companies/999999/sso/group-mappings")).status).toBe(404);
  });
});

describe("a person single sign-on creates just in time", () => {
  // Tests run in random order: each sets the rules it signs in with.
  const setRules = async (body: Record<string, unknown>) => expect((await acme.hr.client.put(MAPPINGS, body)).status).toBe(200);
  const ordered = () => ({
    rules: [
      { group: "learnward-hr", role: "hr", team_id: null },
      { group: "engineers", role: "teamleader", team_id: engineering.id },
      { group: "everyone", role: "member", team_id: null },
    ],
  });

  it("gets the role and team of the first rule whose group the provider sends", async () => {
    await setRules(ordered());
    const who = await signInWithClaims(`eng@${acme.company.domain}`, { groups: ["everyone", "engineers"] });
    expect(who.account).toMatchObject({ role: "teamleader", team: { id: engineering.id } });
    expect(who.company.id).toBe(acme.company.id);
    // The role change is audited as the groups' doing, not an account's.
    const audit = await t.database.db.select().from(adminAudit).where(eq(adminAudit.entityId, who.account.id));
    expect(audit.some((a) => a.action === "update" && a.actorId === null && (a.after as { role: string }).role === "teamleader")).toBe(true);
  });

  it("stays a member of no team when no rule matches, or the provider sends no groups", async () => {
    await setRules(ordered());
    const unmatched = await signInWithClaims(`sales@${acme.company.domain}`, { groups: ["sales"] });
    expect(unmatched.account).toMatchObject({ role: "member", team: null });
    const none = await signInWithClaims(`plain@${acme.company.domain}`, {});
    expect(none.account).toMatchObject({ role: "member", team: null });
  });

  it("reads the groups from the claim the company names", async () => {
    await setRules({ groups_claim: "roles", rules: [{ group: "people-ops", role: "hr" }] });
    const byRoles = await signInWithClaims(`ops@${acme.company.domain}`, { roles: "people-ops", groups: ["engineers"] });
    expect(byRoles.account.role).toBe("hr");
  });

  it("does not change an existing account the provider links", async () => {
    await setRules({ rules: [{ group: "learnward-hr", role: "hr" }] });
    const email = `existing@${acme.company.domain}`;
    const person = await addPerson(t, { company: acme.company.id, role: "member", email });
    const who = await signInWithClaims(email, { groups: ["learnward-hr"] }, { existing: true });
    expect(who.account).toMatchObject({ id: person.id, role: "member" });
  });
});
