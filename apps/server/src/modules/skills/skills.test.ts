import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestContext, type Client, type TestContext } from "../../../test/helpers.ts";
import { addContent, addPerson, createCompanyWithRoles, createTeam, leadTeam } from "../../../test/factories.ts";

// Skill levels: self and manager ratings, evidence from completed paths and plans, the matrix's levels.
let t: TestContext;
/** One company for the file (sign-ins are rate limited), and another company whose people must be refused. */
let w: Awaited<ReturnType<typeof world>>;
let globex: Awaited<ReturnType<typeof createCompanyWithRoles>>;

beforeAll(async () => {
  t = await createTestContext({ seed: false });
  w = await world();
  globex = await createCompanyWithRoles(t);
});
afterAll(() => t.close());

type Levels = {
  skills: { skill: string; level: number | null; source: string | null; self_level: number | null; history: { source: string; level: number }[] }[];
};
const levelIn = (body: Levels, skill: string) => body.skills.find((s) => s.skill === skill);
const levels = async (c: Client, id: number) => (await c.get(`/api/b2b/v1/employees/${id}/skill-levels/`)).body as Levels;
const rate = (c: Client, id: number, skill: string, level: number, note?: string) =>
  c.post(`/api/b2b/v1/employees/${id}/skill-ratings/`, { skill, level, ...(note ? { note } : {}) });

/** A company with one person per role, a second team with its own leader, and a colleague in the member's team. */
async function world() {
  const acme = await createCompanyWithRoles(t);
  const other = await createTeam(t, { company: acme.company.id, name: "Other" });
  const otherLeader = await addPerson(t, { company: acme.company.id, role: "teamleader", teamId: other.id });
  await leadTeam(t, other.id, otherLeader.id);
  const colleague = await addPerson(t, { company: acme.company.id, role: "member", teamId: acme.team.id });
  return { ...acme, otherLeader, colleague };
}

/** A new member of the team, with no ratings yet. */
const newMember = () => addPerson(t, { company: w.company.id, role: "member", teamId: w.team.id });

/** A published learning path teaching these skills, with `n` articles. */
async function publishedPath(skills: string[], n = 1) {
  const id = (await w.ldleader.client.post("/api/b2b/v1/collections/", { title: `Path ${skills.join(" ")}`, skills })).body.id as number;
  const items: number[] = [];
  for (let i = 0; i < n; i++) {
    const article = await addContent(t, { company: w.company.id, contentType: "article", skills });
    const detail = (await w.ldleader.client.post(`/api/b2b/v1/collections/${id}/items/`, { content_id: article.id })).body;
    items.push(detail.items.at(-1).id);
  }
  const asked = await w.ldleader.client.post("/api/b2b/v1/publish-requests/", { collection_id: id });
  expect((await w.ldleader.client.post(`/api/b2b/v1/publish-requests/${asked.body.id}/accept/`, {})).status).toBe(200);
  return { id, items };
}
const done = (c: Client, path: number, item: number) => c.post(`/api/b2b/v1/collections/${path}/progress/`, { item_id: item, done: true });

describe("who may rate whom (refused callers change nothing)", () => {
  it("refuses another team's leader, a colleague, the L&D leader and another company's hr", async () => {
    const globexHr = globex.hr;
    expect((await rate(w.otherLeader.client, w.member.id, "sql", 3)).status).toBe(403);
    expect((await rate(w.colleague.client, w.member.id, "sql", 3)).status).toBe(403);
    expect((await rate(w.ldleader.client, w.member.id, "sql", 3)).status).toBe(403);
    const outside = await rate(globexHr.client, w.member.id, "sql", 3);
    expect(outside.status).toBe(404);
    expect(outside.body.error.code).toBe("not_found");
    expect((await levels(w.member.client, w.member.id)).skills).toEqual([]);
  });

  it("keeps a person's levels from colleagues and other companies, and the team's from other teams' leaders", async () => {
    expect((await w.colleague.client.get(`/api/b2b/v1/employees/${w.member.id}/skill-levels/`)).status).toBe(403);
    expect((await globex.hr.client.get(`/api/b2b/v1/employees/${w.member.id}/skill-levels/`)).status).toBe(404);
    expect((await w.otherLeader.client.get(`/api/b2b/v1/teams/${w.team.id}/skill-levels/`)).status).toBe(404);
    expect((await w.member.client.get(`/api/b2b/v1/teams/${w.team.id}/skill-levels/`)).status).toBe(404);
    expect((await globex.ldleader.client.get(`/api/b2b/v1/teams/${w.team.id}/skill-levels/`)).status).toBe(404);
  });

  it("refuses bad levels and skill names with a validation error", async () => {
    for (const body of [{ skill: "sql", level: 0 }, { skill: "sql", level: 6 }, { skill: "", level: 2 }, { skill: "sql", level: 2.5 }, { level: 2 }]) {
      const res = await w.member.client.post(`/api/b2b/v1/employees/${w.member.id}/skill-ratings/`, body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.error.code).toBe("validation_error");
    }
  });
});

describe("ratings and the current level", () => {
  it("takes the person's own rating as self, shown beside the manager's once there is one", async () => {
    const m = await newMember();
    const mine = await rate(m.client, m.id, "SQL ", 2, "Wrote a few queries");
    expect(mine.status).toBe(201);
    expect(levelIn(mine.body, "sql")).toMatchObject({ level: 2, source: "self", self_level: 2 });
    expect(mine.body.abilities).toEqual({ rate: true, rate_as: "self" });

    const byLeader = await rate(w.teamleader.client, m.id, "sql", 3);
    expect(byLeader.status).toBe(201);
    expect(levelIn(byLeader.body, "sql")).toMatchObject({ level: 3, source: "manager", self_level: 2, manager_level: 3 });
    expect(byLeader.body.abilities).toEqual({ rate: true, rate_as: "manager" });

    // hr rates as a manager too; the latest manager rating counts, even when lower.
    await rate(w.hr.client, m.id, "sql", 4);
    expect(levelIn(await levels(m.client, m.id), "sql")).toMatchObject({ level: 4, source: "manager" });
    await rate(w.teamleader.client, m.id, "sql", 1);
    const after = levelIn(await levels(w.teamleader.client, m.id), "sql")!;
    expect(after).toMatchObject({ level: 1, source: "manager", self_level: 2 });
    expect(after.history.map((h) => [h.source, h.level])).toEqual([
      ["manager", 1],
      ["manager", 4],
      ["manager", 3],
      ["self", 2],
    ]);
  });

  it("lists the team's levels with the pages of its progress, for its leader and the L&D leader", async () => {
    const m = await newMember();
    await rate(w.teamleader.client, m.id, "python", 3);
    for (const c of [w.teamleader.client, w.ldleader.client, w.hr.client]) {
      const res = await c.get(`/api/b2b/v1/teams/${w.team.id}/skill-levels/?page_size=50`);
      expect(res.status).toBe(200);
      const row = res.body.results.find((r: { account: { id: number } }) => r.account.id === m.id);
      expect(levelIn(row, "python")).toMatchObject({ level: 3, source: "manager" });
    }
    const progress = (await w.teamleader.client.get(`/api/b2b/v1/teams/${w.team.id}/progress/?page_size=2`)).body;
    const page = (await w.teamleader.client.get(`/api/b2b/v1/teams/${w.team.id}/skill-levels/?page_size=2`)).body;
    expect(page.count).toBe(progress.count);
    expect(page.results.map((r: { account: { id: number } }) => r.account.id)).toEqual(progress.results.map((r: { account: { id: number } }) => r.account.id));
  });
});

describe("evidence from completions", () => {
  it("raises the level to what a completed path declares, and never lowers it", async () => {
    const m = await newMember();
    const path = await publishedPath(["sql", "data modelling"], 2);
    expect((await w.teamleader.client.put(`/api/b2b/v1/collections/${path.id}/skill-level/`, { level: 3 })).status).toBe(403);
    expect((await w.ldleader.client.put(`/api/b2b/v1/collections/${path.id}/skill-level/`, { level: 3 })).body).toEqual({ level: 3, abilities: { set: true } });
    await rate(w.teamleader.client, m.id, "sql", 2);

    await done(m.client, path.id, path.items[0]!);
    expect(levelIn(await levels(m.client, m.id), "sql")).toMatchObject({ level: 2, source: "manager" });
    await done(m.client, path.id, path.items[1]!);
    const raised = await levels(m.client, m.id);
    expect(levelIn(raised, "sql")).toMatchObject({ level: 3, source: "evidence" });
    expect(levelIn(raised, "data modelling")).toMatchObject({ level: 3, source: "evidence" });

    // A manager's lower rating does not undo what the path proved.
    await rate(w.teamleader.client, m.id, "sql", 1);
    expect(levelIn(await levels(m.client, m.id), "sql")).toMatchObject({ level: 3, source: "evidence" });

    // A path at a lower level writes nothing.
    await rate(w.hr.client, m.id, "sql", 5);
    const easy = await publishedPath(["sql"]);
    await w.ldleader.client.put(`/api/b2b/v1/collections/${easy.id}/skill-level/`, { level: 2 });
    const before = levelIn(await levels(m.client, m.id), "sql")!.history.length;
    await done(m.client, easy.id, easy.items[0]!);
    const sql = levelIn(await levels(m.client, m.id), "sql")!;
    expect(sql).toMatchObject({ level: 5, source: "manager" });
    expect(sql.history).toHaveLength(before);
  });

  it("gives no level for a path without one, and keeps the level of another company's path to itself", async () => {
    const m = await newMember();
    const path = await publishedPath(["go"]);
    await done(m.client, path.id, path.items[0]!);
    expect(levelIn(await levels(m.client, m.id), "go")).toBeUndefined();
    expect((await globex.ldleader.client.put(`/api/b2b/v1/collections/${path.id}/skill-level/`, { level: 5 })).status).toBe(404);
    expect((await globex.ldleader.client.get(`/api/b2b/v1/collections/${path.id}/skill-level/`)).status).toBe(404);
    expect((await m.client.get(`/api/b2b/v1/collections/${path.id}/skill-level/`)).body).toEqual({ level: null, abilities: { set: false } });
    expect((await w.ldleader.client.get(`/api/b2b/v1/collections/${path.id}/skill-level/`)).body.abilities).toEqual({ set: true });
  });

  it("raises the level to a completed plan's target in each skill that has one", async () => {
    const m = await newMember();
    const path = await publishedPath(["sql"]);
    const plan = await w.teamleader.client.post("/api/b2b/v1/plans/", {
      title: "SQL sprint",
      deadline: "2099-01-31",
      skills: { sql: { collections: [path.id], target_level: 4 }, reporting: { collections: [path.id] } },
      selectedAccount: [m.id],
    });
    expect(plan.status, plan.text).toBe(201);
    expect(plan.body.skills.sql.target_level).toBe(4);
    expect(plan.body.skills.reporting.target_level).toBeNull();
    await m.client.post(`/api/b2b/v1/my-tasks/${plan.body.id}/accept/`, {});
    await done(m.client, path.id, path.items[0]!);
    const after = await levels(m.client, m.id);
    expect(levelIn(after, "sql")).toMatchObject({ level: 4, source: "evidence" });
    expect(levelIn(after, "sql")!.history[0]).toMatchObject({ source: "evidence", evidence: { kind: "plan", id: plan.body.id, title: "SQL sprint" } });
    expect(levelIn(after, "reporting")).toBeUndefined();
  });

  it("refuses a plan target outside the scale", async () => {
    const m = await newMember();
    const path = await publishedPath(["sql"]);
    const res = await w.ldleader.client.post("/api/b2b/v1/plans/", {
      title: "Too far",
      skills: { sql: { collections: [path.id], target_level: 9 } },
      selectedAccount: [m.id],
    });
    expect(res.status).toBe(400);
  });
});
