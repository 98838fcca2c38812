import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { and, eq } from "drizzle-orm";
import { contentItems, upskillingPlans } from "../../db/schema/index.ts";
import { createTestContext, DEMO, type Client, type TestContext } from "../../../test/helpers.ts";

let t: TestContext;
let hr: Client, ld: Client, tl: Client, member: Client, globex: Client;
let collectionId: number;
let courseId: number;
let articleId: number;
let engineering: number;

beforeAll(async () => {
  t = await createTestContext();
  [hr, ld, tl, member, globex] = (await Promise.all([DEMO.hr, DEMO.ldleader, DEMO.teamleader, DEMO.member, DEMO.globex].map((e) => t.as(e)))) as [Client, Client, Client, Client, Client];
  const companyId = (await member.get("/api/me")).body.account.company_id;
  const pick = async (type: "course" | "article") =>
    (await t.database.db.select({ id: contentItems.id }).from(contentItems).where(and(eq(contentItems.companyId, companyId), eq(contentItems.contentType, type))).limit(1))[0]!.id;
  courseId = await pick("course");
  articleId = await pick("article");
  engineering = (await tl.get("/api/me")).body.account.team.id;
});
afterAll(() => t.close());

describe("collections", () => {
  it("refuses callers without a session or company", async () => {
    expect((await t.anonymous.get("/api/b2b/v1/collections/")).status).toBe(401);
    expect((await t.anonymous.get("/api/b2b/v1/my-tasks/")).status).toBe(401);
    expect((await member.get("/api/b2b/v1/plans/")).status).toBe(403);
    expect((await hr.post("/api/b2b/v1/plans/", {})).status).toBe(403);
  });

  it("a member builds a private collection with sections and ordered items", async () => {
    const created = await member.post("/api/b2b/v1/collections/", { title: "SQL for Analysts: Week 1!", skills: ["SQL", "sql", "Data Analysis"] });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ slug: "SQL-for-Analysts-Week-1-", status: "private", skills: ["sql", "data analysis"], abilities: { edit: true, request_publish: true, follow: false } });
    collectionId = created.body.id;
    const withSection = await member.post(`/api/b2b/v1/collections/${collectionId}/sections/`, { title: "Basics" });
    const sectionId = withSection.body.sections[0].id;
    await member.post(`/api/b2b/v1/collections/${collectionId}/items/`, { content_id: courseId, section_id: sectionId });
    const two = await member.post(`/api/b2b/v1/collections/${collectionId}/items/`, { content_id: articleId, section_id: sectionId, position: 1 });
    expect(two.body.items.map((i: { content: { id_content: number }; position: number }) => [i.content.id_content, i.position])).toEqual([[articleId, 1], [courseId, 2]]);
    expect((await member.post(`/api/b2b/v1/collections/${collectionId}/items/`, { content_id: courseId })).status).toBe(409);
    expect(two.body).toMatchObject({ items_count: 2, progress: { done: 0, total: 2 } });
  });

  it("keeps a private collection from colleagues and other companies, but not from the L&D leader", async () => {
    expect((await tl.get(`/api/b2b/v1/collections/${collectionId}/`)).status).toBe(404);
    expect((await globex.get(`/api/b2b/v1/collections/${collectionId}/`)).status).toBe(404);
    expect((await ld.get(`/api/b2b/v1/collections/${collectionId}/`)).body.abilities).toEqual({ edit: false, request_publish: false, follow: false });
    expect((await ld.patch(`/api/b2b/v1/collections/${collectionId}/`, { title: "Hijack" })).status).toBe(403);
    expect((await tl.get("/api/b2b/v1/collections/?scope=library")).body.count).toBe(0);
    expect((await globex.post(`/api/b2b/v1/collections/${collectionId}/items/`, { content_id: courseId })).status).toBe(404);
  });
});

describe("publish requests", () => {
  it("the owner asks once; only the L&D leader decides; accepting publishes to the library", async () => {
    const asked = await member.post("/api/b2b/v1/publish-requests/", { collection_id: collectionId, message: "Ready for the team" });
    expect(asked.status).toBe(201);
    expect(asked.body).toMatchObject({ status: "pending", collection: { id: collectionId, slug: "SQL-for-Analysts-Week-1-" } });
    expect((await member.post("/api/b2b/v1/publish-requests/", { collection_id: collectionId })).status).toBe(409);
    expect((await tl.post("/api/b2b/v1/publish-requests/", { collection_id: collectionId })).status).toBe(404);
    expect((await member.get("/api/b2b/v1/publish-requests/?scope=queue")).status).toBe(403);
    expect((await tl.post(`/api/b2b/v1/publish-requests/${asked.body.id}/accept/`, {})).status).toBe(403);
    expect((await ld.get("/api/b2b/v1/publish-requests/?scope=queue&status=pending")).body.count).toBe(1);
    expect((await ld.post(`/api/b2b/v1/publish-requests/${asked.body.id}/reject/`, {})).status).toBe(400);
    const accepted = await ld.post(`/api/b2b/v1/publish-requests/${asked.body.id}/accept/`, {});
    expect(accepted.body).toMatchObject({ status: "accepted", decided_by: { display_name: "Leo Duarte" } });
    expect((await ld.post(`/api/b2b/v1/publish-requests/${asked.body.id}/reject/`, { reason: "late" })).status).toBe(409);
    const library = await tl.get("/api/b2b/v1/collections/?scope=library&skill=sql");
    expect(library.body.results.map((c: { id: number }) => c.id)).toEqual([collectionId]);
    expect((await tl.get("/api/b2b/v1/collections/?scope=library&type=podcast")).body.count).toBe(0);
  });

  it("a rejected collection goes back to private with the reason", async () => {
    const other = (await tl.post("/api/b2b/v1/collections/", { title: "Draft" })).body.id;
    const asked = await tl.post("/api/b2b/v1/publish-requests/", { collection_id: other });
    const rejected = await ld.post(`/api/b2b/v1/publish-requests/${asked.body.id}/reject/`, { reason: "Add more items" });
    expect(rejected.body).toMatchObject({ status: "rejected", reason: "Add more items" });
    expect((await tl.get(`/api/b2b/v1/collections/${other}/`)).body.status).toBe("private");
  });
});

describe("upskilling plans and my tasks", () => {
  let planId: number;

  it("a team leader assigns to their own team only, with published collections only", async () => {
    const hrId = (await hr.get("/api/me")).body.account.id;
    const draft = (await tl.post("/api/b2b/v1/collections/", { title: "Private draft" })).body.id;
    const base = { title: "SQL sprint", deadline: "2099-01-31", skills: { SQL: { collections: [collectionId] } } };
    expect((await tl.post("/api/b2b/v1/plans/", { ...base, selectedAccount: [hrId] })).status).toBe(403);
    expect((await tl.post("/api/b2b/v1/plans/", { ...base, selectedTeam: [engineering + 1] })).status).toBe(403);
    expect((await tl.post("/api/b2b/v1/plans/", { ...base, skills: { sql: { collections: [draft] } }, selectedTeam: [engineering] })).status).toBe(400);
    expect((await tl.post("/api/b2b/v1/plans/", { ...base, selectedTeam: [] })).status).toBe(400);
    const created = await tl.post("/api/b2b/v1/plans/", { ...base, selectedTeam: [engineering] });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ title: "SQL sprint", deadline: "2099-01-31", teams: [{ id: engineering }], assignees_count: 2, completed_count: 0 });
    expect(Object.keys(created.body.skills)).toEqual(["sql"]);
    planId = created.body.id;
    expect((await globex.get(`/api/b2b/v1/my-tasks/`)).body.count).toBe(0);
  });

  it("the member sees it in my tasks, works through it, and it completes for them and their leader", async () => {
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
    const assignees = (await tl.get(`/api/b2b/v1/plans/${planId}/assignees/`)).body;
    expect(assignees.find((a: { account: { email: string } }) => a.account.email === DEMO.member)).toMatchObject({ status: "completed", via_team: true, skills: { sql: { percent: 100 } } });
    expect((await tl.get(`/api/b2b/v1/plans/${planId}/`)).body).toMatchObject({ completed_count: 1 });
  });

  it("a team's future members join the plan; overdue once the deadline passes unfinished", async () => {
    await t.anonymous.post("/api/auth/sign-up/email", { name: "Late Joiner", email: "joiner@acme.test", password: "secret12" });
    const joinerId = (await hr.get("/api/b2b/v1/employees/?search=joiner")).body.results[0].id;
    await hr.patch(`/api/b2b/v1/employees/${joinerId}/`, { team_id: engineering });
    const joiner = await t.as("joiner@acme.test", "secret12");
    await t.database.db.update(upskillingPlans).set({ deadline: "2020-01-01" }).where(eq(upskillingPlans.id, planId));
    expect((await joiner.get("/api/b2b/v1/my-tasks/")).body.results[0]).toMatchObject({ plan: { id: planId }, status: "pending", overdue: true });
    expect((await member.get("/api/b2b/v1/my-tasks/")).body.results[0]).toMatchObject({ status: "completed", overdue: false });
    expect((await ld.get(`/api/b2b/v1/plans/${planId}/`)).body).toMatchObject({ assignees_count: 3, overdue_count: 2 });
    expect((await joiner.post(`/api/b2b/v1/my-tasks/${planId}/reject/`)).body).toMatchObject({ status: "rejected", overdue: false });
  });

  it("plans stay within the company and the people who may see them", async () => {
    expect((await globex.get(`/api/b2b/v1/my-tasks/${planId}/accept/`)).status).toBe(404);
    expect((await globex.post(`/api/b2b/v1/my-tasks/${planId}/accept/`)).status).toBe(404);
    expect((await ld.get("/api/b2b/v1/plans/")).body.count).toBe(1);
    expect((await ld.delete(`/api/b2b/v1/plans/${planId}/`)).status).toBe(204);
    expect((await member.get("/api/b2b/v1/my-tasks/")).body.count).toBe(0);
  });
});
