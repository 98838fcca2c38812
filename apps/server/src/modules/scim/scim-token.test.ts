import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { adminAudit } from "../../db/schema/index.ts";
import { createTestContext, type TestContext } from "../../../test/helpers.ts";
import { addOperator, createCompanyWithRoles } from "../../../test/factories.ts";

// A company's SCIM token, created and rotated by its hr or a platform operator, shown once.
let t: TestContext;
let acme: Awaited<ReturnType<typeof createCompanyWithRoles>>;
let globex: Awaited<ReturnType<typeof createCompanyWithRoles>>;
let operator: Awaited<ReturnType<typeof addOperator>>;
const OWN = "/api/b2b/v1/company/scim-token";
const scimAs = (token: string) => ({ authorization: `Bearer ${token}` });

beforeAll(async () => {
  t = await createTestContext({ seed: false });
  acme = await createCompanyWithRoles(t);
  globex = await createCompanyWithRoles(t);
  operator = await addOperator(t);
});
afterAll(() => t.close());

describe("SCIM token management", () => {
  it("refuses every company role but hr, and no session at all", async () => {
    for (const p of [acme.ldleader, acme.teamleader, acme.member]) {
      expect((await p.client.get(OWN)).status).toBe(403);
      expect((await p.client.post(OWN, {})).status).toBe(403);
      expect((await p.client.delete(OWN)).status).toBe(403);
    }
    expect((await t.anonymous.post(OWN, {})).status).toBe(401);
    expect((await acme.hr.client.post(`/api/b2b/v1/admin/companies/${globex.company.id}/scim-token`, {})).status).toBe(403);
    expect((await acme.hr.client.get(`/api/b2b/v1/admin/companies/${acme.company.id}/scim-token`)).status).toBe(403);
  });

  it("shows hr the secret once, keeps only a prefix, and a rotation kills the old token", async () => {
    expect((await acme.hr.client.get(OWN)).body).toMatchObject({ active: false, prefix: null, base_url: "http://localhost:3000/scim/v2" });
    const first = await acme.hr.client.post(OWN, {});
    expect(first.status).toBe(201);
    expect(first.body.token).toMatch(/^lwscim_/);
    expect(first.body.token.startsWith(first.body.prefix)).toBe(true);
    const status = (await acme.hr.client.get(OWN)).body;
    expect(status).toMatchObject({ active: true, prefix: first.body.prefix, last_used_at: null });
    expect(JSON.stringify(status)).not.toContain(first.body.token);
    expect((await t.anonymous.get("/scim/v2/Users", scimAs(first.body.token))).status).toBe(200);
    expect((await acme.hr.client.get(OWN)).body.last_used_at).not.toBeNull();

    const second = await acme.hr.client.post(OWN, {});
    expect(second.body.token).not.toBe(first.body.token);
    expect((await t.anonymous.get("/scim/v2/Users", scimAs(first.body.token))).status).toBe(401);
    expect((await t.anonymous.get("/scim/v2/Users", scimAs(second.body.token))).status).toBe(200);

    expect((await acme.hr.client.delete(OWN)).body).toMatchObject({ active: false });
    const refused = await t.anonymous.get("/scim/v2/Users", scimAs(second.body.token));
    expect(refused.status).toBe(401);
    expect(refused.body.schemas).toEqual(["urn:ietf:params:scim:api:messages:2.0:Error"]);
  });

  it("lets a platform operator manage any company's token, and refuses an unknown company", async () => {
    const made = await operator.client.post(`/api/b2b/v1/admin/companies/${globex.company.id}/scim-token`, {});
    expect(made.status).toBe(201);
    expect((await globex.hr.client.get(OWN)).body).toMatchObject({ active: true, prefix: made.body.prefix });
    expect((await operator.client.get("/api/b2b/v1/admin/companies/999999/scim-token")).status).toBe(404);
  });

  it("audits create, rotate and revoke without the secret", async () => {
    const a = await acme.hr.client.post(OWN, {});
    await acme.hr.client.post(OWN, {});
    await acme.hr.client.delete(OWN);
    const rows = await t.database.db.select().from(adminAudit).where(eq(adminAudit.entity, "scim_token"));
    const mine = rows.filter((r) => r.companyId === acme.company.id).map((r) => r.action);
    expect(mine).toEqual(expect.arrayContaining(["create", "rotate", "revoke"]));
    expect(JSON.stringify(rows)).not.toContain(a.body.token);
  });
});
