import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestContext, DEMO_PASSWORD, type Client, type TestContext } from "../../../test/helpers.ts";
import { addOperator, addPerson, createCompany, createCompanyWithRoles, type Person } from "../../../test/factories.ts";

let t: TestContext;
let admin: Client, hr: Client, ld: Client;
let acme: { id: number; domain: string }, globex: { id: number };
/** Every company role of Acme and a Globex member: none may use the admin area. */
let others: Record<string, Person>;

// On an empty database: "Acme" with one person per role, "Globex" with a member, and an operator.
beforeAll(async () => {
  t = await createTestContext({ seed: false });
  const world = await createCompanyWithRoles(t, { name: "Acme" });
  acme = world.company;
  globex = await createCompany(t, { name: "Globex" });
  others = {
    hr: world.hr,
    ldleader: world.ldleader,
    teamleader: world.teamleader,
    member: world.member,
    globex: await addPerson(t, { company: globex.id, role: "member" }),
  };
  [hr, ld] = [world.hr.client, world.ldleader.client];
  admin = (await addOperator(t, { name: "Alex Morgan" })).client;
});
afterAll(() => t.close());

describe("admin area", () => {
  it("refuses every role but admin, and no session", async () => {
    expect((await t.anonymous.get("/api/b2b/v1/admin/companies/")).status).toBe(401);
    for (const [who, { client: c }] of Object.entries(others)) {
      for (const url of ["/api/b2b/v1/admin/companies/", "/api/b2b/v1/admin/accounts/", "/api/b2b/v1/admin/budgets/", "/api/b2b/v1/admin/audit/"]) {
        expect((await c.get(url)).status, `${who} ${url}`).toBe(403);
      }
    }
  });

  it("lists companies with people and activity, and creates one whose allow-list admits sign-ups", async () => {
    // A company of its own (other tests move people and add companies): four people, all signed in lately.
    const { company } = await createCompanyWithRoles(t);
    const list = await admin.get("/api/b2b/v1/admin/companies/?page_size=100");
    const names = list.body.results.map((c: { name: string }) => c.name);
    expect(names).toEqual(expect.arrayContaining(["Acme", "Globex", company.name]));
    expect(names).toEqual([...names].sort());
    const mine = list.body.results.find((c: { name: string }) => c.name === company.name);
    expect(mine).toMatchObject({ people_count: 4, status: "active" });
    expect(mine.active_people_30d).toBeGreaterThanOrEqual(2);
    const created = await admin.post("/api/b2b/v1/admin/companies/", {
      name: "Initech",
      domain: "Initech.test",
      currency: "eur",
      registration_allowlist: ["*@initech.test"],
    });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ domain: "initech.test", currency: "EUR", people_count: 0 });
    expect(await admin.post("/api/b2b/v1/admin/companies/", { name: "Dup", domain: acme.domain })).toMatchObject({
      status: 409,
      body: { error: { code: "company_domain_taken" } },
    });
    expect((await admin.post("/api/b2b/v1/admin/companies/", { name: "Bad", domain: "not a domain" })).status).toBe(400);
    await t.register("peter@initech.test", "secret12", "Peter");
    expect((await admin.patch(`/api/b2b/v1/admin/companies/${created.body.id}/`, { name: "Initech Corp" })).body.name).toBe("Initech Corp");
  });

  it("suspends a company: its people can't sign in, nothing is deleted; reactivating restores them", async () => {
    // A company of its own: no other test moves people into it or suspends it.
    const id = (await createCompany(t)).id;
    const person = await addPerson(t, { company: id, role: "member" });
    const globex = person.client;
    expect((await admin.post(`/api/b2b/v1/admin/companies/${id}/suspend/`)).body).toMatchObject({ status: "suspended", people_count: 1 });
    expect((await globex.get("/api/me")).status).toBe(401); // its open sessions end with it
    const refused = await t.anonymous.post("/api/auth/sign-in/email", { email: person.email, password: DEMO_PASSWORD });
    expect(refused.status).toBe(403);
    expect(refused.body.error.code).toBe("company_suspended");
    await admin.post(`/api/b2b/v1/admin/companies/${id}/reactivate/`);
    expect((await t.anonymous.post("/api/auth/sign-in/email", { email: person.email, password: DEMO_PASSWORD })).status).toBe(200);
  });

  it("finds accounts across companies, changes role or company, deactivates and reactivates, with sign-in history", async () => {
    // Two people of the same name in two companies; the one in Acme is moved, so no other test uses them.
    const member = await addPerson(t, { company: acme.id, role: "member", name: "Robin Searchable" });
    const globexMember = await addPerson(t, { company: globex.id, role: "member", name: "Robin Searchable" });
    await t.as(member.email); // a sign-in of their own to show
    const found = await admin.get("/api/b2b/v1/admin/accounts/?search=searchable");
    expect(found.body.results.map((a: { email: string }) => a.email).sort()).toEqual([member.email, globexMember.email].sort());
    const m = found.body.results.find((a: { email: string }) => a.email === member.email);
    expect(m.last_sign_in_at).not.toBeNull();
    const history = await admin.get(`/api/b2b/v1/admin/accounts/${m.id}/sign-ins/`);
    expect(history.body.length).toBeGreaterThan(0);
    expect(history.body[0]).toHaveProperty("ip_address");
    const globexId = (await admin.get("/api/b2b/v1/admin/companies/?search=globex")).body.results[0].id;
    const moved = await admin.patch(`/api/b2b/v1/admin/accounts/${m.id}/`, { company_id: globexId, role: "hr" });
    expect(moved.body).toMatchObject({ role: "hr", company: { name: "Globex" }, team: null });
    // The log names the companies of the move (snapshots keep ids), and no others.
    const move = (await admin.get(`/api/b2b/v1/admin/audit/?entity=account&entity_id=${m.id}`)).body.results[0];
    expect(move).toMatchObject({ before: { company_id: m.company.id }, after: { company_id: globexId } });
    expect(move.company_names).toEqual({ [m.company.id]: "Acme", [globexId]: "Globex" });
    expect((await admin.patch(`/api/b2b/v1/admin/accounts/${m.id}/`, { status: "deactivated" })).body.status).toBe("deactivated");
    expect((await t.anonymous.post("/api/auth/sign-in/email", { email: member.email, password: DEMO_PASSWORD })).status).toBe(403);
    await admin.patch(`/api/b2b/v1/admin/accounts/${m.id}/`, { status: "active" });
    expect((await t.anonymous.post("/api/auth/sign-in/email", { email: member.email, password: DEMO_PASSWORD })).status).toBe(200);
    expect(await admin.patch(`/api/b2b/v1/admin/accounts/${m.id}/`, { company_id: null })).toMatchObject({
      status: 400,
      body: { error: { code: "company_required" } },
    });
    expect(await admin.patch(`/api/b2b/v1/admin/accounts/${m.id}/`, { company_id: 999_999 })).toMatchObject({
      status: 404,
      body: { error: { code: "company_not_found" } },
    });
    const me = (await admin.get("/api/me")).body.account.id;
    expect(await admin.patch(`/api/b2b/v1/admin/accounts/${me}/`, { status: "deactivated" })).toMatchObject({
      status: 409,
      body: { error: { code: "cannot_change_own_account" } },
    });
  });

  it("resends an invitation with a fresh link through the invitation's own route only", async () => {
    const invited = await hr.post("/api/b2b/v1/invitations/", { email: "again@outside.test" });
    // The old by-email route skipped the service's checks; people.service is the one path.
    expect((await admin.post("/api/b2b/v1/admin/accounts/resend-invitation/", { email: "again@outside.test" })).status).toBe(404);
    const res = await admin.post(`/api/b2b/v1/invitations/${invited.body.id}/resend/`, {});
    expect(res.status).toBe(200);
    const mails = (await t.outbox()).results.filter((x: { to: string }) => x.to === "again@outside.test");
    expect(mails).toHaveLength(2);
    expect(mails[0].text).not.toBe(mails[1].text);
  });

  it("shows every company's budgets and adjusts one with a reason, audited", async () => {
    const year = new Date().getUTCFullYear();
    const b = (await ld.post("/api/b2b/v1/budgets/", { period: "year", period_start: `${year}-01-01`, amount_minor: 500_000 })).body;
    const team = (await hr.get("/api/b2b/v1/teams/")).body.results[0].id;
    await ld.post(`/api/b2b/v1/budgets/${b.id}/allocations/`, { team_id: team, amount_minor: 300_000 });
    const all = await admin.get("/api/b2b/v1/admin/budgets/");
    expect(all.body.results[0]).toMatchObject({ company: { name: "Acme" }, amount_minor: 500_000, allocated_minor: 300_000, currency: "USD" });
    expect(await admin.post(`/api/b2b/v1/admin/budgets/${b.id}/adjust/`, { amount_minor: 200_000, reason: "Cut" })).toMatchObject({
      status: 409,
      body: { error: { code: "budget_below_allocated" } },
    });
    expect((await admin.post(`/api/b2b/v1/admin/budgets/${b.id}/adjust/`, { amount_minor: 800_000 })).status).toBe(400);
    expect((await admin.post(`/api/b2b/v1/admin/budgets/${b.id}/adjust/`, { amount_minor: 800_000, reason: "Q4 top-up" })).body.amount_minor).toBe(800_000);
    const audit = await admin.get(`/api/b2b/v1/admin/audit/?entity=budget&entity_id=${b.id}`);
    expect(audit.body.results[0]).toMatchObject({
      action: "adjust",
      reason: "Q4 top-up",
      actor: { display_name: "Alex Morgan" },
      before: { amount_minor: 500_000 },
      after: { amount_minor: 800_000 },
    });
    // A company's own changes are audited too, newest first.
    const company = (await admin.post("/api/b2b/v1/admin/companies/", { name: "Audited", domain: "audited.test" })).body.id;
    await admin.patch(`/api/b2b/v1/admin/companies/${company}/`, { name: "Audited Corp" });
    await admin.post(`/api/b2b/v1/admin/companies/${company}/suspend/`);
    await admin.post(`/api/b2b/v1/admin/companies/${company}/reactivate/`);
    const companyAudit = await admin.get(`/api/b2b/v1/admin/audit/?entity=company&entity_id=${company}`);
    expect(companyAudit.body.results.map((e: { action: string }) => e.action)).toEqual(["reactivate", "suspend", "update", "create"]);
  });

  it("edits only the fields sent: renaming keeps the currency and the allow-list", async () => {
    const created = await admin.post("/api/b2b/v1/admin/companies/", {
      name: "Hooli",
      domain: "hooli.test",
      currency: "GBP",
      registration_allowlist: ["*@hooli.test"],
    });
    const renamed = await admin.patch(`/api/b2b/v1/admin/companies/${created.body.id}/`, { name: "Hooli XYZ" });
    expect(renamed.body).toMatchObject({ name: "Hooli XYZ", domain: "hooli.test", currency: "GBP", registration_allowlist: ["*@hooli.test"] });
    expect((await admin.patch(`/api/b2b/v1/admin/companies/${created.body.id}/`, { registration_allowlist: [] })).body.registration_allowlist).toEqual([]);
    expect((await admin.patch(`/api/b2b/v1/admin/companies/${created.body.id}/`, { currency: "nope" })).status).toBe(400);
    expect((await admin.patch(`/api/b2b/v1/admin/companies/${created.body.id}/`, {})).status).toBe(400);
  });
});

// PRODUCT.md: a platform operator belongs to no company, and everyone else to exactly one. An operator
// who also held a company would be that company's member to every company-scoped rule as well.
describe("a platform operator belongs to no company, whichever way an account changes", () => {
  const account = async (search: string) => (await admin.get(`/api/b2b/v1/admin/accounts/?search=${encodeURIComponent(search)}`)).body.results[0];

  it("refuses making someone an operator while they keep their company, and changes nothing", async () => {
    const person = await addPerson(t, { company: acme.id, role: "hr" });
    for (const body of [{ role: "admin" }, { role: "admin", company_id: acme.id }, { role: "admin", company_id: globex.id }]) {
      expect(await admin.patch(`/api/b2b/v1/admin/accounts/${person.id}/`, body), JSON.stringify(body)).toMatchObject({
        status: 400,
        body: { error: { code: "operator_has_company" } },
      });
    }
    expect(await account(person.email)).toMatchObject({ role: "hr", company: { id: acme.id } });
    expect((await person.client.get("/api/b2b/v1/admin/companies/")).status).toBe(403);
  });

  it("refuses moving an operator into a company, and a company role without one", async () => {
    await addOperator(t, { name: "Quinn Operator", signedIn: false });
    const operator = await account("Quinn Operator");
    expect(await admin.patch(`/api/b2b/v1/admin/accounts/${operator.id}/`, { company_id: acme.id })).toMatchObject({
      status: 400,
      body: { error: { code: "operator_has_company" } },
    });
    expect(await admin.patch(`/api/b2b/v1/admin/accounts/${operator.id}/`, { role: "member" })).toMatchObject({
      status: 400,
      body: { error: { code: "company_required" } },
    });
    expect(await account("Quinn Operator")).toMatchObject({ role: "admin", company: null });
    // Both at once is a move from operator into the company's role, which is fine.
    expect(await admin.patch(`/api/b2b/v1/admin/accounts/${operator.id}/`, { role: "member", company_id: acme.id })).toMatchObject({
      status: 200,
      body: { role: "member", company: { id: acme.id } },
    });
  });

  it("makes someone an operator when their company goes with the same change", async () => {
    const person = await addPerson(t, { company: acme.id, role: "member", name: "Sky Promoted" });
    expect(await admin.patch(`/api/b2b/v1/admin/accounts/${person.id}/`, { role: "admin", company_id: null })).toMatchObject({
      status: 200,
      body: { role: "admin", company: null },
    });
  });

  it("lets no company-side path give the operator role: hr's role change, invitations, group rules", async () => {
    const person = await addPerson(t, { company: acme.id, role: "member" });
    const refusals = [
      await hr.patch(`/api/b2b/v1/employees/${person.id}/`, { role: "admin" }),
      await hr.post("/api/b2b/v1/invitations/", { email: "operator-by-hr@outside.test", role: "admin" }),
      await admin.post(`/api/b2b/v1/admin/companies/${acme.id}/invitations/`, { email: "operator-by-invite@outside.test", role: "admin" }),
      await hr.put("/api/b2b/v1/company/sso/group-mappings/", { rules: [{ group: "platform", role: "admin" }] }),
      await admin.put(`/api/b2b/v1/admin/companies/${acme.id}/sso/group-mappings/`, { rules: [{ group: "platform", role: "admin" }] }),
    ];
    for (const res of refusals) expect(res).toMatchObject({ status: 400, body: { error: { code: "validation_error" } } });
    expect(await account(person.email)).toMatchObject({ role: "member", company: { id: acme.id } });
  });
});
