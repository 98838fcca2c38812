import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sql } from "drizzle-orm";
import { createTestContext, type TestContext } from "../../../test/helpers.ts";
import { addPerson, createCompany, fingerprinter, type Person } from "../../../test/factories.ts";
import { saveLink } from "../../../test/library-counts.ts";

/**
 * Tags on saved items: a person's own, put on their items with the whole list, renamed (onto
 * another tag's name: merged), merged, deleted; lists filter by them (`tag=`, or a search of just
 * `#tag`), and items carry their owner's tags. Nobody else, in the company or not, touches or sees them.
 */
let t: TestContext;
let company: number;
let fingerprint: () => Promise<string>;

beforeAll(async () => {
  t = await createTestContext({ seed: false });
  company = (await createCompany(t)).id;
  fingerprint = await fingerprinter(t);
});
afterAll(() => t.close());

let serial = 0;
const person = (companyId = company) => addPerson(t, { company: companyId, role: "member" });
const save = (p: Person, title: string, extra: Record<string, unknown> = {}) => saveLink(p, `https://blog.example.org/tags-${++serial}`, title, extra);
const setTags = (p: Person, id: number, tags: string[]) => p.client.put(`/api/contentuser/${id}/tags/`, { tags });
const myTags = async (p: Person) => (await p.client.get("/api/contentuser/tags/")).body.results as { id: number; name: string; count: number }[];
const titles = (res: { body: { results: { title: string }[] } }) => res.body.results.map((r) => r.title);

describe("tags on my items", () => {
  it("sets an item's tags with the whole list, creating new ones and keeping one tag per name whatever its case", async () => {
    const me = await person();
    const a = await save(me, "Pandas basics");
    const b = await save(me, "Numpy tricks");
    const res = await setTags(me, a.id_primary, ["Python", " data  science ", "#python", "Data Science"]);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toEqual({ id_primary: a.id_primary, tags: ["data science", "Python"] });
    // "python" names my existing "Python": no second tag.
    expect((await setTags(me, b.id_primary, ["python"])).body.tags).toEqual(["Python"]);
    expect(await myTags(me)).toEqual([expect.objectContaining({ name: "data science", count: 1 }), expect.objectContaining({ name: "Python", count: 2 })]);

    // The list is the whole list: what is left out comes off.
    expect((await setTags(me, a.id_primary, ["data science"])).body.tags).toEqual(["data science"]);
    const listed = await me.client.get("/api/contentuser/search/?contenType=all");
    expect(listed.body.results.map((r: { title: string; tags: string[] }) => [r.title, r.tags])).toEqual([
      ["Numpy tricks", ["Python"]],
      ["Pandas basics", ["data science"]],
    ]);
    // Items answered by an edit and a state move carry their tags too.
    expect((await me.client.patch(`/api/contentuser/${b.id_primary}/`, { title: "Numpy tricks 2" })).body.tags).toEqual(["Python"]);
    expect((await me.client.patch(`/api/contentuser/${b.id_primary}/state/`, { state: "running" })).body.tags).toEqual(["Python"]);
    // So do the item's own page and a folder's items.
    expect((await me.client.get(`/api/contentuser/${a.id_primary}/`)).body.tags).toEqual(["data science"]);
    const folder = (await me.client.post("/api/user/folder/", { name: "Data" })).body.id;
    await me.client.post("/api/user/folder_relation/create_content/", { id_folder: folder, id_primary: a.id_primary });
    const inFolder = await me.client.get(`/api/user/folder_relation/?id_folder__id=${folder}`);
    expect(inFolder.body.results.map((r: { content: { tags: string[] } }) => r.content.tags)).toEqual([["data science"]]);
  });

  it("refuses a blank or too long tag and too many tags, changing nothing", async () => {
    const me = await person();
    const a = await save(me, "Refusals");
    const before = await fingerprint();
    for (const tags of [[" "], ["#"], ["x".repeat(65)], Array.from({ length: 51 }, (_, i) => `t${i}`)]) {
      const res = await setTags(me, a.id_primary, tags);
      expect(res.status).toBe(400);
      expect(res.body.error.code).toBe("validation_error");
    }
    expect(await fingerprint()).toBe(before);
    expect((await setTags(me, a.id_primary, ["x".repeat(64)])).status).toBe(200);
  });

  it("renames a tag, merges it when the name is another tag's, and deletes a tag keeping its items", async () => {
    const me = await person();
    const a = await save(me, "One");
    const b = await save(me, "Two");
    await setTags(me, a.id_primary, ["js", "web"]);
    await setTags(me, b.id_primary, ["javascript", "web"]);
    const byName = async () => Object.fromEntries((await myTags(me)).map((tag) => [tag.name, tag]));
    let tags = await byName();

    const renamed = await me.client.patch(`/api/contentuser/tags/${tags.javascript!.id}/`, { name: "JavaScript" });
    expect(renamed.body).toEqual({ id: tags.javascript!.id, name: "JavaScript", count: 1, merged: false });
    // Onto another tag's name, in another case: one tag, carried by both items once.
    const merged = await me.client.patch(`/api/contentuser/tags/${tags.js!.id}/`, { name: "javascript" });
    expect(merged.body).toEqual({ id: tags.javascript!.id, name: "JavaScript", count: 2, merged: true });
    tags = await byName();
    expect(Object.keys(tags)).toEqual(["JavaScript", "web"]);

    const removed = await me.client.delete(`/api/contentuser/tags/${tags.web!.id}/`);
    expect(removed.body).toEqual({ id: tags.web!.id, items: 2 });
    const listed = await me.client.get("/api/contentuser/search/?contenType=all");
    expect(listed.body.count).toBe(2);
    expect(listed.body.results.map((r: { tags: string[] }) => r.tags)).toEqual([["JavaScript"], ["JavaScript"]]);
  });

  it("merges several tags into one", async () => {
    const me = await person();
    const a = await save(me, "A");
    const b = await save(me, "B");
    const c = await save(me, "C");
    await setTags(me, a.id_primary, ["ml"]);
    await setTags(me, b.id_primary, ["machine learning", "ml"]);
    await setTags(me, c.id_primary, ["ML ops", "ai"]);
    const ids = Object.fromEntries((await myTags(me)).map((tag) => [tag.name, tag.id]));
    const res = await me.client.post("/api/contentuser/tags/merge/", { tag_ids: [ids.ml, ids["ML ops"], ids.ai], into_tag_id: ids["machine learning"] });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toEqual({ id: ids["machine learning"], name: "machine learning", count: 3 });
    expect((await myTags(me)).map((tag) => [tag.name, tag.count])).toEqual([["machine learning", 3]]);
  });
});

describe("who may touch tags", () => {
  it("refuses a colleague of the same company and a person of another company, by item and by tag, changing nothing", async () => {
    const owner = await person();
    const item = await save(owner, "Owner's private notes", { is_private: true });
    await setTags(owner, item.id_primary, ["secret-project"]);
    const [tag] = await myTags(owner);
    const colleague = await person();
    const outsider = await person((await createCompany(t, { name: "Globex tags" })).id);
    const theirItem = await save(colleague, "Colleague item");
    await setTags(colleague, theirItem.id_primary, ["mine"]);
    const [theirTag] = await myTags(colleague);

    for (const intruder of [colleague, outsider]) {
      const before = await fingerprint();
      const attempts = [
        await setTags(intruder, item.id_primary, ["hijack"]),
        await intruder.client.patch(`/api/contentuser/tags/${tag!.id}/`, { name: "renamed" }),
        await intruder.client.delete(`/api/contentuser/tags/${tag!.id}/`),
        // An id in the body is checked like one in the path: neither merging mine away nor into theirs.
        await intruder.client.post("/api/contentuser/tags/merge/", { tag_ids: [tag!.id], into_tag_id: tag!.id }),
      ];
      for (const res of attempts) {
        expect(res.status, JSON.stringify(res.body)).toBe(404);
        expect(res.body.error.code).toBe("not_found");
        expect(res.text).not.toContain("secret-project");
      }
      expect(await fingerprint()).toBe(before);
      // Their own lists never show my tag, nor does a filter by its name find anything.
      expect((await myTags(intruder)).map((x) => x.name)).not.toContain("secret-project");
      expect((await intruder.client.get("/api/contentuser/search/?contenType=all&tag=secret-project")).body.count).toBe(0);
      expect((await intruder.client.get("/api/contentuser/tags/suggest/?q=secret")).body.results).toEqual([]);
    }
    // My tag merged into the colleague's (or theirs into mine) is refused too.
    const mixed = await owner.client.post("/api/contentuser/tags/merge/", { tag_ids: [tag!.id], into_tag_id: theirTag!.id });
    expect(mixed.status).toBe(404);
    expect((await myTags(owner)).map((x) => x.name)).toEqual(["secret-project"]);
  });

  it("shows a colleague my public saves without my tags, and filters nothing of mine by tag there", async () => {
    const owner = await person();
    const item = await save(owner, "Public with tags");
    await setTags(owner, item.id_primary, ["career"]);
    const username = (await owner.client.get("/api/me")).body.account.username;
    const colleague = await person();
    const seen = await colleague.client.get(`/api/contentuser/search/?contenType=all&username=${username}`);
    expect(seen.body.count).toBe(1);
    expect(seen.body.results[0].tags).toBeUndefined();
    expect((await colleague.client.get(`/api/contentuser/search/?contenType=all&username=${username}&tag=career`)).body.count).toBe(0);
  });
});

describe("finding items by tag", () => {
  it("filters lists and counts by tag=, and a search of just #tag finds tagged items while other searches stay text searches", async () => {
    const me = await person();
    const tagged = await save(me, "Managing people");
    const alsoTagged = await save(me, "Feedback that works", { content_type: "video" });
    await save(me, "Leadership essays");
    const textOnly = await save(me, "Leadership at scale");
    await setTags(me, tagged.id_primary, ["Leadership"]);
    await setTags(me, alsoTagged.id_primary, ["leadership", "people"]);
    await setTags(me, textOnly.id_primary, ["people"]);

    const byTag = await me.client.get("/api/contentuser/search/?contenType=all&tag=leadership");
    expect(titles(byTag)).toEqual(["Feedback that works", "Managing people"]);
    expect(byTag.body.count).toBe(2);
    expect(titles(await me.client.get("/api/contentuser/search/?contenType=video&tag=Leadership"))).toEqual(["Feedback that works"]);
    // One type of the tagged items, a page of one: counted item by item.
    const articles = await me.client.get("/api/contentuser/search/?contenType=article&tag=leadership&page_size=1");
    expect([articles.body.count, titles(articles)]).toEqual([1, ["Managing people"]]);
    // A tag and a text search together; two tags (filter and #) together.
    expect(titles(await me.client.get("/api/contentuser/search/?contenType=all&tag=people&search=leadership"))).toEqual(["Leadership at scale"]);
    expect(titles(await me.client.get("/api/contentuser/search/?contenType=all&tag=people&search=%23leadership"))).toEqual(["Feedback that works"]);
    // Paged: the total stays, the pages walk newest first.
    const page2 = await me.client.get("/api/contentuser/search/?contenType=all&tag=leadership&page_size=1&page=2");
    expect([page2.body.count, titles(page2)]).toEqual([2, ["Managing people"]]);
    expect((await me.client.get("/api/contentuser/search/?contenType=all&tag=leadership&page_size=1&page=5")).body.count).toBe(2);
    // Every type, private ones too: counted from the tag alone.
    expect((await me.client.get("/api/contentuser/search/?contenType=all,job&tag=leadership&page_size=1")).body.count).toBe(2);
    // Once a job carries the tag, "all" (which leaves jobs out) no longer counts it, and "all,job" does.
    const job = await save(me, "Engineering manager", { content_type: "job" });
    await setTags(me, job.id_primary, ["leadership"]);
    expect((await me.client.get("/api/contentuser/search/?contenType=all&tag=leadership&page_size=1")).body.count).toBe(2);
    expect((await me.client.get("/api/contentuser/search/?contenType=all,job&tag=leadership&page_size=1")).body.count).toBe(3);
    expect((await me.client.delete(`/api/contentuser/delete/?id_primary=${job.id_primary}`)).status).toBe(200);
    // A blank tag is no filter; a tag I don't have finds nothing.
    expect((await me.client.get("/api/contentuser/search/?contenType=all&tag=%20%23%20")).body.count).toBe(4);
    expect((await me.client.get("/api/contentuser/search/?contenType=all&tag=nope")).body.count).toBe(0);

    // #tag: the tagged items only, not every title with the word.
    const hash = await me.client.get("/api/contentuser/search/?contenType=all&search=%23leadership");
    expect(titles(hash)).toEqual(["Feedback that works", "Managing people"]);
    // spec §5 otherwise: a # before a word I have no tag for is stripped, and the text is searched.
    expect(titles(await me.client.get("/api/contentuser/search/?contenType=all&search=%23essays"))).toEqual(["Leadership essays"]);
    expect(
      (await me.client.get("/api/contentuser/search/?contenType=all&search=%23leadership%20scale")).body.results.map((r: { title: string }) => r.title),
    ).toEqual(["Leadership at scale"]);

    // The counts take the same filters as the lists.
    const counts = (await me.client.get("/api/contentuser/counts/?tag=leadership")).body;
    expect(counts).toMatchObject({ allContentCount: 2, articlesCount: 1, videosCount: 1 });
    expect((await me.client.get("/api/contentuser/counts/?search=%23leadership")).body).toMatchObject({ allContentCount: 2, videosCount: 1 });
    expect((await me.client.get("/api/contentuser/counts/?tag=nope")).body).toMatchObject({ allContentCount: 0 });
    expect((await me.client.get("/api/contentuser/counts/?search=%23essays")).body).toMatchObject({ allContentCount: 1 });
  });

  it("suggests my tags first, then the company catalog's skills, bounded", async () => {
    const me = await person();
    const item = await save(me, "Suggestions");
    await setTags(me, item.id_primary, ["Data engineering", "design"]);
    // The catalog's skills: on the company's items, another company's never offered.
    const other = await createCompany(t, { name: "Skills elsewhere" });
    const colleague = await person();
    const outsider = await person(other.id);
    const ours = await save(colleague, "Catalog item");
    const theirs = await save(outsider, "Their catalog item");
    await t.database.db.execute(sql`update content_items set skills = '{Data analysis,Databases,data engineering}' where id = ${ours.id_content}`);
    await t.database.db.execute(sql`update content_items set skills = '{Data secrets}' where id = ${theirs.id_content}`);

    const res = await me.client.get("/api/contentuser/tags/suggest/?q=%23DAT");
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.results).toEqual([
      { name: "Data engineering", source: "mine" },
      { name: "Data analysis", source: "skill" },
      { name: "Databases", source: "skill" },
    ]);
    expect((await me.client.get("/api/contentuser/tags/suggest/?q=")).body.results.length).toBeLessThanOrEqual(10);
    // Wildcards are letters like any other.
    expect((await me.client.get("/api/contentuser/tags/suggest/?q=%25")).body.results).toEqual([]);
  });
});

describe("one person's tag changes at the same time", () => {
  it("a rename racing an editor that creates the same name ends as one tag, never a server error", async () => {
    const me = await person();
    const items = await Promise.all(Array.from({ length: 6 }, (_, i) => save(me, `Race ${i}`)));
    for (let round = 0; round < 6; round++) {
      const [a, b] = [items[(round * 2) % 6]!, items[(round * 2 + 1) % 6]!];
      await setTags(me, a.id_primary, [`old-${round}`]);
      const tag = (await myTags(me)).find((x) => x.name === `old-${round}`)!;
      const [renamed, created] = await Promise.all([
        me.client.patch(`/api/contentuser/tags/${tag.id}/`, { name: `new-${round}` }),
        setTags(me, b.id_primary, [`NEW-${round}`]),
      ]);
      expect([renamed.status, created.status], JSON.stringify([renamed.body, created.body])).toEqual([200, 200]);
      const same = (await myTags(me)).filter((x) => x.name.toLowerCase() === `new-${round}`);
      expect(same.map((x) => x.count)).toEqual([2]);
    }
  });
});
