import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { and, eq } from "drizzle-orm";
import { contentItems } from "../../db/schema/index.ts";
import { createTestContext, DEMO, type Client, type TestContext } from "../../../test/helpers.ts";

// Issue 23: a plan given to a team is the team's members' to follow, not its leader's.
let t: TestContext;
let ld: Client, tl: Client, member: Client;
let engineering: number;
let leaderId: number;
let collectionId: number;

beforeAll(async () => {
  t = await createTestContext();
  [ld, tl, member] = (await Promise.all([DEMO.ldleader, DEMO.teamleader, DEMO.member].map((e) => t.as(e)))) as [Client, Client, Client];
  const me = (await tl.get("/api/me")).body.account;
  engineering = me.team.id;
  leaderId = me.id;
  const [article] = await t.database.db
    .select({ id: contentItems.id })
    .from(contentItems)
    .where(and(eq(contentItems.companyId, me.company_id), eq(contentItems.contentType, "article")))
    .limit(1);
  collectionId = (await member.post("/api/b2b/v1/collections/", { title: "Team SQL", skills: ["sql"] })).body.id;
  await member.post(`/api/b2b/v1/collections/${collectionId}/items/`, { content_id: article!.id });
  const asked = await member.post("/api/b2b/v1/publish-requests/", { collection_id: collectionId });
  expect((await ld.post(`/api/b2b/v1/publish-requests/${asked.body.id}/accept/`, {})).status).toBe(200);
});
afterAll(() => t.close());

const emails = (res: { body: { results: { account: { email: string } }[] } }) => res.body.results.map((a) => a.account.email);
const taskPlans = async (c: Client) => (await c.get("/api/b2b/v1/my-tasks/")).body.results.map((r: { plan: { id: number } }) => r.plan.id);

describe("a team plan and the team's leader", () => {
  let planId: number;

  it("assigns the team's members, not its leader", async () => {
    const created = await tl.post("/api/b2b/v1/plans/", { title: "SQL sprint", deadline: "2099-01-31", skills: { sql: { collections: [collectionId] } }, selectedTeam: [engineering] });
    expect(created.status, created.text).toBe(201);
    planId = created.body.id;
    expect(created.body).toMatchObject({ teams: [{ id: engineering }], assignees_count: 1 });
    expect(emails(await tl.get(`/api/b2b/v1/plans/${planId}/assignees/`))).toEqual([DEMO.member]);
    expect(await taskPlans(member)).toContain(planId);
    expect(await taskPlans(tl)).not.toContain(planId);
  });

  it("leaves the leader out of the team's progress and the company's insights", async () => {
    const progress = (await tl.get(`/api/b2b/v1/teams/${engineering}/progress/`)).body.results;
    const leaderRow = progress.find((r: { account: { id: number } }) => r.account.id === leaderId);
    expect(leaderRow?.plans ?? []).toEqual([]);
    const insights = (await ld.get("/api/b2b/v1/insights/?scope=company")).body;
    expect(insights.plans.results.find((p: { plan_id: number }) => p.plan_id === planId)).toMatchObject({ assignees: 1 });
  });

  it("still assigns the leader when they are chosen by name", async () => {
    expect((await ld.post(`/api/b2b/v1/plans/${planId}/assignees/`, { selectedAccount: [leaderId] })).body.assignees_count).toBe(2);
    expect(await taskPlans(tl)).toContain(planId);
  });
});
