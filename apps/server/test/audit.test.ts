import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestContext, DEMO_PASSWORD, type Client, type TestContext } from "./helpers.ts";
import { addOperator, addPerson, createCompany, createCompanyWithRoles } from "./factories.ts";

// The audit trail covers security events, and platform operators see them in the audit log.
let t: TestContext;
let admin: Client;
let hr: Client;
let acmeId: number;
// A company (its allow-list admits its own domain) with one person per role, and a platform operator.
let co: Awaited<ReturnType<typeof createCompanyWithRoles>>;
const at = (local: string) => `${local}@${co.company.domain}`;

beforeAll(async () => {
  t = await createTestContext({ seed: false });
  co = await createCompanyWithRoles(t, { allowOwnDomain: true });
  admin = (await addOperator(t)).client;
  hr = co.hr.client;
  acmeId = co.company.id;
});
afterAll(() => t.close());

/** The newest audit entries of one kind, as an operator reads them. */
const entries = async (entity: string) =>
  (await admin.get(`/api/b2b/v1/admin/audit/?entity=${entity}&page_size=20`)).body.results as Array<Record<string, unknown>>;
const employeeId = async (search: string) => (await hr.get(`/api/b2b/v1/employees/?search=${search}`)).body.results[0].id as number;

describe("people", () => {
  it("records a role change with who made it, before and after, in the company", async () => {
    await t.register(at("promoted"), "secret12", "Promoted");
    const id = await employeeId("promoted");
    expect((await hr.patch(`/api/b2b/v1/employees/${id}/`, { role: "teamleader" })).status).toBe(200);
    expect((await entries("account"))[0]).toMatchObject({
      entity: "account",
      entity_id: id,
      action: "update",
      company_id: acmeId,
      actor: { display_name: expect.any(String) },
      before: { role: "member" },
      after: { role: "teamleader" },
    });
  });

  it("records hr's deactivation of an employee (an accepted removal request only takes them off the team: people.test.ts)", async () => {
    await t.register(at("leaving"), "secret12", "Leaving");
    const id = await employeeId("leaving");
    await hr.patch(`/api/b2b/v1/employees/${id}/`, { status: "deactivated" });
    expect((await entries("account"))[0]).toMatchObject({ entity_id: id, action: "deactivate", company_id: acmeId, after: { status: "deactivated" } });
  });

  it("records invitations sent and accepted", async () => {
    expect((await hr.post("/api/b2b/v1/invitations/", { email: "guest@outside.test", role: "member" })).status).toBe(201);
    const token = (await t.linkIn("guest@outside.test")).pathname.split("/").pop()!;
    await t.anonymous.post(`/api/b2b/v1/invitations/${token}/accept/`, { name: "Guest", password: "secret12" });
    const [accepted, created] = await entries("invitation");
    expect(created).toMatchObject({ action: "create", company_id: acmeId, after: { email: "guest@outside.test", role: "member" } });
    expect(accepted).toMatchObject({ action: "accept", company_id: acmeId, entity_id: created!.entity_id });
  });
});

describe("the collaborative network", () => {
  it("records publish decisions", async () => {
    const member = co.member.client;
    const ld = co.ldleader.client;
    const collection = (await member.post("/api/b2b/v1/collections/", { title: "Audited path" })).body;
    const request = (await member.post("/api/b2b/v1/publish-requests/", { collection_id: collection.id })).body;
    expect((await ld.post(`/api/b2b/v1/publish-requests/${request.id}/reject/`, { reason: "Not yet" })).status).toBe(200);
    expect((await entries("publish_request"))[0]).toMatchObject({
      entity_id: request.id,
      action: "reject",
      reason: "Not yet",
      company_id: acmeId,
      after: { title: "Audited path" },
    });
  });
});

describe("upskilling plans", () => {
  it("records a plan created, changed, assigned and deleted", async () => {
    const ld = co.ldleader.client;
    const member = co.member.client;
    const collection = (await member.post("/api/b2b/v1/collections/", { title: "Plan path" })).body;
    const request = (await member.post("/api/b2b/v1/publish-requests/", { collection_id: collection.id })).body;
    await ld.post(`/api/b2b/v1/publish-requests/${request.id}/accept/`, {});
    const me = (await member.get("/api/me")).body.account;
    const plan = await ld.post("/api/b2b/v1/plans/", {
      title: "Audited plan",
      deadline: "2030-01-31",
      skills: { sql: { collections: [collection.id] } },
      selectedAccount: [me.id],
      selectedTeam: [],
    });
    expect(plan.status, plan.text).toBe(201);
    await ld.patch(`/api/b2b/v1/plans/${plan.body.id}/`, { deadline: "2030-02-28" });
    expect((await ld.delete(`/api/b2b/v1/plans/${plan.body.id}/`)).status).toBe(204);
    const [deleted, updated, created] = await entries("plan");
    expect(created).toMatchObject({
      action: "create",
      entity_id: plan.body.id,
      company_id: acmeId,
      after: { title: "Audited plan", skills: ["sql"], account_ids: [me.id] },
    });
    expect(updated).toMatchObject({ action: "update", before: { deadline: "2030-01-31" }, after: { deadline: "2030-02-28" } });
    expect(deleted).toMatchObject({ action: "delete", before: { title: "Audited plan" } });
  });
});

describe("signing in", () => {
  it("records failed sign-ins, for known and unknown addresses", async () => {
    await t.anonymous.post("/api/auth/sign-in/email", { email: co.teamleader.email, password: "wrong-one" });
    await t.anonymous.post("/api/auth/sign-in/email", { email: "stranger@nowhere.test", password: "wrong-one" });
    const [unknown, known] = await entries("sign_in");
    expect(known).toMatchObject({ action: "failed", company_id: acmeId, actor: null, after: { email: co.teamleader.email, ip_address: expect.any(String) } });
    expect(unknown).toMatchObject({ action: "failed", company_id: null, entity_id: null, after: { email: "stranger@nowhere.test" } });
  });

  it("records two-factor sign-in turned on and off", async () => {
    const globex = (await addPerson(t, { company: (await createCompany(t)).id, role: "member" })).email;
    const token = await t.signIn(globex);
    const replaced = await t.setUpTwoFactor(globex, token);
    await t.app.inject({
      method: "POST",
      url: "/api/auth/two-factor/disable",
      headers: { authorization: `Bearer ${replaced}` },
      payload: { password: DEMO_PASSWORD },
    });
    const [off, on] = await entries("two_factor");
    expect(on).toMatchObject({ action: "enable", after: { email: globex } });
    expect(off).toMatchObject({ action: "disable", after: { email: globex } });
  });

  it("filters the log by company", async () => {
    // Entries of this company (failed sign-ins of its people) and of another one.
    for (const p of [co.hr, co.ldleader, co.teamleader, co.member])
      await t.anonymous.post("/api/auth/sign-in/email", { email: p.email, password: "wrong-two" });
    const outsider = await addPerson(t, { company: (await createCompany(t)).id, role: "member" });
    await t.anonymous.post("/api/auth/sign-in/email", { email: outsider.email, password: "wrong-two" });
    const acme = (await admin.get(`/api/b2b/v1/admin/audit/?company=${acmeId}&page_size=100`)).body.results as Array<{ company_id: number | null }>;
    expect(acme.length).toBeGreaterThan(3);
    expect(acme.every((e) => e.company_id === acmeId)).toBe(true);
  });
});
