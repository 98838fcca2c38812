import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sql } from "drizzle-orm";
import { createTestContext, type TestContext } from "../../../test/helpers.ts";
import { addPerson, type Person } from "../../../test/factories.ts";

let t: TestContext;
beforeAll(async () => {
  t = await createTestContext({ readMetadata: async () => null });
});
afterAll(() => t.close());

const rows = async <T>(query: ReturnType<typeof sql>) => ((await t.database.db.execute(query)) as { rows: T[] }).rows;

/** A browser's export, with a folder inside a folder, notes, a bookmarklet and a link twice. */
const BOOKMARKS = `<!DOCTYPE NETSCAPE-Bookmark-file-1>
<META HTTP-EQUIV="Content-Type" CONTENT="text/html; charset=UTF-8">
<TITLE>Bookmarks</TITLE>
<H1>Bookmarks</H1>
<DL><p>
    <DT><H3 ADD_DATE="1700000000">Data skills</H3>
    <DL><p>
        <DT><A HREF="https://blog.example.org/sql-window-functions" ADD_DATE="1700000100">SQL window functions, explained</A>
        <DD>Ranking and running totals.
        <DT><H3>Video</H3>
        <DL><p>
            <DT><A HREF="https://www.youtube.com/watch?v=imp0rt00001" ADD_DATE="1700000200">Pandas in 10 minutes</A>
        </DL><p>
    </DL><p>
    <DT><A HREF="javascript:alert(1)">A bookmarklet</A>
    <DT><A HREF="https://blog.example.org/no-title/"></A>
    <DT><A HREF="https://blog.example.org/sql-window-functions#again">The same link again</A>
    <DT><A HREF="https://news.example.com/a" ADD_DATE="1700000300">&lt;script&gt;alert(1)&lt;/script&gt; headline</A>
</DL><p>`;

/** Sends a file, lets the import's job run, and answers the import as its person then sees it. */
async function importFile(p: Person, body: Record<string, unknown>) {
  const sent = await p.client.post("/api/contentuser/import", body);
  if (sent.status !== 202) return sent;
  expect(sent.body).toMatchObject({ status: "queued", processed: 0, added: 0 });
  await t.app.jobs.drain();
  return p.client.get(`/api/contentuser/import/${sent.body.id}`);
}
const library = async (p: Person) =>
  (await p.client.get("/api/contentuser/search?contenType=all&page_size=100")).body.results as {
    title: string;
    url: string;
    description: string | null;
    content_type: string;
    is_private: boolean;
  }[];

/** Each folder and section of a person's, with its items' titles in order. */
const placesOf = (p: Person) =>
  rows<{ folder: string; section: string | null; titles: string[] }>(sql`
    select f.name as folder, s.name as section, array_agg(uc.title order by r.priority, uc.title) as titles
    from folder_relations r join folders f on f.id = r.folder_id join user_contents uc on uc.id = r.user_content_id
    left join folder_sections s on s.id = r.section_id
    where f.account_id = ${p.id} group by f.name, s.name order by f.name, s.name nulls first`);

describe("importing a bookmark file", () => {
  it("saves every link with its title, notes and folder, and lists what it skipped", async () => {
    const person = await addPerson(t, { company: "acme", role: "member" });
    const res = await importFile(person, { format: "bookmarks_html", content: BOOKMARKS });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    // The link's second appearance is merged into the first: one item.
    expect(res.body).toMatchObject({
      status: "done",
      total: 4,
      processed: 4,
      added: 4,
      merged: 1,
      folders_created: 1,
      skipped: [{ line: 15, url: "javascript:alert(1)", reason: "not_a_link" }],
      skipped_count: 1,
      error: null,
    });
    expect(res.body.finished_at).toEqual(expect.any(String));

    const items = await library(person);
    // Newest first, by the dates the file gives; a link without a title is named from its address.
    expect(items.map((i) => i.title)).toEqual([
      expect.stringMatching(/no title/i),
      "<script>alert(1)</script> headline",
      "Pandas in 10 minutes",
      "SQL window functions, explained",
    ]);
    expect(items.find((i) => i.title.startsWith("SQL"))).toMatchObject({ description: "Ranking and running totals.", content_type: "article" });
    expect(items.find((i) => i.title.startsWith("Pandas"))).toMatchObject({ content_type: "video" });
    const counts = await person.client.get("/api/contentuser/counts");
    expect(counts.body).toMatchObject({ allContentCount: 4, articlesCount: 3, videosCount: 1 });

    // The folder inside a folder is a section of it.
    const folders = (await person.client.get("/api/user/folder/")).body as { id: number; name: string; count: number }[];
    expect(folders.map((f) => [f.name, f.count])).toEqual([["Data skills", 2]]);
    expect(await placesOf(person)).toEqual([
      { folder: "Data skills", section: null, titles: ["SQL window functions, explained"] },
      { folder: "Data skills", section: "Video", titles: ["Pandas in 10 minutes"] },
    ]);
  });

  it("leaves what was saved already as it was, and creates no folder twice", async () => {
    const person = await addPerson(t, { company: "acme", role: "member" });
    const saved = await person.client.post("/api/contentuser/save/", {
      url: "https://blog.example.org/sql-window-functions",
      title: "My own title",
      fetch_metadata: false,
    });
    expect(saved.status).toBe(201);
    // Merged: the one saved already, and the link's repeat in the file.
    expect((await importFile(person, { format: "bookmarks_html", content: BOOKMARKS })).body).toMatchObject({
      added: 3,
      merged: 2,
      folders_created: 1,
    });
    expect((await importFile(person, { format: "bookmarks_html", content: BOOKMARKS })).body).toMatchObject({
      added: 0,
      merged: 5,
      folders_created: 0,
    });
    const items = await library(person);
    expect(items).toHaveLength(4);
    expect(items.map((i) => i.title)).toContain("My own title");
    const folders = (await person.client.get("/api/user/folder/")).body as { name: string; count: number }[];
    expect(folders.map((f) => [f.name, f.count])).toEqual([["Data skills", 2]]);
  });

  it("counts the imported links in insights and ticks the first-week step, as saves do", async () => {
    const person = await addPerson(t, { company: "acme", role: "member" });
    await importFile(person, { format: "bookmarks_html", content: BOOKMARKS });
    const events = await rows<{ n: number }>(sql`select count(*)::int as n from learning_events where account_id = ${person.id} and kind = 'save'`);
    expect(events).toEqual([{ n: 4 }]);
    const entries = await rows<{ ready: boolean }>(sql`select ready from onboarding_entries where account_id = ${person.id} and ready`);
    expect(entries.length).toBeGreaterThan(0);
  });

  it("keeps private imports private: the company's catalog does not list them", async () => {
    const person = await addPerson(t, { company: "acme", role: "member" });
    const colleague = await addPerson(t, { company: "acme", role: "member" });
    const secret = `url,title\nhttps://private.example.org/imported-secret,A zebrafish reading list`;
    const open = `url,title\nhttps://private.example.org/imported-open,An okapi reading list`;
    expect((await importFile(person, { format: "csv", content: secret, is_private: true })).body).toMatchObject({ added: 1 });
    expect((await importFile(person, { format: "csv", content: open })).body).toMatchObject({ added: 1 });
    expect((await library(person)).find((i) => i.title.includes("zebrafish"))).toMatchObject({ is_private: true });
    const search = async (term: string) => {
      const res = await colleague.client.get(`/api/b2b/v1/discover?search=${term}&kind=content`);
      expect(res.status).toBe(200);
      return JSON.stringify(res.body);
    };
    expect(await search("okapi")).toContain("imported-open");
    expect(await search("zebrafish")).not.toContain("imported-secret");
  });
});

describe("importing a CSV", () => {
  it("reads Pocket's export: title, url and the time each was added", async () => {
    const person = await addPerson(t, { company: "acme", role: "member" });
    const content = [
      "title,url,time_added,tags,status",
      "Negotiation basics,https://learn.example.org/negotiation,1700000000,soft skills,unread",
      '"Feedback, the hard way",https://learn.example.org/feedback,1710000000,,archive',
      "Not a link,ftp://files.example.org/x,1710000000,,unread",
    ].join("\n");
    const res = await importFile(person, { format: "csv", content });
    expect(res.body).toMatchObject({
      added: 2,
      merged: 0,
      folders_created: 0,
      skipped: [{ line: 4, url: "ftp://files.example.org/x", reason: "not_a_link" }],
      skipped_count: 1,
    });
    expect((await library(person)).map((i) => i.title)).toEqual(["Feedback, the hard way", "Negotiation basics"]);
  });

  it("reads Raindrop's export: its folder column makes folders", async () => {
    const person = await addPerson(t, { company: "acme", role: "member" });
    const content = [
      "id,title,note,excerpt,url,folder,tags,created",
      "1,Kubernetes patterns,,Patterns for pods,https://learn.example.org/k8s,Cloud,,2024-03-01T10:00:00.000Z",
    ].join("\n");
    expect((await importFile(person, { format: "csv", content })).body).toMatchObject({ added: 1, folders_created: 1 });
    expect((await library(person))[0]).toMatchObject({ title: "Kubernetes patterns", description: "Patterns for pods" });
  });
});

describe("a file that cannot be imported", () => {
  it("is refused with a code, and nothing is written", async () => {
    const person = await addPerson(t, { company: "acme", role: "member" });
    const refused = async (body: Record<string, unknown>, status: number, code: string) => {
      const res = await importFile(person, body);
      expect(res.status, JSON.stringify(res.body)).toBe(status);
      expect(res.body.error.code).toBe(code);
    };
    // A bookmark file sent as a CSV, a CSV without a url column, a file of no links at all.
    await refused({ format: "csv", content: BOOKMARKS }, 400, "import_unreadable");
    await refused({ format: "csv", content: "title,address\nA,https://x.example.org/" }, 400, "import_unreadable");
    await refused({ format: "bookmarks_html", content: "<p>nothing here</p>" }, 400, "import_unreadable");
    await refused({ format: "json", content: '{"some":"other tool"}' }, 400, "import_unreadable");
    // A broken file names its line.
    const brokenJson = await importFile(person, { format: "json", content: '{\n  "bookmarks": [\n    { "title": "x", }\n  ]\n}' });
    expect(brokenJson.body.error).toMatchObject({ code: "import_malformed", details: { line: 3 } });
    const brokenCsv = await importFile(person, { format: "csv", content: 'url,title\nhttps://a.example.org/,"Open quote\nhttps://b.example.org/,B' });
    expect(brokenCsv.body.error).toMatchObject({ code: "import_malformed", details: { line: 2 } });
    await refused({ format: "opml", content: "x" }, 400, "validation_error");
    await refused({ format: "csv" }, 400, "validation_error");
    await refused({ format: "csv", content: "url\nhttps://x.example.org/", extra: 1 }, 400, "validation_error");
    const many = ["url", ...Array.from({ length: 20_001 }, (_, i) => `https://many.example.org/${i}`)].join("\n");
    await refused({ format: "csv", content: many }, 400, "import_too_large");
    expect(await library(person)).toEqual([]);
    expect((await person.client.get("/api/contentuser/import")).body).toEqual({ results: [] });
  });

  it("is refused to a caller who is not signed in, and another person's import is not found", async () => {
    const res = await t.anonymous.post("/api/contentuser/import", { format: "csv", content: "url\nhttps://x.example.org/" });
    expect(res.status).toBe(401);
    const person = await addPerson(t, { company: "acme", role: "member" });
    const stranger = await addPerson(t, { company: "globex", role: "hr" });
    const mine = await importFile(person, { format: "csv", content: "url\nhttps://x.example.org/mine" });
    expect((await stranger.client.get(`/api/contentuser/import/${mine.body.id}`)).status).toBe(404);
    expect((await stranger.client.get("/api/contentuser/import")).body).toEqual({ results: [] });
    expect((await t.anonymous.get(`/api/contentuser/import/${mine.body.id}`)).status).toBe(401);
    expect((await person.client.get("/api/contentuser/import")).body.results).toEqual([expect.objectContaining({ id: mine.body.id, status: "done" })]);
  });
});

describe("exporting my library", () => {
  it("writes every item, private ones and folders included, and another library imports it back the same", async () => {
    const person = await addPerson(t, { company: "acme", role: "member" });
    const other = await addPerson(t, { company: "acme", role: "member" });
    expect((await importFile(person, { format: "bookmarks_html", content: BOOKMARKS })).status).toBe(200);
    await importFile(person, { format: "csv", content: "url,title\nhttps://private.example.org/exported-secret,A private one", is_private: true });
    const mine = await library(person);

    // Private items come back private; folders with their sections, in order.
    for (const format of ["csv", "bookmarks_html", "json"] as const) {
      const res = await person.client.get(`/api/contentuser/export?format=${format}`);
      expect(res.status).toBe(200);
      expect(res.headers["content-disposition"]).toMatch(
        new RegExp(`^attachment; filename="learnward-library-\\d{4}-\\d{2}-\\d{2}\\.${{ csv: "csv", bookmarks_html: "html", json: "json" }[format]}"$`),
      );
      const reader = await addPerson(t, { company: "acme", role: "member" });
      const back = await importFile(reader, { format, content: res.text });
      expect(back.body, format).toMatchObject({ added: mine.length, skipped_count: 0, folders_created: 1 });
      const theirs = await library(reader);
      expect(
        theirs.map((i) => [i.title, i.url, i.description, i.content_type, i.is_private]),
        format,
      ).toEqual(mine.map((i) => [i.title, i.url, i.description, i.content_type, i.is_private]));
      expect(await placesOf(reader), format).toEqual(await placesOf(person));
    }
    // A title with markup stays text in the bookmark file.
    expect((await person.client.get("/api/contentuser/export?format=bookmarks_html")).text).toContain("&lt;script&gt;alert(1)&lt;/script&gt; headline");
    // Only the caller's own library.
    const theirs = await other.client.get("/api/contentuser/export?format=csv");
    expect(theirs.text).not.toContain("exported-secret");
    expect((await other.client.get("/api/contentuser/export?format=opml")).status).toBe(400);
    expect((await t.anonymous.get("/api/contentuser/export?format=csv")).status).toBe(401);
  });
});
