import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestContext, type Client, type TestContext } from "../../../test/helpers.ts";
import { addOperator, createCompany, createCompanyWithRoles } from "../../../test/factories.ts";

// An operator's change of an account or a company answers it from the write (read once,
// locked, with its names or counts), instead of reading it again after the write.
const statements: string[] = [];
let t: TestContext;
let admin: Client;

beforeAll(async () => {
  t = await createTestContext({ seed: false, logger: { logQuery: (query) => statements.push(query) } });
  admin = (await addOperator(t)).client;
});
afterAll(() => t.close());

const accountReads = (from: number) => statements.slice(from).filter((q) => /^\s*select/i.test(q) && /"accounts"\."id" = \$/.test(q)).length;

describe("an operator's change of an account reads it once", () => {
  it("a new role, a new company and deactivation each answer the changed account, reading it once", async () => {
    const w = await createCompanyWithRoles(t, { name: "Hooli", teamName: "Engineering" });
    const other = await createCompany(t, { name: "Pied Piper" });
    const url = `/api/b2b/v1/admin/accounts/${w.member.id}/`;
    for (const body of [{ role: "ldleader" }, { company_id: other.id, role: "hr" }, { status: "deactivated" }, { status: "active" }]) {
      const from = statements.length;
      const res = await admin.patch(url, body);
      expect(res.status, res.text).toBe(200);
      expect(accountReads(from), JSON.stringify(body)).toBe(1);
      const listed = (await admin.get(`/api/b2b/v1/admin/accounts/?search=${encodeURIComponent(w.member.email)}&status=all`)).body.results[0];
      expect(res.body).toEqual(listed);
    }
    expect((await admin.get(`/api/b2b/v1/admin/accounts/?search=${encodeURIComponent(w.member.email)}&status=all`)).body.results[0]).toMatchObject({
      role: "hr",
      status: "active",
      company: { id: other.id, name: "Pied Piper" },
      team: null,
    });
  });
});

const companyReads = (from: number) => statements.slice(from).filter((q) => /^\s*select/i.test(q) && /"companies"\."id" = \$/.test(q)).length;

describe("an operator's change of a company reads it once", () => {
  it("an edit, a suspension and its lifting each answer the changed company, reading it once", async () => {
    const w = await createCompanyWithRoles(t, { name: "Hooli", teamName: "Engineering" });
    const url = `/api/b2b/v1/admin/companies/${w.company.id}/`;
    for (const [path, body] of [
      ["", { name: "Hooli XYZ" }],
      ["suspend/", {}],
      ["reactivate/", {}],
    ] as const) {
      const from = statements.length;
      const res = path ? await admin.post(`${url}${path}`, body) : await admin.patch(url, body);
      expect(res.status, res.text).toBe(200);
      expect(companyReads(from), path || "edit").toBe(1);
      expect(res.body).toEqual((await admin.get(url)).body);
    }
    expect((await admin.get(url)).body).toMatchObject({ name: "Hooli XYZ", status: "active", people_count: 4 });
  });
});
