import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { upskillingPlans } from "../../db/schema/index.ts";
import { createTestContext, type Client, type TestContext } from "../../../test/helpers.ts";
import { addContent, addPerson, createCompany, createCompanyWithRoles, createTeam } from "../../../test/factories.ts";

let t: TestContext;
let hr: Client, ld: Client, tl: Client, member: Client, globex: Client;
let collectionId: number;
let courseId: number;
let articleId: number;
let engineering: number;
let planId: number;
let companyId: number;
let emails: { hr: string; member: string; teamleader: string };

beforeAll(async () => {
  t = await createTestContext({ seed: false });
});
afterAll(() => t.close());

/**
 * A company of its own told up to `stage`, so each test starts where the story has got to and
 * none depends on another having run: 0 the company (hr, Leo Duarte the L&D leader, Engineering
 * with its leader and Marco Bianchi, Marketing), a course and an article, another company's
 * member; 1 Marco's private collection of both; 2 it published; 3 the team leader's "SQL sprint"
 * for Engineering; 4 Marco has done it; 5 Late Joiner joined Engineering, the deadline passed, and
 * they rejected the plan.
 */
async function story(stage: 0 | 1 | 2 | 3 | 4 | 5) {
  const world = await createCompanyWithRoles(t, {
    teamName: "Engineering",
    names: { ldleader: "Leo Duarte", teamleader: "Tessa Lind", member: "Marco Bianchi" },
  });
  [hr, ld, tl, member] = [world.hr.client, world.ldleader.client, world.teamleader.client, world.member.client];
  emails = { hr: world.hr.email, member: world.member.email, teamleader: world.teamleader.email };
  companyId = world.company.id;
  engineering = world.team.id;
  await createTeam(t, { company: companyId, name: "Marketing" });
  globex = (await addPerson(t, { company: (await createCompany(t)).id, role: "member" })).client;
  courseId = (await addContent(t, { company: companyId, contentType: "course", url: `https://www.coursera.org/learn/sql-${companyId}`, skills: ["sql"] })).id;
  articleId = (await addContent(t, { company: companyId, contentType: "article", skills: ["sql"] })).id;
  if (stage < 1) return;
  collectionId = (await member.post("/api/b2b/v1/collections/", { title: "SQL for Analysts: Week 1!", skills: ["SQL", "sql", "Data Analysis"] })).body.id;
  const sectionId = (await member.post(`/api/b2b/v1/collections/${collectionId}/sections/`, { title: "Basics" })).body.sections[0].id;
  await member.post(`/api/b2b/v1/collections/${collectionId}/items/`, { content_id: courseId, section_id: sectionId });
  await member.post(`/api/b2b/v1/collections/${collectionId}/items/`, { content_id: articleId, section_id: sectionId, position: 1 });
  if (stage < 2) return;
  const asked = await member.post("/api/b2b/v1/publish-requests/", { collection_id: collectionId });
  expect((await ld.post(`/api/b2b/v1/publish-requests/${asked.body.id}/accept/`, {})).status).toBe(200);
  if (stage < 3) return;
  const created = await tl.post("/api/b2b/v1/plans/", {
    title: "SQL sprint",
    deadline: "2099-01-31",
    skills: { SQL: { collections: [collectionId] } },
    selectedTeam: [engineering],
  });
  expect(created.status).toBe(201);
  planId = created.body.id;
  if (stage < 4) return;
  await member.post(`/api/b2b/v1/my-tasks/${planId}/accept/`);
  for (const item of (await member.get(`/api/b2b/v1/collections/${collectionId}/`)).body.items) {
    expect((await member.post(`/api/b2b/v1/collections/${collectionId}/progress/`, { item_id: item.id, done: true })).status).toBe(200);
  }
  if (stage < 5) return;
  const joiner = await joins();
  await t.database.db.update(upskillingPlans).set({ deadline: "2020-01-01" }).where(eq(upskillingPlans.id, planId));
  expect((await joiner.post(`/api/b2b/v1/my-tasks/${planId}/reject/`)).status).toBe(200);
}
/** Late Joiner, new in the company, whom hr moves into Engineering. */
async function joins() {
  const joiner = await addPerson(t, { company: companyId, role: "member", name: "Late Joiner" });
  await hr.patch(`/api/b2b/v1/employees/${joiner.id}/`, { team_id: engineering });
  return joiner.client;
}

describe("collections", () => {
  it("refuses callers without a session or company", async () => {
    await story(0);
    expect((await t.anonymous.get("/api/b2b/v1/collections/")).status).toBe(401);
    expect((await t.anonymous.get("/api/b2b/v1/my-tasks/")).status).toBe(401);
    expect((await member.get("/api/b2b/v1/plans/")).status).toBe(403);
    expect((await hr.post("/api/b2b/v1/plans/", {})).status).toBe(403);
  });

  it("a member builds a private collection with sections and ordered items", async () => {
    await story(0);
    const created = await member.post("/api/b2b/v1/collections/", { title: "SQL for Analysts: Week 1!", skills: ["SQL", "sql", "Data Analysis"] });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({
      slug: "SQL-for-Analysts-Week-1-",
      status: "private",
      skills: ["sql", "data analysis"],
      abilities: { edit: true, request_publish: true, follow: false },
    });
    collectionId = created.body.id;
    const withSection = await member.post(`/api/b2b/v1/collections/${collectionId}/sections/`, { title: "Basics" });
    const sectionId = withSection.body.sections[0].id;
    await member.post(`/api/b2b/v1/collections/${collectionId}/items/`, { content_id: courseId, section_id: sectionId });
    const two = await member.post(`/api/b2b/v1/collections/${collectionId}/items/`, { content_id: articleId, section_id: sectionId, position: 1 });
    expect(two.body.items.map((i: { content: { id_content: number }; position: number }) => [i.content.id_content, i.position])).toEqual([
      [articleId, 1],
      [courseId, 2],
    ]);
    expect(await member.post(`/api/b2b/v1/collections/${collectionId}/items/`, { content_id: courseId })).toMatchObject({
      status: 409,
      body: { error: { code: "already_in_collection" } },
    });
    expect(two.body).toMatchObject({ items_count: 2, progress: { done: 0, total: 2 } });
    // A field left out of an edit keeps its value.
    const renamed = await member.patch(`/api/b2b/v1/collections/${collectionId}/`, { title: "SQL for Analysts: Week 1!" });
    expect(renamed.body.skills).toEqual(["sql", "data analysis"]);
  });

  it("keeps a private collection from colleagues and other companies, but not from the L&D leader", async () => {
    await story(1);
    expect((await tl.get(`/api/b2b/v1/collections/${collectionId}/`)).status).toBe(404);
    expect((await globex.get(`/api/b2b/v1/collections/${collectionId}/`)).status).toBe(404);
    expect((await ld.get(`/api/b2b/v1/collections/${collectionId}/`)).body.abilities).toEqual({
      edit: false,
      request_publish: false,
      follow: false,
      submit_draft: false,
      discard_draft: false,
    });
    expect((await ld.patch(`/api/b2b/v1/collections/${collectionId}/`, { title: "Hijack" })).status).toBe(403);
    expect((await tl.get("/api/b2b/v1/collections/?scope=library")).body.count).toBe(0);
    expect((await globex.post(`/api/b2b/v1/collections/${collectionId}/items/`, { content_id: courseId })).status).toBe(404);
  });
});

describe("publish requests", () => {
  it("the owner asks once; only the L&D leader decides; accepting publishes to the library", async () => {
    await story(1);
    const asked = await member.post("/api/b2b/v1/publish-requests/", { collection_id: collectionId, message: "Ready for the team" });
    expect(asked.status).toBe(201);
    expect(asked.body).toMatchObject({ status: "pending", collection: { id: collectionId, slug: "SQL-for-Analysts-Week-1-" } });
    expect(await member.post("/api/b2b/v1/publish-requests/", { collection_id: collectionId })).toMatchObject({
      status: 409,
      body: { error: { code: "publish_request_open" } },
    });
    expect((await tl.post("/api/b2b/v1/publish-requests/", { collection_id: collectionId })).status).toBe(404);
    expect((await member.get("/api/b2b/v1/publish-requests/?scope=queue")).status).toBe(403);
    expect((await tl.post(`/api/b2b/v1/publish-requests/${asked.body.id}/accept/`, {})).status).toBe(403);
    expect((await ld.get("/api/b2b/v1/publish-requests/?scope=queue&status=pending")).body.count).toBe(1);
    expect((await ld.post(`/api/b2b/v1/publish-requests/${asked.body.id}/reject/`, {})).status).toBe(400);
    const accepted = await ld.post(`/api/b2b/v1/publish-requests/${asked.body.id}/accept/`, {});
    expect(accepted.body).toMatchObject({ status: "accepted", decided_by: { display_name: "Leo Duarte" } });
    expect(await ld.post(`/api/b2b/v1/publish-requests/${asked.body.id}/reject/`, { reason: "late" })).toMatchObject({
      status: 409,
      body: { error: { code: "request_already_decided" } },
    });
    const library = await tl.get("/api/b2b/v1/collections/?scope=library&skill=sql");
    expect(library.body.results.map((c: { id: number }) => c.id)).toEqual([collectionId]);
    expect((await tl.get("/api/b2b/v1/collections/?scope=library&type=podcast")).body.count).toBe(0);
  });

  it("a rejected collection goes back to private with the reason", async () => {
    await story(0);
    const other = (await tl.post("/api/b2b/v1/collections/", { title: "Draft" })).body.id;
    const asked = await tl.post("/api/b2b/v1/publish-requests/", { collection_id: other });
    const rejected = await ld.post(`/api/b2b/v1/publish-requests/${asked.body.id}/reject/`, { reason: "Add more items" });
    expect(rejected.body).toMatchObject({ status: "rejected", reason: "Add more items" });
    expect((await tl.get(`/api/b2b/v1/collections/${other}/`)).body.status).toBe("private");
  });
});

describe("upskilling plans and my tasks", () => {
  it("a team leader assigns to their own team only, with published collections only", async () => {
    await story(2);
    const hrId = (await hr.get("/api/me")).body.account.id;
    const draft = (await tl.post("/api/b2b/v1/collections/", { title: "Private draft" })).body.id;
    const base = { title: "SQL sprint", deadline: "2099-01-31", skills: { SQL: { collections: [collectionId] } } };
    expect((await tl.post("/api/b2b/v1/plans/", { ...base, selectedAccount: [hrId] })).status).toBe(403);
    expect((await tl.post("/api/b2b/v1/plans/", { ...base, selectedTeam: [engineering + 1] })).status).toBe(403);
    expect(await tl.post("/api/b2b/v1/plans/", { ...base, skills: { sql: { collections: [draft] } }, selectedTeam: [engineering] })).toMatchObject({
      status: 400,
      body: { error: { code: "collection_not_published" } },
    });
    expect((await tl.post("/api/b2b/v1/plans/", { ...base, selectedTeam: [] })).status).toBe(400);
    const created = await tl.post("/api/b2b/v1/plans/", { ...base, selectedTeam: [engineering] });
    expect(created.status).toBe(201);
    // The team's member; its leader hands the plan out rather than takes it.
    expect(created.body).toMatchObject({ title: "SQL sprint", deadline: "2099-01-31", teams: [{ id: engineering }], assignees_count: 1, completed_count: 0 });
    expect(Object.keys(created.body.skills)).toEqual(["sql"]);
    planId = created.body.id;
    expect((await globex.get(`/api/b2b/v1/my-tasks/`)).body.count).toBe(0);
  });

  it("the member sees it in my tasks, works through it, and it completes for them and their leader", async () => {
    await story(3);
    const tasks = await member.get("/api/b2b/v1/my-tasks/");
    expect(tasks.body.results[0]).toMatchObject({ plan: { id: planId }, status: "pending", overdue: false, progress: { done: 0, total: 2, percent: 0 } });
    expect((await member.post(`/api/b2b/v1/my-tasks/${planId}/accept/`)).body.status).toBe("active");
    const detail = (await member.get(`/api/b2b/v1/collections/${collectionId}/`)).body;
    for (const item of detail.items) {
      const res = await member.post(`/api/b2b/v1/collections/${collectionId}/progress/`, { item_id: item.id, done: true });
      expect(res.status).toBe(200);
    }
    // The course item went through the course states: finalized in the member's library.
    const finalized = await member.get("/api/contentuser/search?contenType=course&completed=true");
    expect(finalized.body.results.map((r: { id_content: number }) => r.id_content)).toContain(courseId);
    const progress = await member.get(`/api/b2b/v1/collections/${collectionId}/progress/`);
    expect(progress.body).toMatchObject({ done: 2, total: 2, complete: true });
    expect((await member.get("/api/b2b/v1/my-tasks/")).body.results[0]).toMatchObject({ status: "completed", progress: { percent: 100 } });
    const assignees = (await tl.get(`/api/b2b/v1/plans/${planId}/assignees/`)).body.results;
    expect(assignees.find((a: { account: { email: string } }) => a.account.email === emails.member)).toMatchObject({
      status: "completed",
      via_team: true,
      skills: { sql: { percent: 100 } },
    });
    expect((await tl.get(`/api/b2b/v1/plans/${planId}/`)).body).toMatchObject({ completed_count: 1 });
  });

  it("a team's future members join the plan; overdue once the deadline passes unfinished", async () => {
    await story(4);
    const joiner = await joins();
    await t.database.db.update(upskillingPlans).set({ deadline: "2020-01-01" }).where(eq(upskillingPlans.id, planId));
    expect((await joiner.get("/api/b2b/v1/my-tasks/")).body.results[0]).toMatchObject({ plan: { id: planId }, status: "pending", overdue: true });
    expect((await member.get("/api/b2b/v1/my-tasks/")).body.results[0]).toMatchObject({ status: "completed", overdue: false });
    expect((await ld.get(`/api/b2b/v1/plans/${planId}/`)).body).toMatchObject({ assignees_count: 2, overdue_count: 1 });
    expect((await joiner.post(`/api/b2b/v1/my-tasks/${planId}/reject/`)).body).toMatchObject({ status: "rejected", overdue: false });
  });

  it("pages a plan's assignees by name, all of them or one team's, and keeps a team leader to their own team", async () => {
    await story(5);
    const hrId = (await hr.get("/api/me")).body.account.id;
    const added = await ld.post(`/api/b2b/v1/plans/${planId}/assignees/`, { selectedAccount: [hrId] });
    expect(added.status).toBe(200);
    expect(added.body).toMatchObject({ id: planId, assignees_count: 3 });
    const first = (await ld.get(`/api/b2b/v1/plans/${planId}/assignees/?page_size=2`)).body;
    const second = (await ld.get(`/api/b2b/v1/plans/${planId}/assignees/?page_size=2&page=2`)).body;
    expect([first.count, first.results.length, second.results.length]).toEqual([3, 2, 1]);
    expect(first.next).toContain("page=2");
    const names = [...first.results, ...second.results].map((a: { account: { display_name: string } }) => a.account.display_name);
    expect(names).toEqual([...names].sort((a, b) => a.localeCompare(b)));
    expect(names).toContain("Late Joiner");
    // One team's people only; the person outside it is on the plan but not on this list.
    const team = (await ld.get(`/api/b2b/v1/plans/${planId}/assignees/?team=${engineering}`)).body;
    expect(team.count).toBe(2);
    expect(team.results.map((a: { account: { email: string } }) => a.account.email)).not.toContain(emails.hr);
    // The L&D leader's plan for Engineering and hr: its team leader reads their own team's people, no one else's.
    const marketing = (await hr.get("/api/b2b/v1/teams/?search=Marketing")).body.results[0].id;
    const theirs = (
      await ld.post("/api/b2b/v1/plans/", {
        title: "Company SQL",
        deadline: "2099-03-31",
        skills: { sql: { collections: [collectionId] } },
        selectedTeam: [engineering],
        selectedAccount: [hrId],
      })
    ).body.id;
    const seen = (await tl.get(`/api/b2b/v1/plans/${theirs}/assignees/`)).body;
    expect(seen.count).toBe(2);
    expect(seen.results.every((a: { account: { team: { id: number } | null } }) => a.account.team?.id === engineering)).toBe(true);
    expect((await tl.get(`/api/b2b/v1/plans/${theirs}/assignees/?team=${marketing}`)).status).toBe(403);
    expect((await ld.get(`/api/b2b/v1/plans/${theirs}/assignees/`)).body.count).toBe(3);
    expect((await ld.delete(`/api/b2b/v1/plans/${theirs}/`)).status).toBe(204);
  });

  it("shows a team's people a page at a time, each with every plan they hold and its progress", async () => {
    await story(5);
    const memberId = (await member.get("/api/me")).body.account.id;
    // A plan the L&D leader gives the member alone, not the team: the team's progress shows it too.
    const direct = (
      await ld.post("/api/b2b/v1/plans/", {
        title: "Analysis for one",
        deadline: "2099-06-30",
        skills: { "data analysis": { collections: [collectionId] } },
        selectedAccount: [memberId],
      })
    ).body.id;
    const first = await tl.get(`/api/b2b/v1/teams/${engineering}/progress/?page_size=2`);
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({ count: 3, skills: ["data analysis", "sql"] });
    expect(first.body.results.map((r: { account: { display_name: string } }) => r.account.display_name)).toEqual(["Late Joiner", "Marco Bianchi"]);
    const marco = first.body.results[1];
    expect(marco.account.email).toBe(emails.member);
    expect(marco.plans.map((p: { plan: { id: number } }) => p.plan.id)).toEqual([planId, direct]); // by deadline
    expect(marco.plans[0]).toMatchObject({ status: "completed", overdue: false, progress: { percent: 100 }, skills: { sql: { percent: 100 } } });
    expect(marco.plans[1]).toMatchObject({
      plan: { title: "Analysis for one", deadline: "2099-06-30" },
      status: "completed",
      skills: { "data analysis": { done: 2, total: 2 } },
    });
    expect(first.body.results[0].plans[0]).toMatchObject({ plan: { id: planId }, status: "rejected", overdue: false });
    const second = (await ld.get(`/api/b2b/v1/teams/${engineering}/progress/?page_size=2&page=2`)).body;
    expect(second.results.map((r: { account: { email: string } }) => r.account.email)).toEqual([emails.teamleader]);
    // The leader is listed with no plan: the team's plan is not theirs.
    expect(second.results[0].plans).toEqual([]);
    // Refused: hr and members, of this company or another (a team leader elsewhere: permissions.test.ts).
    expect((await hr.get(`/api/b2b/v1/teams/${engineering}/progress/`)).status).toBe(403);
    expect((await member.get(`/api/b2b/v1/teams/${engineering}/progress/`)).status).toBe(403);
    expect((await globex.get(`/api/b2b/v1/teams/${engineering}/progress/`)).status).toBe(403);
    expect((await ld.delete(`/api/b2b/v1/plans/${direct}/`)).status).toBe(204);
  });

  it("plans stay within the company and the people who may see them", async () => {
    await story(3);
    expect((await globex.get(`/api/b2b/v1/my-tasks/${planId}/accept/`)).status).toBe(404);
    expect((await globex.post(`/api/b2b/v1/my-tasks/${planId}/accept/`)).status).toBe(404);
    expect((await ld.get("/api/b2b/v1/plans/")).body.count).toBe(1);
    expect((await ld.delete(`/api/b2b/v1/plans/${planId}/`)).status).toBe(204);
    expect((await member.get("/api/b2b/v1/my-tasks/")).body.count).toBe(0);
  });
});
