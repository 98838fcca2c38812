// An item of a person's own library counted towards a skill of a plan they hold: finishing it moves the
// plan's progress for that person, the team's skills matrix and the company's insights, like the plan's
// own items; nobody else can count or uncount it.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sql } from "drizzle-orm";
import { createTestContext, type Client, type TestContext } from "../../../test/helpers.ts";
import { addContent, addPerson, createCompany, createCompanyWithRoles } from "../../../test/factories.ts";

let t: TestContext;

beforeAll(async () => {
  t = await createTestContext({ seed: false });
});
afterAll(() => t.close());

/** A company of its own whose team holds a plan with one skill (sql) and one learning path item. */
async function teamPlan() {
  const { company, team, ldleader, teamleader, member } = await createCompanyWithRoles(t);
  const pathItem = await addContent(t, { company: company.id, contentType: "article", skills: ["sql"] });
  const collectionId = (await member.client.post("/api/b2b/v1/collections/", { title: "Team SQL", skills: ["sql"] })).body.id;
  await member.client.post(`/api/b2b/v1/collections/${collectionId}/items/`, { content_id: pathItem.id });
  const asked = await member.client.post("/api/b2b/v1/publish-requests/", { collection_id: collectionId });
  expect((await ldleader.client.post(`/api/b2b/v1/publish-requests/${asked.body.id}/accept/`, {})).status).toBe(200);
  const plan = async (title: string, who: { selectedTeam?: number[]; selectedAccount?: number[] }) => {
    const created = await teamleader.client.post("/api/b2b/v1/plans/", {
      title,
      deadline: "2099-01-31",
      skills: { sql: { collections: [collectionId] } },
      ...who,
    });
    expect(created.status, created.text).toBe(201);
    return created.body.id as number;
  };
  const planId = await plan("SQL sprint", { selectedTeam: [team.id] });
  // The member's own find, saved from the web: not in any learning path.
  const own = await member.client.post("/api/contentuser/save/", {
    url: "https://blog.example/window-functions",
    title: "Window functions",
    fetch_metadata: false,
  });
  expect(own.status, own.text).toBe(201);
  return {
    company,
    team,
    ld: ldleader.client,
    tl: teamleader.client,
    tlId: teamleader.id,
    member,
    pathItem,
    plan,
    planId,
    own: own.body as { id_primary: number; id_content: number },
  };
}

const task = async (c: Client, planId: number) =>
  (await c.get("/api/b2b/v1/my-tasks/")).body.results.find((r: { plan: { id: number } }) => r.plan.id === planId) as {
    status: string;
    progress: { done: number; total: number };
  };
const matrixRow = async (c: Client, teamId: number, accountId: number) =>
  (await c.get(`/api/b2b/v1/teams/${teamId}/progress/`)).body.results.find((r: { account: { id: number } }) => r.account.id === accountId).plans[0];
const insightsRow = async (c: Client, planId: number) =>
  (await c.get("/api/b2b/v1/insights/?scope=company")).body.plans.results.find((p: { plan_id: number }) => p.plan_id === planId);
const finish = (c: Client, id: number) => c.patch(`/api/contentuser/${id}/state`, { state: "finalized" });

describe("an item of my library counted towards my plan", () => {
  it("offers my open plans and their skills, then counts the item: the plan, the skills matrix and insights move when I finish it", async () => {
    const w = await teamPlan();
    const url = `/api/contentuser/${w.own.id_primary}/plan-skills`;
    const before = await w.member.client.get(url);
    expect(before.status, before.text).toBe(200);
    expect(before.body).toEqual({ attached: [], options: [{ plan: { id: w.planId, title: "SQL sprint", deadline: "2099-01-31" }, skills: ["sql"] }] });
    // The same choice before an item is saved (the save dialog offers it).
    expect((await w.member.client.get("/api/contentuser/plan-skills")).body).toEqual(before.body.options);

    const put = await w.member.client.put(url, { plan_id: w.planId, skill: " SQL " });
    expect(put.status, put.text).toBe(200);
    expect(put.body.attached).toEqual([{ plan: { id: w.planId, title: "SQL sprint", deadline: "2099-01-31" }, skill: "sql" }]);
    expect((await task(w.member.client, w.planId)).progress).toMatchObject({ done: 0, total: 2 });

    expect((await finish(w.member.client, w.own.id_primary)).status).toBe(200);
    expect((await task(w.member.client, w.planId)).progress).toMatchObject({ done: 1, total: 2, percent: 50 });
    expect((await matrixRow(w.tl, w.team.id, w.member.id)).skills.sql).toMatchObject({ done: 1, total: 2 });
    expect(await insightsRow(w.ld, w.planId)).toMatchObject({ assignees: 1, completed: 0, percent: 50 });

    // Finishing the path's own item too completes the plan, with its one completion event.
    const pathCopy = await w.member.client.post("/api/contentuser/save/", { id_content: w.pathItem.id, fetch_metadata: false });
    expect((await finish(w.member.client, pathCopy.body.id_primary)).status).toBe(200);
    expect(await task(w.member.client, w.planId)).toMatchObject({ status: "completed", progress: { done: 2, total: 2 } });
    expect(await insightsRow(w.ld, w.planId)).toMatchObject({ completed: 1, percent: 100 });
    const events = await t.database.db.execute(
      sql`select 1 from learning_events where kind = 'plan_completed' and account_id = ${w.member.id} and plan_id = ${w.planId}`,
    );
    expect((events as { rows: unknown[] }).rows).toHaveLength(1);
  });

  it("stops counting it when I take it out, or delete the item", async () => {
    const w = await teamPlan();
    const url = `/api/contentuser/${w.own.id_primary}/plan-skills`;
    await w.member.client.put(url, { plan_id: w.planId, skill: "sql" });
    const out = await w.member.client.delete(`${url}/${w.planId}`);
    expect(out.status, out.text).toBe(200);
    expect(out.body.attached).toEqual([]);
    expect((await task(w.member.client, w.planId)).progress).toMatchObject({ total: 1 });
    expect((await w.member.client.delete(`${url}/${w.planId}`)).status).toBe(404);

    await w.member.client.put(url, { plan_id: w.planId, skill: "sql" });
    expect((await task(w.member.client, w.planId)).progress).toMatchObject({ total: 2 });
    expect((await w.member.client.delete(`/api/contentuser/delete/?id_primary=${w.own.id_primary}`)).status).toBe(200);
    expect((await task(w.member.client, w.planId)).progress).toMatchObject({ total: 1 });
  });

  it("completes the plan, with its one completion event, when taking out or deleting the only item not done leaves every other done", async () => {
    const completions = async (w: Awaited<ReturnType<typeof teamPlan>>) =>
      (
        (await t.database.db.execute(
          sql`select 1 from learning_events where kind = 'plan_completed' and account_id = ${w.member.id} and plan_id = ${w.planId}`,
        )) as { rows: unknown[] }
      ).rows.length;
    for (const takeOut of ["detach", "delete"] as const) {
      const w = await teamPlan();
      const url = `/api/contentuser/${w.own.id_primary}/plan-skills`;
      expect((await w.member.client.put(url, { plan_id: w.planId, skill: "sql" })).status).toBe(200);
      const pathCopy = await w.member.client.post("/api/contentuser/save/", { id_content: w.pathItem.id, fetch_metadata: false });
      expect((await finish(w.member.client, pathCopy.body.id_primary)).status).toBe(200);
      expect(await task(w.member.client, w.planId)).toMatchObject({ progress: { done: 1, total: 2 } });
      expect(await completions(w)).toBe(0);

      const out =
        takeOut === "detach"
          ? await w.member.client.delete(`${url}/${w.planId}`)
          : await w.member.client.delete(`/api/contentuser/delete/?id_primary=${w.own.id_primary}`);
      expect(out.status, out.text).toBe(200);
      expect(await task(w.member.client, w.planId)).toMatchObject({ status: "completed", progress: { done: 1, total: 1 } });
      expect(await insightsRow(w.ld, w.planId), takeOut).toMatchObject({ completed: 1, percent: 100 });
      expect(await completions(w), takeOut).toBe(1);
    }
  });

  it("refuses a skill the plan lacks, a plan I declined, and a plan I do not hold, writing nothing", async () => {
    const w = await teamPlan();
    const url = `/api/contentuser/${w.own.id_primary}/plan-skills`;
    const skill = await w.member.client.put(url, { plan_id: w.planId, skill: "excel" });
    expect(skill.status).toBe(400);
    expect(skill.body.error).toMatchObject({ code: "invalid_plan_skill", details: { skills: ["sql"] } });

    const declined = await w.plan("Declined sprint", { selectedAccount: [w.member.id] });
    expect((await w.member.client.post(`/api/b2b/v1/my-tasks/${declined}/reject`, {})).status).toBe(200);
    const closed = await w.member.client.put(url, { plan_id: declined, skill: "sql" });
    expect(closed.status).toBe(409);
    expect(closed.body.error.code).toBe("plan_not_open");
    expect((await w.member.client.get(url)).body.options.map((o: { plan: { id: number } }) => o.plan.id)).toEqual([w.planId]);
    expect((await w.member.client.get("/api/contentuser/plan-skills")).body.map((o: { plan: { id: number } }) => o.plan.id)).toEqual([w.planId]);

    // The team leader's own plan (a leader does not hold their team's plans): not the member's to count towards.
    const leaders = await w.plan("Leader's sprint", { selectedAccount: [w.tlId] });
    expect((await w.member.client.put(url, { plan_id: leaders, skill: "sql" })).status).toBe(404);
    expect((await w.member.client.put(url, { plan_id: 999_999, skill: "sql" })).status).toBe(404);
    expect((await w.member.client.get(url)).body.attached).toEqual([]);
  });

  it("keeps my items mine: a colleague and another company's person cannot read, count or uncount them", async () => {
    const w = await teamPlan();
    const url = `/api/contentuser/${w.own.id_primary}/plan-skills`;
    await w.member.client.put(url, { plan_id: w.planId, skill: "sql" });
    const colleague = await addPerson(t, { company: w.company.id, role: "member", teamId: w.team.id });
    const other = await createCompany(t);
    const stranger = await addPerson(t, { company: other.id, role: "ldleader" });
    for (const c of [colleague.client, w.tl, w.ld, stranger.client]) {
      expect((await c.get(url)).status).toBe(404);
      // The colleague holds the same plan: the plan is theirs, the item is not.
      expect((await c.put(url, { plan_id: w.planId, skill: "sql" })).status).toBe(404);
      expect((await c.delete(`${url}/${w.planId}`)).status).toBe(404);
    }
    expect((await w.member.client.get(url)).body.attached).toHaveLength(1);
    expect((await task(colleague.client, w.planId)).progress).toMatchObject({ total: 1 });
  });
});
