import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { createTestContext, type Client, type TestContext } from "../../../test/helpers.ts";
import { addContent, addPerson, createCompany } from "../../../test/factories.ts";

let t: TestContext;
let company: number;
let member: Client;
let memberName: string;
let globex: Client;
let course: number;

beforeAll(async () => {
  t = await createTestContext({ seed: false });
  company = (await createCompany(t)).id;
  globex = (await addPerson(t, { company: (await createCompany(t)).id, role: "member" })).client;
});
// Each test moves the course of a member of its own, starting on the wishlist where saving puts it.
beforeEach(async () => {
  const person = await addPerson(t, { company, role: "member" });
  [member, memberName] = [person.client, person.username];
  const res = await member.post("/api/contentuser/save/", { url: "https://platzi.com/cursos/sql-mysql/", title: "Curso de SQL", fetch_metadata: false });
  course = res.body.id_content;
});
const start = (completed: boolean) => member.post("/api/user/courses", { id_course: course, completed });
afterAll(() => t.close());

const lists = async () => {
  const [wishlist, running, finalized] = await Promise.all([
    member.get("/api/contentuser/search?contenType=all&is_wishlist=true"),
    member.get("/api/contentuser/search?contenType=all&completed=false"),
    member.get("/api/contentuser/search?contenType=all&completed=true"),
  ]);
  const ids = (r: { body: { results: { id_content: number }[] } }) => r.body.results.map((x) => x.id_content);
  return { wishlist: ids(wishlist), running: ids(running), finalized: ids(finalized) };
};

describe("course status (spec §4): wishlist ↔ running ↔ finalized", () => {
  it("a saved course starts on the wishlist", async () => {
    expect(await lists()).toEqual({ wishlist: [course], running: [], finalized: [] });
  });

  it("wishlist → running: the spec's client deletes the wishlist entry then creates the course entry", async () => {
    expect((await member.delete(`/api/user/wishlist?id_course=${course}`)).status).toBe(200);
    const created = await member.post("/api/user/courses", { id_course: course, completed: false });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ course_status: "running", completed: false });
    expect(await lists()).toEqual({ wishlist: [], running: [course], finalized: [] });
  });

  it("running → finalized and back by PATCH of completed", async () => {
    await start(false);
    expect((await member.patch(`/api/user/courses?id_course=${course}`, { completed: true })).body.completed).toBe(true);
    expect(await lists()).toEqual({ wishlist: [], running: [], finalized: [course] });
    await member.patch(`/api/user/courses?id_course=${course}`, { completed: false });
    expect(await lists()).toEqual({ wishlist: [], running: [course], finalized: [] });
  });

  it("running → wishlist: delete the course entry, create the wishlist entry", async () => {
    await start(false);
    await member.delete(`/api/user/courses?id_course=${course}`);
    expect((await member.post("/api/user/wishlist", { id_course: course })).status).toBe(201);
    expect(await lists()).toEqual({ wishlist: [course], running: [], finalized: [] });
  });

  it("creating a course entry for a wishlist item moves it in one step, never into two lists", async () => {
    await Promise.all([
      member.post("/api/user/courses", { id_course: course, completed: true }),
      member.post("/api/user/courses", { id_course: course, completed: true }),
    ]);
    expect(await lists()).toEqual({ wishlist: [], running: [], finalized: [course] });
  });

  it("saves a catalog course on the fly when it goes straight to the wishlist", async () => {
    const id = (await addContent(t, { company, contentType: "course", url: "https://www.coursera.org/learn/catalog-course" })).id;
    const res = await member.post("/api/user/wishlist", { id_course: id });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ id_content: id, course_status: "wishlist" });
  });

  it("counts each list for the tabs (spec §3 counts)", async () => {
    // One course finalized, one catalog course on the wishlist.
    await start(true);
    const wished = (await addContent(t, { company, contentType: "course", url: "https://www.coursera.org/learn/wished-course" })).id;
    expect((await member.post("/api/user/wishlist", { id_course: wished })).status).toBe(201);
    const counts = (await member.get("/api/contentuser/counts")).body;
    expect(counts).toMatchObject({ coursesCount: 2, finalizedCount: 1, wishlistCount: 1, runningCount: 0, allCount: 2, articlesCount: 0 });
    expect(counts.allContentCount).toBe(2);
    expect((await globex.get(`/api/contentuser/counts?username=${memberName}`)).status).toBe(404);
  });

  it("starts a catalog course a colleague never saved, as the copilot's answer offers", async () => {
    const colleague = (await addPerson(t, { company, role: "member" })).client;
    const started = await colleague.post("/api/user/courses/", { id_course: course, completed: false });
    expect(started.status).toBe(201);
    expect(started.body).toMatchObject({ id_content: course, course_status: "running", completed: false });
    expect(
      (await colleague.get("/api/contentuser/search?contenType=all&completed=false")).body.results.map((x: { id_content: number }) => x.id_content),
    ).toEqual([course]);
    // Starting it again changes nothing.
    expect((await colleague.post("/api/user/courses/", { id_course: course, completed: false })).body).toMatchObject({ course_status: "running" });
  });

  it("refuses impossible moves and other companies' items", async () => {
    await start(true);
    expect((await member.patch(`/api/user/courses?id_course=999999`, { completed: true })).status).toBe(404);
    expect((await member.delete(`/api/user/wishlist?id_course=${course}`)).status).toBe(404); // it is finalized, not on the wishlist
    expect((await globex.post("/api/user/wishlist", { id_course: course })).status).toBe(404);
    expect((await globex.post("/api/user/courses", { id_course: course, completed: false })).status).toBe(404);
    expect((await member.post("/api/user/courses", { id_course: "abc" })).status).toBe(400);
    expect((await t.anonymous.post("/api/user/wishlist", { id_course: course })).status).toBe(401);
  });
});
