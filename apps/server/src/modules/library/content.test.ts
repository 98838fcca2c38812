import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { createTestContext, type Client, type TestContext } from "../../../test/helpers.ts";
import { addOperator, addPerson, createCompany } from "../../../test/factories.ts";

let t: TestContext;
let member: Client;
let teamleader: Client;
let globex: Client;
let admin: Client;
// Usernames of this test's member and team leader.
let names: { member: string; teamleader: string };
const pages: Record<string, { title: string; author: string; description: string; duration_s?: number }> = {
  "https://www.youtube.com/watch?v=sqlwindow01": {
    title: "SQL Window Functions Explained",
    author: "Data Dojo",
    description: "Ranking and running totals with OVER().",
    duration_s: 1260,
  },
  "https://blog.example.org/feedback": { title: "Giving Feedback That Lands", author: "Kim Scott", description: "Radical candor in practice." },
};

beforeAll(async () => {
  t = await createTestContext({ seed: false, readMetadata: async (url) => pages[url] ?? null });
  admin = (await addOperator(t)).client;
});
// Every test starts with empty libraries: colleagues of a new company, and a member of another one.
beforeEach(async () => {
  const [company, other] = await Promise.all([createCompany(t), createCompany(t)]);
  const [m, tl, g] = await Promise.all([
    addPerson(t, { company: company.id, role: "member" }),
    addPerson(t, { company: company.id, role: "teamleader" }),
    addPerson(t, { company: other.id, role: "member" }),
  ]);
  [member, teamleader, globex] = [m.client, tl.client, g.client];
  names = { member: m.username, teamleader: tl.username };
});
afterAll(() => t.close());

const save = (c: Client, body: object) => c.post("/api/contentuser/save/", body);
/** My item as my library lists it now. */
async function listed(c: Client, idPrimary: number) {
  const list = await c.get("/api/contentuser/search?contenType=all&page_size=100");
  return list.body.results.find((r: { id_primary: number }) => r.id_primary === idPrimary);
}
// What a test needs in a library, saved by the test itself.
const SQL_VIDEO = { url: "https://www.youtube.com/watch?v=sqlwindow01" };
const FEEDBACK = { url: "https://blog.example.org/feedback", title: "My own title" };
const NEGOTIATION = { url: "https://www.coursera.org/learn/negotiation?utm_source=mail", fetch_metadata: false, title: "Negotiation" };
// ...in the library as it is once the pages are read.
const having = async (c: Client, ...bodies: object[]) => {
  for (const body of bodies) expect((await save(c, body)).status).toBe(201);
  await t.app.jobs.drain();
};

describe("who may use the personal library", () => {
  it("refuses callers without a session and platform operators without a company", async () => {
    expect((await t.anonymous.get("/api/contentuser/search")).status).toBe(401);
    expect((await t.anonymous.post("/api/contentuser/save/", { url: "https://x.test/a" })).status).toBe(401);
    expect((await admin.get("/api/contentuser/search")).status).toBe(403);
    expect((await admin.post("/api/contentuser/save/", { url: "https://x.test/a" })).status).toBe(403);
  });
});

describe("POST /api/contentuser/save", () => {
  it("saves a URL with the recognised provider and type, answers its ids, and the page's metadata once it is read", async () => {
    const res = await save(member, { url: "https://www.youtube.com/watch?v=sqlwindow01" });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ content_type: "video", provider: "youtube", course_status: null, metadata_pending: true });
    expect(res.body.id_primary).toBeGreaterThan(0);
    expect(res.body.id_content).toBeGreaterThan(0);
    await t.app.jobs.drain();
    expect(await listed(member, res.body.id_primary)).toMatchObject({
      content_type: "video",
      provider: "youtube",
      title: "SQL Window Functions Explained",
      author: "Data Dojo",
      duration_s: 1260,
      metadata_pending: false,
    });
  });

  it("keeps what the person typed over the page, and the typed fields when the page can't be read", async () => {
    const typed = await save(member, { url: "https://blog.example.org/feedback", title: "My own title" });
    const unreadable = await save(member, { url: "https://unreachable.example/deep-work-notes", author: "Cal Newport" });
    expect(unreadable.status).toBe(201);
    await t.app.jobs.drain();
    expect(await listed(member, typed.body.id_primary)).toMatchObject({ title: "My own title", author: "Kim Scott", content_type: "article" });
    expect(await listed(member, unreadable.body.id_primary)).toMatchObject({
      title: "Deep work notes",
      author: "Cal Newport",
      description: null,
      metadata_pending: false,
    });
  });

  it("names an item after the last part of its link, or its host when the path says nothing", async () => {
    for (const [url, title] of [
      ["https://blog.example.org/posts/sql-window-functions", "Sql window functions"],
      ["https://blog.example.org/guides/deep_work.html", "Deep work"],
      ["https://blog.example.org/caf%C3%A9-notes/", "Café notes"],
      ["https://www.example.org/", "www.example.org"],
      ["https://example.org/---", "example.org"],
    ]) {
      const res = await save(member, { url, fetch_metadata: false });
      expect(res.status, url).toBe(201);
      expect(res.body.title, url).toBe(title);
    }
  });

  it("names an item after an address whose percent-encoding is broken, decoding what can be decoded", async () => {
    for (const [url, title] of [
      ["https://example.com/%E0%A4%A", "%E0%A4%A"],
      ["https://example.com/a/%ZZ%E0-x", "%ZZ%E0 x"],
      ["https://example.com/caf%C3%A9_%E0%A4-notes", "Café %E0%A4 notes"],
      ["https://example.com/%E0%A4%A8%E0%A4%AE%E0%A4%B8%E0%A5%8D%E0%A4%A4%E0%A5%87", "नमस्ते"],
      // Control characters (NUL cannot even be stored) stay as they were written.
      ["https://example.com/a%00b%09c", "A%00b%09c"],
    ]) {
      const res = await save(member, { url, fetch_metadata: false });
      expect(res.status, url).toBe(201);
      expect(res.body.title, url).toBe(title);
    }
  });

  it("keeps one catalog row per URL per company: a colleague saving the same course shares id_content", async () => {
    const a = await save(member, { url: "https://www.coursera.org/learn/negotiation?utm_source=mail", fetch_metadata: false, title: "Negotiation" });
    const b = await save(teamleader, { url: "https://coursera.org/learn/negotiation/", fetch_metadata: false });
    expect(a.body.id_content).toBe(b.body.id_content);
    expect(a.body.id_primary).not.toBe(b.body.id_primary);
    expect(a.body).toMatchObject({ content_type: "course", provider: "coursera", course_status: "wishlist" });
    const other = await save(globex, { url: "https://www.coursera.org/learn/negotiation", fetch_metadata: false });
    expect(other.body.id_content).not.toBe(a.body.id_content);
  });

  it("answers 409 with the existing item when I save the same thing twice", async () => {
    await having(member, SQL_VIDEO);
    const again = await save(member, { url: "https://www.youtube.com/watch?v=sqlwindow01" });
    expect(again).toMatchObject({ status: 409, body: { error: { code: "already_in_library" } } });
    expect(again.body.error.details.id_primary).toBeGreaterThan(0);
  });

  it("saves a catalog item by id, and never another company's", async () => {
    await having(teamleader, NEGOTIATION);
    const list = await teamleader.get("/api/contentuser/search?contenType=course");
    const idContent = list.body.results[0].id_content;
    expect((await save(globex, { id_content: idContent })).status).toBe(404);
    expect((await save(member, { id_content: 999999 })).status).toBe(404);
  });

  it("refuses bad input without writing anything", async () => {
    const before = (await member.get("/api/contentuser/search?contenType=all&page_size=100")).body.count;
    for (const body of [
      {},
      { url: "javascript:alert(1)" },
      { url: "ftp://x.test/file" },
      { url: "https://x.test", content_type: "movie" },
      { url: "https://x.test", duration_s: -5 },
      { url: "https://x.test", extra: 1 },
    ]) {
      const res = await save(member, body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.error.code).toBe("validation_error");
    }
    expect((await member.get("/api/contentuser/search?contenType=all&page_size=100")).body.count).toBe(before);
  });
});

describe("POST /api/contentuser/preview", () => {
  it("shows what the page says before saving, and says when it can't be read", async () => {
    const ok = await member.post("/api/contentuser/preview/", { url: "https://www.youtube.com/watch?v=sqlwindow01" });
    expect(ok.body).toMatchObject({ content_type: "video", provider: "youtube", title: "SQL Window Functions Explained", duration_s: 1260, readable: true });
    const unreadable = await member.post("/api/contentuser/preview/", { url: "https://unreachable.example/x" });
    expect(unreadable.body).toMatchObject({ content_type: "article", title: null, readable: false });
    expect((await member.post("/api/contentuser/preview/", { url: "file:///etc/passwd" })).status).toBe(400);
    expect((await admin.post("/api/contentuser/preview/", { url: "https://a.example" })).status).toBe(403);
  });
});

describe("GET /api/contentuser/search (spec §7)", () => {
  it("pages 8 by default with count, results and links", async () => {
    for (let i = 0; i < 9; i++)
      await save(teamleader, { url: `https://docs.example.com/kubernetes-part-${i}`, title: `Kubernetes fundamentals part ${i}`, fetch_metadata: false });
    const p1 = await teamleader.get("/api/contentuser/search?contenType=article");
    expect(p1.body.count).toBe(9);
    expect(p1.body.results).toHaveLength(8);
    expect(p1.body.links.next).toMatch(/page=2/);
    expect(p1.body.links.previous).toBeNull();
    const p2 = await teamleader.get(p1.body.links.next.replace("http://localhost:3000", ""));
    expect(p2.body.results).toHaveLength(1);
    expect(p2.body.count).toBe(9);
    // Past the last page: no rows, and still the true total (and with a search term too).
    const past = await teamleader.get("/api/contentuser/search?contenType=article&page=5");
    expect(past.body).toMatchObject({ count: 9, results: [] });
    expect((await teamleader.get("/api/contentuser/search?contenType=article&page=5&search=kubernetes")).body).toMatchObject({ count: 9, results: [] });
  });

  it("searches title, author and description, ranked, with a leading # stripped and word prefixes", async () => {
    await having(member, SQL_VIDEO, FEEDBACK);
    await save(member, { url: "https://a.example/sql-1", title: "Intro to databases", description: "A short look at SQL joins", fetch_metadata: false });
    const bySql = await member.get("/api/contentuser/search?contenType=all&search=%23sql");
    const titles = bySql.body.results.map((r: { title: string }) => r.title);
    expect(titles[0]).toBe("SQL Window Functions Explained"); // title match outranks description match
    expect(titles).toContain("Intro to databases");
    expect((await member.get("/api/contentuser/search?contenType=all&search=scott")).body.results[0].title).toBe("My own title");
    expect((await member.get("/api/contentuser/search?contenType=all&search=windo")).body.count).toBe(1);
    expect((await member.get("/api/contentuser/search?contenType=all&search=quantum")).body.count).toBe(0);
    // The tab counts follow the same search (spec §3: counts per search term).
    const counts = async (term: string) => (await member.get(`/api/contentuser/counts?search=${term}`)).body.allContentCount;
    expect(await counts("%23sql")).toBe(bySql.body.count);
    expect(await counts("windo")).toBe(1);
    expect(await counts("quantum")).toBe(0);
  });

  it("filters by type list, ignoring unknown types", async () => {
    await having(member, SQL_VIDEO, NEGOTIATION);
    const videos = await member.get("/api/contentuser/search?contenType=video");
    expect(videos.body.results.every((r: { content_type: string }) => r.content_type === "video")).toBe(true);
    const mixed = await member.get("/api/contentuser/search?contenType=video,course");
    expect(new Set(mixed.body.results.map((r: { content_type: string }) => r.content_type))).toEqual(new Set(["video", "course"]));
    expect((await member.get("/api/contentuser/search?contenType=movies")).body).toMatchObject({ count: 0, results: [] });
    expect((await member.get("/api/contentuser/search?contenType=video,movies")).body.results).toEqual(videos.body.results);
  });

  it("shows a colleague's public saves by username, never private ones nor another company's", async () => {
    await having(member, FEEDBACK);
    await save(member, { url: "https://a.example/private-diary", title: "Private reading", is_private: true, fetch_metadata: false });
    const mine = await member.get("/api/contentuser/search?contenType=all&search=private");
    expect(mine.body.count).toBe(1);
    const seen = await teamleader.get(`/api/contentuser/search?contenType=all&username=${names.member}&page_size=100`);
    expect(seen.status).toBe(200);
    expect(seen.body.count).toBeGreaterThan(0);
    expect(seen.body.results.some((r: { title: string }) => r.title === "Private reading")).toBe(false);
    expect((await globex.get(`/api/contentuser/search?username=${names.teamleader}`)).status).toBe(404);
    // My own library by username is what colleagues see: no private items.
    const asOthersSeeMe = await member.get(`/api/contentuser/search?contenType=all&username=${names.member}&page_size=100`);
    expect(asOthersSeeMe.body.results.some((r: { title: string }) => r.title === "Private reading")).toBe(false);
  });
});

describe("PATCH /api/contentuser/{id} and DELETE /api/contentuser/delete", () => {
  it("edits my copy only, not the shared catalog row nor anyone else's copy", async () => {
    const mine = await save(member, { url: "https://www.udemy.com/course/excel-pivots/", title: "Excel pivots", fetch_metadata: false });
    const theirs = await save(teamleader, { url: "https://www.udemy.com/course/excel-pivots/", fetch_metadata: false });
    const edited = await member.patch(`/api/contentuser/${mine.body.id_primary}/`, { title: "Pivot tables, my notes", duration_s: 3600 });
    expect(edited.body).toMatchObject({ title: "Pivot tables, my notes", duration_s: 3600 });
    const other = await teamleader.get("/api/contentuser/search?contenType=course&search=pivots");
    expect(other.body.results[0].title).toBe("Excel pivots");
    expect((await teamleader.patch(`/api/contentuser/${mine.body.id_primary}/`, { title: "hijack" })).status).toBe(404);
    expect((await member.patch(`/api/contentuser/${theirs.body.id_primary}/`, { title: "hijack" })).status).toBe(404);
  });

  it("deletes my item, answering its places in my folders for an undo, and refuses others'", async () => {
    const item = await save(member, { url: "https://a.example/to-delete", title: "Delete me", fetch_metadata: false });
    const folder = (await member.post("/api/user/folder/", { name: "Reading list" })).body;
    const section = (await member.post(`/api/user/folder/${folder.id}/section/`, { name: "This week" })).body;
    const other = await save(member, { url: "https://a.example/stays", title: "Stays", fetch_metadata: false });
    await member.post("/api/user/folder_relation/create_content/", { id_folder: folder.id, id_section: section.id, id_primary: other.body.id_primary });
    await member.post("/api/user/folder_relation/create_content/", { id_folder: folder.id, id_section: section.id, id_primary: item.body.id_primary });
    expect((await teamleader.delete(`/api/contentuser/delete/?id_primary=${item.body.id_primary}`)).status).toBe(404);
    const del = await member.delete(`/api/contentuser/delete/?id_primary=${item.body.id_primary}`);
    expect(del.status).toBe(200);
    expect(del.body).toEqual({ id_primary: item.body.id_primary, folder_relations: [{ id_folder: folder.id, id_section: section.id, priority: 2 }] });
    // The undo: saved again, and put back at its place.
    const back = await save(member, { id_content: item.body.id_content, title: "Delete me", fetch_metadata: false });
    const place = del.body.folder_relations[0];
    expect((await member.post("/api/user/folder_relation/create_content/", { ...place, id_primary: back.body.id_primary })).status).toBe(201);
    const list = await member.get(`/api/user/folder_relation/?id_folder__id=${folder.id}&id_section=${section.id}`);
    expect(list.body.results.map((r: { priority: number; content: { title: string } }) => [r.priority, r.content.title])).toEqual([
      [1, "Stays"],
      [2, "Delete me"],
    ]);
    await member.delete(`/api/contentuser/delete/?id_primary=${back.body.id_primary}`);
    expect((await member.get("/api/contentuser/search?contenType=all&search=delete")).body.count).toBe(0);
    expect((await member.delete(`/api/contentuser/delete/?id_primary=${item.body.id_primary}`)).status).toBe(404);
  });
});

describe("GET /api/user/content-verifier/items", () => {
  it("answers which of the given catalog items I saved, with at most 40 ids", async () => {
    const a = await save(member, { url: "https://a.example/verify-1", title: "Verify one", fetch_metadata: false });
    const list = await member.get(`/api/user/content-verifier/items/?page_size=100&type=article&id_content__in=${a.body.id_content},999999`);
    expect(list.body.results.map((r: { id_content: number }) => r.id_content)).toEqual([a.body.id_content]);
    const ids = Array.from({ length: 41 }, (_, i) => i + 1).join(",");
    expect((await member.get(`/api/user/content-verifier/items/?id_content__in=${ids}`)).status).toBe(400);
    expect((await member.get("/api/user/content-verifier/items/?id_content__in=abc")).status).toBe(400);
    expect((await teamleader.get(`/api/user/content-verifier/items/?id_content__in=${a.body.id_content}`)).body.count).toBe(0);
  });
});
