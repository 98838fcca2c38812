// The consumer calls of spec §7 as a client written against the spec sends them.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestContext, type Client, type TestContext } from "../../../test/helpers.ts";
import { addPerson, createCompany } from "../../../test/factories.ts";

let t: TestContext;
let me: Client;
let colleague: Client;
let myUsername: string;
let company: number;
/** Someone new of the same company, for tests that write: the library the readers read stays as built. */
const newcomer = async () => (await addPerson(t, { company, role: "member" })).client;
const save = (c: Client, body: object) => c.post("/api/contentuser/save/", body);
const titles = (res: { body: { results: { title: string }[] } }) => res.body.results.map((r) => r.title).sort();

beforeAll(async () => {
  t = await createTestContext({ seed: false, readMetadata: async () => null });
  company = (await createCompany(t)).id;
  const person = await addPerson(t, { company, role: "member" });
  me = person.client;
  colleague = (await addPerson(t, { company, role: "member" })).client;
  myUsername = (await me.get("/api/me")).body.account.username;
  // One of each: an article, a job, a wishlist course, a running course and a finalized one.
  await save(me, { url: "https://blog.example.org/notes", title: "An article", fetch_metadata: false });
  await save(me, { url: "https://www.indeed.com/viewjob?jk=0123456789abcdef", title: "A job", fetch_metadata: false });
  const courses = [];
  for (const n of ["wished", "running", "finalized"])
    courses.push((await save(me, { url: `https://www.coursera.org/learn/${n}`, title: `Course ${n}`, fetch_metadata: false })).body);
  await me.post("/api/user/courses/", { id_course: courses[1].id_content, completed: false });
  await me.post("/api/user/courses/", { id_course: courses[2].id_content, completed: true });
});
afterAll(() => t.close());

describe("GET /api/contentuser/search as the spec's client calls it", () => {
  const search = (query: string) => me.get(`/api/contentuser/search/?page=1&page_size=8&${query}`);

  it("reads contenType=all,job as the five types of 'all' plus jobs", async () => {
    expect(titles(await search("contenType=all"))).toEqual(["An article", "Course finalized", "Course running", "Course wished"]);
    expect(titles(await search("contenType=all,job"))).toEqual(["A job", "An article", "Course finalized", "Course running", "Course wished"]);
    expect(titles(await search("contenType=job,all"))).toEqual(titles(await search("contenType=all,job")));
  });

  it("treats empty parameters and completed=null as absent", async () => {
    const all = titles(await search("contenType=all"));
    const spec = await search("contenType=all&username=&search=&is_wishlist=&completed=null");
    expect(spec.status).toBe(200);
    expect(titles(spec)).toEqual(all);
    expect(titles(await me.get("/api/contentuser/search/?page=&page_size=&contenType=all&completed="))).toEqual(all);
    // page_size= is the default page of 8, with links that go on from there.
    expect((await me.get("/api/contentuser/search/?page_size=&contenType=all")).body.results.length).toBe(4);
  });

  it("reads is_wishlist and completed as True/False/1/0", async () => {
    for (const v of ["true", "True", "1"]) {
      expect(titles(await search(`contenType=course&is_wishlist=${v}&completed=null`)), v).toEqual(["Course wished"]);
      expect(titles(await search(`contenType=course&completed=${v}&username=`)), v).toEqual(["Course finalized"]);
    }
    for (const v of ["false", "False", "0"]) expect(titles(await search(`contenType=course&completed=${v}`)), v).toEqual(["Course running"]);
    expect((await search("contenType=course&completed=maybe")).status).toBe(400);
  });

  it("shows a colleague's library with username, also among empty parameters", async () => {
    const theirs = await colleague.get(`/api/contentuser/search/?page_size=8&contenType=all,job&username=${myUsername}&search=&is_wishlist=&completed=null`);
    expect(theirs.status).toBe(200);
    expect(titles(theirs)).toEqual(["A job", "An article", "Course finalized", "Course running", "Course wished"]);
  });
});

describe("page_size and contenType as the spec's REST framework reads them", () => {
  /** The page size a list answered with, as its links carry it on (page 2 always links back to page 1). */
  const sizeOf = async (c: Client, path: string) => {
    const res = await c.get(`${path}${path.includes("?") ? "&" : "?"}page=2`);
    expect(res.status, `${path}: ${res.text}`).toBe(200);
    return Number(new URL(res.body.previous ?? res.body.links.previous).searchParams.get("page_size"));
  };

  it("clamps page_size above the maximum to it, and reads 0, a negative or a non-number as the default, on every paged spec call", async () => {
    const folder = (await me.post("/api/user/folder/", { name: "Paged" })).body.id;
    const calls: [string, number, number][] = [
      ["/api/contentuser/search/?contenType=all", 8, 100],
      ["/api/b2b/v1/onboarding/", 30, 100],
      [`/api/user/folder_relation/?id_folder__id=${folder}`, 15, 100],
      ["/api/user/content-verifier/items/?type=course", 100, 100],
    ];
    for (const [path, byDefault, max] of calls) {
      const at = (size: string) => sizeOf(me, `${path}${path.includes("?") ? "&" : "?"}page_size=${size}`);
      expect(await at("1000"), `${path} 1000`).toBe(max);
      expect(await at(String(max + 1)), `${path} ${max + 1}`).toBe(max);
      expect(await at("0"), `${path} 0`).toBe(byDefault);
      expect(await at("-5"), `${path} -5`).toBe(byDefault);
      expect(await at("ten"), `${path} ten`).toBe(byDefault);
      expect(await at("3"), `${path} 3`).toBe(3);
    }
  });

  it("ignores what it does not know in a contenType list; a list naming no known type matches nothing", async () => {
    const search = (types: string) => me.get(`/api/contentuser/search/?page=1&page_size=8&contenType=${types}`);
    expect(titles(await search("article,webinar"))).toEqual(["An article"]);
    expect(titles(await search("all,job,nonsense"))).toEqual(["A job", "An article", "Course finalized", "Course running", "Course wished"]);
    // spec §7 names 'all' as the way to ask for every type: a list of only unknown values asks for none.
    const none = await search("webinar,nonsense");
    expect(none.status).toBe(200);
    expect(none.body).toMatchObject({ count: 0, results: [] });
  });
});

describe("POST /api/contentuser/save/ with the spec's body", () => {
  it("saves a new item for id_content: null, reading a numeric string duration as seconds", async () => {
    const me = await newcomer();
    const res = await save(me, {
      title: "Deep work",
      url: "https://www.youtube.com/watch?v=deepwork01",
      content_type: "video",
      id_content: null,
      author: "Cal Newport",
      duration_s: "120",
      description: "Focus without distraction",
    });
    expect(res.status, res.text).toBe(201);
    expect(res.body).toMatchObject({ title: "Deep work", provider: "youtube", content_type: "video", duration_s: 120, author: "Cal Newport" });
    expect(res.body.id_content).toBeGreaterThan(0);
    for (const duration_s of ["two minutes", "-5", "1.5", ""]) {
      const bad = await save(me, { url: "https://blog.example.org/bad-duration", id_content: null, duration_s, fetch_metadata: false });
      expect(bad.status, duration_s).toBe(400);
    }
  });

  it("saves a catalog item named by id_content with its own url, and refuses another url with its own code", async () => {
    const me = await newcomer();
    const item = (await save(colleague, { url: "https://www.udemy.com/course/negotiation-101/", title: "Negotiation 101", fetch_metadata: false })).body;
    const other = await save(me, { id_content: item.id_content, url: "https://www.udemy.com/course/something-else/", title: "Negotiation 101" });
    expect(other.status).toBe(400);
    expect(other.body.error.code).toBe("content_url_mismatch");
    expect((await me.get("/api/contentuser/search/?contenType=course&search=negotiation")).body.count).toBe(0);
    // The same link, as the client may write it (www, tracking parameters, trailing slash), is the item.
    const same = await save(me, { id_content: item.id_content, url: "https://udemy.com/course/negotiation-101?utm_source=x", duration_s: "60" });
    expect(same.status, same.text).toBe(201);
    expect(same.body).toMatchObject({ id_content: item.id_content, url: "https://www.udemy.com/course/negotiation-101/", duration_s: 60 });
  });
});

describe("PATCH /api/contentuser/{id}/", () => {
  it("changes the url, recognising the provider and content type again", async () => {
    const me = await newcomer();
    const item = (await save(me, { url: "https://blog.example.org/talk-notes", title: "Talk notes", fetch_metadata: false })).body;
    expect(item).toMatchObject({ provider: null, content_type: "article" });
    const moved = await me.patch(`/api/contentuser/${item.id_primary}/`, { url: "https://www.ted.com/talks/some_talk", duration_s: "900" });
    expect(moved.status, moved.text).toBe(200);
    expect(moved.body).toMatchObject({
      url: "https://www.ted.com/talks/some_talk",
      provider: "ted",
      content_type: "video",
      duration_s: 900,
      title: "Talk notes",
    });
    // A content type given with it wins, as on save.
    const typed = await me.patch(`/api/contentuser/${item.id_primary}/`, { url: "https://www.coursera.org/learn/talks", content_type: "article" });
    expect(typed.body).toMatchObject({ provider: "coursera", content_type: "article" });
    const back = await me.patch(`/api/contentuser/${item.id_primary}/`, { url: "https://blog.example.org/talk-notes-2" });
    expect(back.body).toMatchObject({ provider: null, content_type: "article" });
    expect((await me.patch(`/api/contentuser/${item.id_primary}/`, { url: "javascript:alert(1)" })).status).toBe(400);
    expect((await colleague.patch(`/api/contentuser/${item.id_primary}/`, { url: "https://www.ted.com/talks/x" })).status).toBe(404);
  });
});

describe("DELETE /api/contentuser/delete/ as HTTP clients send it", () => {
  it("deletes when the call says JSON but carries no body", async () => {
    const c = await newcomer();
    const saved = (await save(c, { url: "https://blog.example.org/to-delete", title: "To delete", fetch_metadata: false })).body;
    const res = await c.delete(`/api/contentuser/delete/?id_primary=${saved.id_primary}`, { "content-type": "application/json" });
    expect(res.status, res.text).toBe(200);
    expect((await c.get("/api/contentuser/counts/")).body.allCount).toBe(0);
  });

  it("still refuses a body that is not JSON", async () => {
    const res = await me.post("/api/contentuser/save/", "{not json", { "content-type": "application/json" });
    expect(res.status).toBe(400);
    expect(res.body.error.code).toBeTruthy();
  });
});
