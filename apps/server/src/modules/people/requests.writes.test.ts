import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestContext, type TestContext } from "../../../test/helpers.ts";
import { createCompanyWithRoles } from "../../../test/factories.ts";

// Asking for an invite or a removal answers the request its transaction finished with,
// instead of inserting it and then reading it back by its id.
const statements: string[] = [];
let t: TestContext;
beforeAll(async () => {
  t = await createTestContext({ seed: false, logger: { logQuery: (query) => statements.push(query) } });
});
afterAll(() => t.close());

/** Statements that read one request of this kind by its id. */
const reads = (table: string, from: number) =>
  statements.slice(from).filter((q) => /^\s*select/i.test(q) && new RegExp(`"${table}"\\."id" = \\$`).test(q)).length;

describe("asking hr answers the new request without reading it back", () => {
  it("an invite request", async () => {
    const w = await createCompanyWithRoles(t, { name: "Initech", teamName: "Engineering" });
    const from = statements.length;
    const res = await w.teamleader.client.post("/api/b2b/v1/invite-requests/", { email: "newcomer@outside.test", team_id: w.team.id, reason: "Backend" });
    expect(res.status, res.text).toBe(201);
    expect(reads("invite_requests", from)).toBe(0);
    expect(res.body).toMatchObject({ email: "newcomer@outside.test", status: "pending", reason: "Backend" });
    expect((await w.hr.client.get(`/api/b2b/v1/invite-requests/${res.body.id}/`)).body).toEqual(res.body);
  });

  it("a removal request", async () => {
    const w = await createCompanyWithRoles(t, { name: "Globex", teamName: "Sales" });
    const from = statements.length;
    const res = await w.teamleader.client.post("/api/b2b/v1/removal-requests/", { employee_id: w.member.id, reason: "Moved" });
    expect(res.status, res.text).toBe(201);
    expect(reads("removal_requests", from)).toBe(0);
    expect(res.body).toMatchObject({ status: "pending", reason: "Moved" });
    expect((await w.hr.client.get(`/api/b2b/v1/removal-requests/${res.body.id}/`)).body).toEqual(res.body);
  });
});
