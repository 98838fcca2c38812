import { readFileSync } from "node:fs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestContext, type TestContext } from "../../../test/helpers.ts";
import { addPerson, createCompany, type Person } from "../../../test/factories.ts";

/** Imports keep the tags their files carry, and every export format writes the library's tags so that an import brings them back. */
let t: TestContext;
let company: number;
beforeAll(async () => {
  t = await createTestContext({ seed: false, readMetadata: async () => null });
  company = (await createCompany(t)).id;
});
afterAll(() => t.close());

const fixture = (name: string) => readFileSync(new URL(`../../../test/fixtures/imports/${name}`, import.meta.url), "utf8");
const person = () => addPerson(t, { company, role: "member" });

async function importFile(p: Person, body: Record<string, unknown>) {
  const sent = await p.client.post("/api/contentuser/import", body);
  expect(sent.status, JSON.stringify(sent.body)).toBe(202);
  await t.app.jobs.drain();
  const done = await p.client.get(`/api/contentuser/import/${sent.body.id}`);
  expect(done.body.status).toBe("done");
  return done.body;
}
/** Each item's title and tags, by title. */
const tagged = async (p: Person) =>
  ((await p.client.get("/api/contentuser/search?contenType=all,job&page_size=100")).body.results as { title: string; tags: string[] }[])
    .map((i) => [i.title, i.tags] as const)
    .sort(([a], [b]) => a.localeCompare(b));
const tagNames = async (p: Person) =>
  ((await p.client.get("/api/contentuser/tags")).body.results as { name: string; count: number }[]).map((x) => [x.name, x.count]);

describe("importing tags", () => {
  it("keeps the tags of Pocket's CSV and HTML, Karakeep's and Linkwarden's JSON, one tag per name for the person", async () => {
    const me = await person();
    await importFile(me, { format: "csv", content: fixture("pocket.csv") });
    await importFile(me, { format: "bookmarks_html", content: fixture("pocket.html") });
    await importFile(me, { format: "json", content: fixture("karakeep.json") });
    await importFile(me, { format: "json", content: fixture("linkwarden.json") });
    const items = Object.fromEntries(await tagged(me));
    expect(items["Negotiation basics"]).toEqual(["career", "soft-skills"]);
    expect(items["Good one-on-ones"]).toEqual(["management", "people"]);
    expect(items["Designing data-intensive applications"]).toEqual(["books", "data"]);
    expect(items["Refactoring UI"]).toEqual(["design"]);
    expect(items["Feedback, the hard way"]).toEqual([]);
    expect(await tagNames(me)).toEqual([
      ["books", 1],
      ["career", 1],
      ["data", 1],
      ["design", 1],
      ["management", 2],
      ["people", 1],
      ["soft-skills", 1],
    ]);
  });

  it("adds a file's tags to an item already in the library, in the case of the tag I already have", async () => {
    const me = await person();
    const saved = await me.client.post("/api/contentuser/save/", {
      url: "https://learn.example.org/negotiation",
      title: "Mine already",
      fetch_metadata: false,
    });
    await me.client.put(`/api/contentuser/${saved.body.id_primary}/tags`, { tags: ["Career", "kept"] });
    expect(await importFile(me, { format: "csv", content: fixture("pocket.csv") })).toMatchObject({ added: 1, merged: 1 });
    expect(Object.fromEntries(await tagged(me))["Mine already"]).toEqual(["Career", "kept", "soft-skills"]);
    expect((await tagNames(me)).map(([name]) => name)).toEqual(["Career", "kept", "soft-skills"]);
  });
});

describe("exporting tags", () => {
  it("writes tags in CSV, bookmark file and JSON, and each imports back with them", async () => {
    const me = await person();
    await importFile(me, { format: "json", content: fixture("karakeep.json") });
    await importFile(me, { format: "csv", content: fixture("pocket.csv") });
    const odd = await me.client.post("/api/contentuser/save/", { url: "https://learn.example.org/odd", title: "Odd names", fetch_metadata: false });
    await me.client.put(`/api/contentuser/${odd.body.id_primary}/tags`, { tags: ["a|b", "Zeta"] });
    const mine = await tagged(me);

    const json = JSON.parse((await me.client.get("/api/contentuser/export?format=json")).text);
    expect(json.items.find((i: { title: string }) => i.title === "Negotiation basics").tags).toEqual(["career", "soft-skills"]);
    const csv = (await me.client.get("/api/contentuser/export?format=csv")).text;
    expect(csv.split("\n")[0]).toContain(",tags");
    expect(csv).toContain("career|soft-skills");
    expect((await me.client.get("/api/contentuser/export?format=bookmarks_html")).text).toContain('TAGS="career,soft-skills"');

    for (const format of ["json", "csv"] as const) {
      const reader = await person();
      await importFile(reader, { format, content: (await me.client.get(`/api/contentuser/export?format=${format}`)).text });
      expect(await tagged(reader), format).toEqual(mine);
    }
    // The bookmark file can't hold a comma in a name, nor a "|" apart from the rest: the others come back the same.
    const reader = await person();
    await importFile(reader, { format: "bookmarks_html", content: (await me.client.get("/api/contentuser/export?format=bookmarks_html")).text });
    expect((await tagged(reader)).filter(([title]) => title !== "Odd names")).toEqual(mine.filter(([title]) => title !== "Odd names"));
  });
});
