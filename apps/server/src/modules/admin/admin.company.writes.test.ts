import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestContext, type Client, type TestContext } from "../../../test/helpers.ts";
import { addOperator, createCompanyWithRoles } from "../../../test/factories.ts";

// Issue 24: an operator's change of a company answers it from the write (read once, locked, with
// its counts), instead of reading it again after the write.
const statements: string[] = [];
let t: TestContext;
let admin: Client;

beforeAll(async () => {
  t = await createTestContext({ seed: false, logger: { logQuery: (query) => statements.push(query) } });
  admin = (await addOperator(t)).client;
});
afterAll(() => t.close());

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
