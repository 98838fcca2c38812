import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestContext, type Client, type TestContext } from "../../../test/helpers.ts";
import { createCompanyWithRoles } from "../../../test/factories.ts";

// One definition of who decides a purchase request (budgeting.policy), used by the
// "to decide" list, the approve and reject routes and insights' pending count alike.
let t: TestContext;

beforeAll(async () => {
  t = await createTestContext({ seed: false });
});
afterAll(() => t.close());

/** A company of its own whose team leader has just asked for a purchase. */
const ownRequest = async () => {
  const { ldleader, teamleader } = await createCompanyWithRoles(t);
  const asked = await teamleader.client.post("/api/b2b/v1/purchase-requests/", { title: "Leading teams", price_minor: 40_000, reason: "My growth" });
  expect(asked.status).toBe(201);
  return { ld: ldleader.client, tl: teamleader.client, id: asked.body.id as number, asked };
};

const queue = async (c: Client) => {
  const res = await c.get("/api/b2b/v1/purchase-requests/?scope=decide&status=pending");
  expect(res.status, res.text).toBe(200);
  return res.body as { count: number; results: { id: number }[] };
};
const pendingPurchases = async (c: Client) => {
  const res = await c.get("/api/b2b/v1/insights/");
  expect(res.status, res.text).toBe(200);
  return (res.body.pending as { kind: string; count: number }[]).find((p) => p.kind === "purchase_requests")?.count ?? 0;
};

describe("who decides a team leader's own purchase request", () => {
  it("is not in the team leader's own queue, and insights agrees: none wait on them", async () => {
    const { tl, id, asked } = await ownRequest();
    expect(asked.body.abilities).toMatchObject({ approve: false, reject: false, cancel: true });
    const mine = await queue(tl);
    expect(mine.results.map((r) => r.id)).not.toContain(id);
    expect(mine.count).toBe(0);
    expect(await pendingPurchases(tl)).toBe(mine.count);
  });

  it("refuses the team leader's approval and rejection of it with their own code", async () => {
    const { tl, id } = await ownRequest();
    const approve = await tl.post(`/api/b2b/v1/purchase-requests/${id}/approve/`, {});
    expect(approve.status).toBe(403);
    expect(approve.body.error.code).toBe("own_request");
    const reject = await tl.post(`/api/b2b/v1/purchase-requests/${id}/reject/`, { reason: "Changed my mind" });
    expect(reject.status).toBe(403);
    expect(reject.body.error.code).toBe("own_request");
    expect((await tl.get(`/api/b2b/v1/purchase-requests/${id}/`)).body.status).toBe("pending");
  });

  it("goes to the L&D leader: in their queue, counted by their insights, theirs to decide", async () => {
    const { ld, id } = await ownRequest();
    const theirs = await queue(ld);
    expect(theirs.results.map((r) => r.id)).toEqual([id]);
    expect(await pendingPurchases(ld)).toBe(1);
    expect((await ld.get(`/api/b2b/v1/purchase-requests/${id}/`)).body.abilities).toMatchObject({ approve: true, reject: true });
    const rejected = await ld.post(`/api/b2b/v1/purchase-requests/${id}/reject/`, { reason: "Next quarter" });
    expect(rejected.body).toMatchObject({ status: "rejected", decided_by: { display_name: expect.any(String) } });
    expect(await pendingPurchases(ld)).toBe(0);
  });
});
