import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestContext, type Client, type TestContext } from "../../../test/helpers.ts";
import { addPerson } from "../../../test/factories.ts";

/**
 * The library's counts and its lists disagreed (courses tab: all 13, wishlist 12, the
 * wishlist list 11) once a non-course was on the wishlist, and saved jobs were in no list at all.
 */
let t: TestContext;
let person: Client;
const ids: Record<string, number> = {};

const save = async (url: string, title: string) => {
  const res = await person.post("/api/contentuser/save/", { url, title, fetch_metadata: false });
  expect(res.status).toBe(201);
  return res.body.id_content as number;
};

beforeAll(async () => {
  t = await createTestContext({ readMetadata: async () => null });
  person = (await addPerson(t, { company: "acme", role: "member" })).client;
  ids.wishlisted = await save("https://www.coursera.org/learn/kubernetes-basics", "Kubernetes basics");
  ids.running = await save("https://www.udemy.com/course/terraform-101/", "Terraform 101");
  ids.finalized = await save("https://www.edx.org/learn/sql/sql-fundamentals", "SQL fundamentals");
  ids.unlisted = await save("https://platzi.com/cursos/git-github/", "Git and GitHub");
  ids.article = await save("https://blog.example.org/kubernetes-operators", "Kubernetes operators explained");
  ids.video = await save("https://www.youtube.com/watch?v=k8svideo001", "Kubernetes in 100 seconds");
  ids.job = await save("https://www.indeed.com/viewjob?jk=kubernetes-engineer", "Kubernetes platform engineer");
  expect((await person.post("/api/user/courses", { id_course: ids.running, completed: false })).status).toBe(201);
  expect((await person.post("/api/user/courses", { id_course: ids.finalized, completed: true })).status).toBe(201);
  expect((await person.delete(`/api/user/wishlist?id_course=${ids.unlisted}`)).status).toBe(200);
  // A non-course on the wishlist (PRODUCT.md: articles get the same three states).
  expect((await person.post("/api/user/wishlist", { id_course: ids.article })).status).toBe(201);
});
afterAll(() => t.close());

/** Each spec §3 count and the search (spec §7) that lists it. */
const LISTS: Record<string, string> = {
  articlesCount: "contenType=article",
  videosCount: "contenType=video",
  booksCount: "contenType=book",
  podcastsCount: "contenType=podcast",
  coursesCount: "contenType=course",
  jobsCount: "contenType=job",
  allContentCount: "contenType=all",
  runningCount: "contenType=course&completed=false",
  finalizedCount: "contenType=course&completed=true",
  wishlistCount: "contenType=course&is_wishlist=true",
};

async function everyList(search?: string) {
  const suffix = search ? `&search=${encodeURIComponent(search)}` : "";
  const counts = await person.get(`/api/contentuser/counts${search ? `?search=${encodeURIComponent(search)}` : ""}`);
  expect(counts.status).toBe(200);
  const lists: Record<string, { count: number; ids: number[] }> = {};
  for (const [key, query] of Object.entries(LISTS)) {
    const res = await person.get(`/api/contentuser/search?${query}&page_size=100${suffix}`);
    expect(res.status, query).toBe(200);
    lists[key] = { count: res.body.count, ids: res.body.results.map((r: { id_content: number }) => r.id_content).sort() };
  }
  return { counts: counts.body as Record<string, number>, lists };
}

const pick = (counts: Record<string, number>, keys: object) => Object.fromEntries(Object.keys(keys).map((key) => [key, counts[key]]));

describe("the library's counts are the lengths of its lists (spec §3)", () => {
  it("with a non-course on the wishlist, every count equals its full list", async () => {
    const { counts, lists } = await everyList();
    const lengths = Object.fromEntries(Object.entries(lists).map(([key, list]) => [key, list.ids.length]));
    expect(pick(counts, lengths)).toEqual(lengths);
    expect(Object.fromEntries(Object.entries(lists).map(([key, list]) => [key, list.count]))).toEqual(lengths);
    expect(lists.wishlistCount!.ids).toEqual([ids.wishlisted]);
    expect(lists.runningCount!.ids).toEqual([ids.running]);
    expect(lists.finalizedCount!.ids).toEqual([ids.finalized]);
    expect(counts.coursesCount).toBe(4);
    // spec §3: allCount is running + finalized + wishlist, of the course lists.
    expect(counts.allCount).toBe(counts.runningCount! + counts.finalizedCount! + counts.wishlistCount!);
  });

  it("holds for a search term too", async () => {
    const { counts, lists } = await everyList("kubernetes");
    const lengths = Object.fromEntries(Object.entries(lists).map(([key, list]) => [key, list.ids.length]));
    expect(pick(counts, lengths)).toEqual(lengths);
    expect(counts.wishlistCount).toBe(1);
    expect(counts.jobsCount).toBe(1);
  });
});

describe("saved jobs", () => {
  it("are listed and counted under contenType=job, and searches find them", async () => {
    const jobs = await person.get("/api/contentuser/search?contenType=job&search=platform");
    expect(jobs.body.results.map((r: { id_content: number }) => r.id_content)).toEqual([ids.job]);
  });

  it("contenType=all,job is the five types of 'all' plus jobs, and its count is allContentCount + jobsCount", async () => {
    const counts = (await person.get("/api/contentuser/counts")).body;
    const res = await person.get("/api/contentuser/search?contenType=all,job&page_size=100");
    expect(res.status).toBe(200);
    expect(res.body.count).toBe(counts.allContentCount + counts.jobsCount);
    expect(res.body.results.map((r: { id_content: number }) => r.id_content)).toContain(ids.job);
    const found = await person.get("/api/contentuser/search?contenType=all,job&search=kubernetes");
    expect(found.body.results.map((r: { id_content: number }) => r.id_content).sort()).toEqual([ids.wishlisted, ids.article, ids.video, ids.job].sort());
    // 'all' alone stays the spec's five types.
    const all = await person.get("/api/contentuser/search?contenType=all&page_size=100");
    expect(all.body.results.map((r: { id_content: number }) => r.id_content)).not.toContain(ids.job);
  });
});
