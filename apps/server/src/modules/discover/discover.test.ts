import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { and, eq } from "drizzle-orm";
import { contentItems } from "../../db/schema/index.ts";
import { createTestContext, DEMO, type Client, type TestContext } from "../../../test/helpers.ts";

let t: TestContext;
let admin: Client, ld: Client, tl: Client, member: Client, globex: Client;
let acmeId: number;
let engineering: number;

type Result = {
  kind: string;
  id_content?: number;
  title?: string;
  content_type?: string;
  language?: string;
  duration_s?: number | null;
  provider?: string | null;
  skills?: string[];
  collection?: { id: number; title: string };
};

const catalogId = async (title: string) =>
  (
    await t.database.db
      .select({ id: contentItems.id })
      .from(contentItems)
      .where(and(eq(contentItems.companyId, acmeId), eq(contentItems.title, title)))
  )[0]!.id;
const search = async (c: Client, query: string) => {
  const res = await c.get(`/api/b2b/v1/discover/?${query}`);
  expect(res.status, res.text).toBe(200);
  return res.body as { count: number; next: string | null; results: Result[]; facets: Record<string, { value: string; count: number }[]> };
};
const facet = (f: { value: string; count: number }[], value: string) => f.find((x) => x.value === value)?.count ?? 0;

beforeAll(async () => {
  t = await createTestContext();
  [admin, ld, tl, member, globex] = (await Promise.all([DEMO.admin, DEMO.ldleader, DEMO.teamleader, DEMO.member, DEMO.globex].map((e) => t.as(e)))) as [
    Client,
    Client,
    Client,
    Client,
    Client,
  ];
  acmeId = (await member.get("/api/me")).body.company.id;
  engineering = (await tl.get("/api/me")).body.account.team.id;
});
afterAll(() => t.close());

describe("discover search", () => {
  it("refuses callers without a session or a company", async () => {
    for (const path of ["/api/b2b/v1/discover/", "/api/b2b/v1/discover/trending/", "/api/b2b/v1/discover/recommendations/"]) {
      expect((await t.anonymous.get(path)).status).toBe(401);
      expect((await admin.get(path)).status).toBe(403);
    }
    expect((await member.get("/api/b2b/v1/discover/?type=movie")).status).toBe(400);
    expect((await member.get("/api/b2b/v1/discover/?duration=forever")).status).toBe(400);
  });

  it("ranks by full text, filters by type, and counts facets with the other filters applied", async () => {
    const all = await search(member, "search=sql");
    expect(all.count).toBeGreaterThan(10);
    // The best match is about SQL, be it an item or a published path another test left.
    expect(all.results[0]!.title ?? all.results[0]!.collection?.title).toMatch(/sql/i);
    const courses = await search(member, "search=sql&type=course&page_size=50");
    expect(courses.count).toBe(facet(all.facets.type!, "course"));
    expect(courses.results.map((r) => r.content_type)).toEqual(Array(courses.count).fill("course"));
    // The type facet ignores the type filter; the others apply it.
    expect(courses.facets.type).toEqual(all.facets.type);
    expect(courses.facets.language!.reduce((n, f) => n + f.count, 0)).toBe(courses.count);
  });

  it("searches in English and Spanish, strips a leading #, and filters language, duration, provider and skill", async () => {
    const es = await search(member, "search=negociación&language=es");
    expect(es.results.map((r) => r.title)).toContain("Técnicas de negociación para emprendedores");
    expect(es.results.every((r) => r.language === "es")).toBe(true);
    expect((await search(member, "search=%23kubernetes")).count).toBe((await search(member, "search=kubernetes")).count);
    const short = await search(member, "duration=under_15m&page_size=100");
    expect(short.count).toBeGreaterThan(0);
    expect(short.results.every((r) => r.duration_s !== null && r.duration_s! < 900)).toBe(true);
    const coursera = await search(member, "provider=coursera&page_size=100");
    expect(coursera.results.every((r) => r.kind === "content" && r.provider === "coursera")).toBe(true);
    // Catalog items only: another test may have published a collection on the same skill.
    const skill = await search(member, "kind=content&skill=Kubernetes&page_size=100");
    expect(skill.count).toBe(15);
    expect(skill.results.every((r) => r.skills!.includes("kubernetes"))).toBe(true);
  });

  it("pages with stable counts and links", async () => {
    const one = await search(member, "search=python&page_size=5");
    const two = await search(member, "search=python&page_size=5&page=2");
    expect(two.count).toBe(one.count);
    expect(one.next).toContain("page=2");
    expect(two.results.map((r) => r.id_content)).not.toEqual(one.results.map((r) => r.id_content));
  });

  it("finds published collections of the company, never private ones", async () => {
    const k8s = await catalogId("Kubernetes Explained in 15 Minutes");
    const path = (await member.post("/api/b2b/v1/collections/", { title: "Zeppelin launch path", skills: ["kubernetes"] })).body.id;
    await member.post(`/api/b2b/v1/collections/${path}/items/`, { content_id: k8s });
    const request = (await member.post("/api/b2b/v1/publish-requests/", { collection_id: path })).body.id;
    expect((await ld.post(`/api/b2b/v1/publish-requests/${request}/accept/`, {})).status).toBe(200);
    const draft = (await member.post("/api/b2b/v1/collections/", { title: "Zeppelin secret draft" })).body.id;

    const found = await search(tl, "search=zeppelin");
    expect(found.results.map((r) => r.collection?.id)).toEqual([path]);
    expect(found.results.map((r) => r.collection?.id)).not.toContain(draft);
    expect(facet(found.facets.kind!, "collection")).toBe(1);
    expect((await search(tl, "kind=collection&skill=kubernetes")).results.map((r) => r.collection?.id)).toEqual([path]);
    // Content-only filters leave collections out.
    expect((await search(tl, "search=zeppelin&language=en")).count).toBe(0);
    expect((await search(globex, "search=zeppelin")).count).toBe(0);
  });

  it("shows people's public saves, hides what someone brought in privately", async () => {
    const item = await catalogId("Never Split the Difference: Negotiating As If Your Life Depended On It");
    const saved = await member.post("/api/contentuser/save/", { id_content: item, fetch_metadata: false });
    expect(saved.status).toBe(201);
    const seenByColleague = (await search(tl, "search=never split")).results.find((r) => r.id_content === item) as Record<string, unknown>;
    expect(seenByColleague).toMatchObject({ savers_count: 1, saved_by: [{ username: "member", display_name: "Marco Bianchi" }], mine: null });
    const seenByMe = (await search(member, "search=never split")).results.find((r) => r.id_content === item) as Record<string, unknown>;
    expect(seenByMe).toMatchObject({ saved_by: [], mine: { id_primary: saved.body.id_primary } });

    await tl.post("/api/contentuser/save/", {
      url: "https://blog.example/private-zebra-notes",
      title: "Private zebra notes",
      is_private: true,
      fetch_metadata: false,
    });
    expect((await search(member, "search=zebra")).count).toBe(0);
    expect((await search(tl, "search=zebra")).count).toBe(0);
    // Once someone saves it publicly, it is part of the company catalog.
    await member.post("/api/contentuser/save/", { url: "https://blog.example/private-zebra-notes", title: "Zebra notes", fetch_metadata: false });
    expect((await search(tl, "search=zebra")).count).toBe(1);
  });

  it("never shows another company's catalog", async () => {
    const acme = await search(member, "search=sql&page_size=100");
    const other = await search(globex, "search=sql&page_size=100");
    expect(other.count).toBeLessThan(acme.count);
    const acmeIds = new Set(acme.results.map((r) => r.id_content));
    expect(other.results.some((r) => acmeIds.has(r.id_content))).toBe(false);
  });
});

describe("trending and recommendations", () => {
  it("trending counts saves and completions in my company over the last 30 days", async () => {
    const before = (await globex.get("/api/b2b/v1/discover/trending/")).body;
    const course = await catalogId("Learning Kubernetes");
    const article = await catalogId("BATNA Basics: Boost Your Power at the Bargaining Table");
    await tl.post("/api/contentuser/save/", { id_content: article, fetch_metadata: false });
    await member.post("/api/contentuser/save/", { id_content: article, fetch_metadata: false });
    // A finished course counts as a save and a completion.
    expect((await tl.post("/api/user/courses", { id_course: course, completed: true })).status).toBe(201);
    const trending = await member.get("/api/b2b/v1/discover/trending/?limit=5");
    expect(trending.status).toBe(200);
    expect(trending.body.window_days).toBe(30);
    const rows = trending.body.results as { id_content: number; saves_30d: number; completions_30d: number }[];
    expect(rows.find((r) => r.id_content === course)).toMatchObject({ saves_30d: 1, completions_30d: 1 });
    expect(rows.find((r) => r.id_content === article)).toMatchObject({ saves_30d: 2, completions_30d: 0 });
    expect(rows.findIndex((r) => r.id_content === course)).toBeLessThan(rows.findIndex((r) => r.id_content === article));
    // Another company's activity is not theirs.
    expect((await globex.get("/api/b2b/v1/discover/trending/")).body).toEqual(before);
  });

  it("recommends on my plans' skills and what I finished, never what I already have", async () => {
    // A colleague's public save makes an item popular in the company (the test catalog has no saves of its own).
    const liked = await catalogId("Kubernetes Explained in 15 Minutes");
    expect((await tl.post("/api/contentuser/save/", { id_content: liked, fetch_metadata: false })).status).toBe(201);
    const fresh = await member.get("/api/b2b/v1/discover/recommendations/?limit=6");
    expect(fresh.body).toMatchObject({ plan_skills: [], finished_skills: [] });
    const popular = fresh.body.results as { id_content: number; content_type: string; savers_count: number; reason: { kind: string } }[];
    expect(popular).toHaveLength(6);
    // Without plans or finished items: what the company saves (else new items), a mix of types.
    expect(popular.every((r) => r.reason.kind === (r.savers_count > 0 ? "popular" : "new"))).toBe(true);
    expect(popular[0]!.reason.kind).toBe("popular");
    expect(popular.find((r) => r.id_content === liked)?.reason.kind).toBe("popular");
    expect(new Set(popular.map((r) => r.content_type)).size).toBeGreaterThanOrEqual(3);

    const sqlItem = await catalogId("SQL Window Functions Tutorial");
    const path = (await tl.post("/api/b2b/v1/collections/", { title: "SQL path", skills: ["sql"] })).body.id;
    await tl.post(`/api/b2b/v1/collections/${path}/items/`, { content_id: sqlItem });
    const request = (await tl.post("/api/b2b/v1/publish-requests/", { collection_id: path })).body.id;
    await ld.post(`/api/b2b/v1/publish-requests/${request}/accept/`, {});
    expect(
      (
        await tl.post("/api/b2b/v1/plans/", {
          title: "Data sprint",
          deadline: "2099-01-31",
          skills: { sql: { collections: [path] } },
          selectedTeam: [engineering],
        })
      ).status,
    ).toBe(201);
    const python = await catalogId("Python Essential Training");
    await member.post("/api/user/courses", { id_course: python, completed: true });

    const recs = await member.get("/api/b2b/v1/discover/recommendations/?limit=24");
    expect(recs.body.plan_skills).toEqual(["sql"]);
    expect(recs.body.finished_skills).toEqual(["python"]);
    // The team's plan is its members' to follow, not its leader's: nothing of it steers the leader's picks.
    expect((await tl.get("/api/b2b/v1/discover/recommendations/?limit=24")).body.plan_skills).toEqual([]);
    const results = recs.body.results as { id_content: number; skills: string[]; reason: { kind: string; skill: string | null; source: string | null } }[];
    expect(results[0]).toMatchObject({ reason: { kind: "plan", skill: "sql", source: "Data sprint" } });
    expect(results.some((r) => r.reason.kind === "finished" && r.reason.skill === "python" && r.reason.source === "Python Essential Training")).toBe(true);
    expect(results.map((r) => r.id_content)).not.toContain(python);
    const mine = (await member.get("/api/contentuser/search?contenType=all&page_size=100")).body.results.map((r: { id_content: number }) => r.id_content);
    expect(results.some((r) => mine.includes(r.id_content))).toBe(false);
  });
});
