import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestContext, type Client, type TestContext } from "../../../test/helpers.ts";
import { createCompanyWithRoles } from "../../../test/factories.ts";

// A decision answers the row its write finished with, instead of reading the request
// before, inside and again after the write (an approval read it four times).
const statements: string[] = [];
let t: TestContext;
let ld: Client, tl: Client, member: Client;
const month = new Date().toISOString().slice(0, 7);

beforeAll(async () => {
  t = await createTestContext({ seed: false, logger: { logQuery: (query) => statements.push(query) } });
  const w = await createCompanyWithRoles(t);
  [ld, tl, member] = [w.ldleader.client, w.teamleader.client, w.member.client];
  const team = w.team.id;
  const budget = await ld.post("/api/b2b/v1/budgets/", { period: "month", period_start: `${month}-01`, amount_minor: 500_000 });
  expect((await ld.post(`/api/b2b/v1/budgets/${budget.body.id}/allocations/`, { team_id: team, amount_minor: 500_000 })).status).toBe(200);
});
afterAll(() => t.close());

/** Statements that read one purchase request by its id (not the sums over an allocation). */
const readsOfRequest = (from: number) => statements.slice(from).filter((q) => /^\s*select/i.test(q) && /"purchase_requests"\."id" = \$/.test(q)).length;

async function decide(c: Client, id: number, verb: string, body: object = {}) {
  const from = statements.length;
  const res = await c.post(`/api/b2b/v1/purchase-requests/${id}/${verb}/`, body);
  expect(res.status, res.text).toBe(200);
  return { body: res.body, reads: readsOfRequest(from) };
}

const ask = async (price: number) =>
  (await member.post("/api/b2b/v1/purchase-requests/", { title: "Course", price_minor: price, reason: "For my plan" })).body.id as number;

describe("a decision reads the request once", () => {
  it("approving answers the approved request, reading it once", async () => {
    const id = await ask(10_000);
    const { body, reads } = await decide(tl, id, "approve");
    expect(body).toMatchObject({
      id,
      status: "approved",
      decided_by: { display_name: expect.any(String) },
      budget_id: expect.any(Number),
      team: { name: expect.any(String) },
    });
    expect(body.decided_at).toEqual(expect.any(String));
    expect(reads).toBe(1);
    expect((await member.get(`/api/b2b/v1/purchase-requests/${id}/`)).body).toEqual({
      ...body,
      abilities: { approve: false, reject: false, pay: false, cancel: true },
    });
  });

  it("paying answers the paid request, reading it once", async () => {
    const id = await ask(10_000);
    await decide(ld, id, "approve");
    const { body, reads } = await decide(ld, id, "pay", { reference: "INV-1", paid_at: `${month}-02` });
    expect(body).toMatchObject({ id, status: "paid", payment_reference: "INV-1", paid_at: `${month}-02`, budget_id: expect.any(Number) });
    expect(reads).toBe(1);
  });

  it("rejecting answers the rejected request with its decider, reading it once", async () => {
    const id = await ask(10_000);
    const { body, reads } = await decide(ld, id, "reject", { reason: "Next quarter" });
    expect(body).toMatchObject({ id, status: "rejected", rejection_reason: "Next quarter", decided_by: { display_name: expect.any(String) } });
    expect(reads).toBe(1);
  });

  it("cancelling an approved request answers it cancelled, reading it once", async () => {
    const id = await ask(10_000);
    await decide(tl, id, "approve");
    const { body, reads } = await decide(member, id, "cancel");
    expect(body).toMatchObject({ id, status: "cancelled", budget_id: expect.any(Number) });
    expect(reads).toBe(1);
  });

  it("repeating a decision answers it again; another one is still a conflict", async () => {
    const id = await ask(10_000);
    await decide(ld, id, "reject", { reason: "No" });
    expect((await decide(ld, id, "reject", { reason: "No" })).body.status).toBe("rejected");
    const approve = await ld.post(`/api/b2b/v1/purchase-requests/${id}/approve/`, {});
    expect(approve.status).toBe(409);
    expect(approve.body.error).toMatchObject({ code: "request_already_decided", details: { status: "rejected" } });
  });
});

// Creating a request answers the view its transaction finished with (team and asker
// names included) instead of inserting, then reading the request back by its id.
describe("creating a request", () => {
  it("answers the finished request without reading it back", async () => {
    const from = statements.length;
    const res = await member.post("/api/b2b/v1/purchase-requests/", { title: "Book", price_minor: 2_500, reason: "For my plan" });
    expect(res.status, res.text).toBe(201);
    expect(readsOfRequest(from)).toBe(0);
    expect(res.body).toMatchObject({ title: "Book", status: "pending", team: { name: expect.any(String) }, decided_by: null, budget_id: null });
    expect((await member.get(`/api/b2b/v1/purchase-requests/${res.body.id}/`)).body).toEqual(res.body);
  });
});
