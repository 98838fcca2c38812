import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { upskillingPlans } from "../../db/schema/index.ts";
import { createTestContext, type Client, type TestContext } from "../../../test/helpers.ts";
import { addContent, addOperator, addPerson, createCompanyWithRoles } from "../../../test/factories.ts";

// A learner home: what needs a person, in one answer.
let t: TestContext;

beforeAll(async () => {
  t = await createTestContext({ seed: false });
});
afterAll(() => t.close());

const DAY = 24 * 60 * 60 * 1000;
const inDays = (n: number) => new Date(Date.now() + n * DAY).toISOString().slice(0, 10);
const titles = (s: { results: { plan?: { title: string }; title?: string }[] }) => s.results.map((r) => r.plan?.title ?? r.title);

/** A company with a published learning path, and a way to give its member plans due on chosen days. */
async function companyWithPath() {
  const roles = await createCompanyWithRoles(t);
  const { company, ldleader, member } = roles;
  const article = await addContent(t, { company: company.id, skills: ["sql"] });
  const collectionId = (await member.client.post("/api/b2b/v1/collections/", { title: "SQL path", skills: ["sql"] })).body.id;
  await member.client.post(`/api/b2b/v1/collections/${collectionId}/items/`, { content_id: article.id });
  const asked = await member.client.post("/api/b2b/v1/publish-requests/", { collection_id: collectionId });
  expect((await ldleader.client.post(`/api/b2b/v1/publish-requests/${asked.body.id}/accept/`, {})).status).toBe(200);
  const assign = async (title: string, deadline: string, to: { selectedAccount?: number[]; selectedTeam?: number[] } = { selectedAccount: [member.id] }) => {
    const created = await ldleader.client.post("/api/b2b/v1/plans/", { title, deadline: inDays(30), skills: { sql: { collections: [collectionId] } }, ...to });
    expect(created.status, created.text).toBe(201);
    // Past deadlines too: the plan was given in time and the days went by.
    await t.database.db.update(upskillingPlans).set({ deadline }).where(eq(upskillingPlans.id, created.body.id));
    return created.body.id as number;
  };
  return { ...roles, assign };
}

const home = async (c: Client) => {
  const res = await c.get("/api/b2b/v1/home/");
  expect(res.status, res.text).toBe(200);
  return res.body;
};

describe("GET /api/b2b/v1/home", () => {
  it("refuses callers who are not signed in, and platform operators (they keep no library)", async () => {
    expect((await t.anonymous.get("/api/b2b/v1/home/")).status).toBe(401);
    expect((await (await addOperator(t)).client.get("/api/b2b/v1/home/")).status).toBe(403);
  });

  it("answers a new hire with nothing assigned and nothing in progress with empty sections", async () => {
    const { company } = await createCompanyWithRoles(t);
    const newHire = await addPerson(t, { company: company.id, role: "member" });
    expect(await home(newHire.client)).toEqual({
      assigned: { count: 0, results: [] },
      due_soon: { count: 0, results: [] },
      continue: { count: 0, results: [] },
    });
  });

  it("lists my open plans by deadline with progress, and those due within 14 days, overdue first and marked", async () => {
    const { assign, member, team, teamleader } = await companyWithPath();
    await assign("Later", inDays(40));
    await assign("Next week", inDays(7));
    await assign("Overdue", inDays(-2));
    await assign("Team sprint", inDays(14), { selectedTeam: [team.id] });
    await assign("Just outside", inDays(15));
    const declined = await assign("Declined", inDays(3));
    expect((await member.client.post(`/api/b2b/v1/my-tasks/${declined}/reject/`, {})).status).toBe(200);
    // Someone else's plan is theirs alone.
    await assign("Leader's own", inDays(1), { selectedAccount: [teamleader.id] });

    const body = await home(member.client);
    expect(body.assigned.count).toBe(5);
    expect(titles(body.assigned)).toEqual(["Overdue", "Next week", "Team sprint"]);
    expect(body.assigned.results[1]).toMatchObject({
      plan: { title: "Next week", deadline: inDays(7) },
      status: "pending",
      overdue: false,
      progress: { done: 0, total: 1, percent: 0 },
    });
    expect(body.due_soon.count).toBe(3);
    expect(titles(body.due_soon)).toEqual(["Overdue", "Next week", "Team sprint"]);
    expect(body.due_soon.results.map((r: { overdue: boolean }) => r.overdue)).toEqual([true, false, false]);
    expect(titles(await home(teamleader.client).then((b) => b.assigned))).toEqual(["Leader's own"]);
  });

  it("continues what I am in the middle of, most recently touched first, and nothing else", async () => {
    const { company, member, teamleader } = await companyWithPath();
    const course = async (title: string) => (await addContent(t, { company: company.id, contentType: "course", title })).id;
    const [a, b, c, d, wished, finished] = (await Promise.all(["A", "B", "C", "D", "Wished", "Finished"].map(course))) as [
      number,
      number,
      number,
      number,
      number,
      number,
    ];
    const start = async (id: number, completed = false) =>
      expect((await member.client.post("/api/user/courses/", { id_course: id, completed })).status).toBe(201);
    for (const id of [a, b, c, d]) await start(id);
    await start(finished, true);
    expect((await member.client.post("/api/user/wishlist/", { id_course: wished })).status).toBeLessThan(300);
    await start(a); // touched again: back to the top

    const body = await home(member.client);
    expect(body.continue.count).toBe(4);
    expect(titles(body.continue)).toEqual(["A", "D", "C"]);
    expect(body.continue.results[0]).toMatchObject({ id_content: a, course_status: "running", completed: false });
    expect((await home(teamleader.client)).continue).toEqual({ count: 0, results: [] });
  });
});
