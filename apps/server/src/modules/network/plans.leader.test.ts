import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestContext, type Client, type TestContext } from "../../../test/helpers.ts";
import { addContent, createCompanyWithRoles } from "../../../test/factories.ts";

// A plan given to a team is the team's members' to follow, not its leader's.
let t: TestContext;

beforeAll(async () => {
  t = await createTestContext({ seed: false });
});
afterAll(() => t.close());

const emails = (res: { body: { results: { account: { email: string } }[] } }) => res.body.results.map((a) => a.account.email);
const taskPlans = async (c: Client) => (await c.get("/api/b2b/v1/my-tasks/")).body.results.map((r: { plan: { id: number } }) => r.plan.id);

/** A company of its own with a published path, and the plan its team leader gave their team. */
const teamPlan = async () => {
  const { company, team, ldleader, teamleader, member } = await createCompanyWithRoles(t);
  const [ld, tl] = [ldleader.client, teamleader.client];
  const article = await addContent(t, { company: company.id, contentType: "article", skills: ["sql"] });
  const collectionId = (await member.client.post("/api/b2b/v1/collections/", { title: "Team SQL", skills: ["sql"] })).body.id;
  await member.client.post(`/api/b2b/v1/collections/${collectionId}/items/`, { content_id: article.id });
  const asked = await member.client.post("/api/b2b/v1/publish-requests/", { collection_id: collectionId });
  expect((await ld.post(`/api/b2b/v1/publish-requests/${asked.body.id}/accept/`, {})).status).toBe(200);
  const created = await tl.post("/api/b2b/v1/plans/", {
    title: "SQL sprint",
    deadline: "2099-01-31",
    skills: { sql: { collections: [collectionId] } },
    selectedTeam: [team.id],
  });
  expect(created.status, created.text).toBe(201);
  return { ld, tl, member, team: team.id, leaderId: teamleader.id, created, planId: created.body.id as number };
};

describe("a team plan and the team's leader", () => {
  it("assigns the team's members, not its leader", async () => {
    const { tl, member, team, created, planId } = await teamPlan();
    expect(created.body).toMatchObject({ teams: [{ id: team }], assignees_count: 1 });
    expect(emails(await tl.get(`/api/b2b/v1/plans/${planId}/assignees/`))).toEqual([member.email]);
    expect(await taskPlans(member.client)).toContain(planId);
    expect(await taskPlans(tl)).not.toContain(planId);
  });

  it("leaves the leader out of the team's progress and the company's insights", async () => {
    const { ld, tl, team, leaderId, planId } = await teamPlan();
    const progress = (await tl.get(`/api/b2b/v1/teams/${team}/progress/`)).body.results;
    const leaderRow = progress.find((r: { account: { id: number } }) => r.account.id === leaderId);
    expect(leaderRow?.plans ?? []).toEqual([]);
    const insights = (await ld.get("/api/b2b/v1/insights/?scope=company")).body;
    expect(insights.plans.results.find((p: { plan_id: number }) => p.plan_id === planId)).toMatchObject({ assignees: 1 });
  });

  it("still assigns the leader when they are chosen by name", async () => {
    const { ld, tl, leaderId, planId } = await teamPlan();
    expect((await ld.post(`/api/b2b/v1/plans/${planId}/assignees/`, { selectedAccount: [leaderId] })).body.assignees_count).toBe(2);
    expect(await taskPlans(tl)).toContain(planId);
  });
});
