import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { readFileSync } from "node:fs";
import { createTestContext, type TestContext } from "../../../test/helpers.ts";
import { addPerson, createCompany, type Person } from "../../../test/factories.ts";
import { saveLink } from "../../../test/library-counts.ts";

/**
 * Exports carry each item's state, note and highlights, and the import brings them back: Learnward's
 * own JSON export without losing anything, its CSV and other tools' files as far as they say.
 */
let t: TestContext;
beforeAll(async () => {
  t = await createTestContext({ seed: false, readMetadata: async () => null });
});
afterAll(() => t.close());

const newPerson = async () => addPerson(t, { company: (await createCompany(t)).id, role: "member" });

async function importFile(p: Person, body: Record<string, unknown>) {
  const sent = await p.client.post("/api/contentuser/import", body);
  expect(sent.status, JSON.stringify(sent.body)).toBe(202);
  await t.app.jobs.drain();
  const done = await p.client.get(`/api/contentuser/import/${sent.body.id}`);
  expect(done.body.status).toBe("done");
  return done.body;
}
const exported = async (p: Person, format: "json" | "csv") => (await p.client.get(`/api/contentuser/export?format=${format}`)).text;
/** A JSON export without the moment it was made. */
const exportedJson = async (p: Person) => {
  const { exported_at: _at, ...rest } = JSON.parse(await exported(p, "json"));
  return rest;
};
const ok = <T extends { status: number; body: unknown }>(res: T) => {
  expect(res.status, JSON.stringify(res.body)).toBeLessThan(300);
  return res;
};

/** A library with a bit of everything: states of each kind, a note with Markdown and markup, highlights, a folder, a private item. */
async function fullLibrary() {
  const me = await newPerson();
  const article = await saveLink(me, "https://blog.example.org/roundtrip-article", "Article with notes", { description: "About windows" });
  ok(await me.client.patch(`/api/contentuser/${article.id_primary}/state/`, { state: "finalized" }));
  ok(
    await me.client.put(`/api/contentuser/${article.id_primary}/note/`, {
      note: "# Takeaways\n\n- rank()\n- <script>alert(1)</script>\n\t[x](javascript:alert(1))",
    }),
  );
  ok(await me.client.post(`/api/contentuser/${article.id_primary}/highlights/`, { text: "Window functions\nrank rows.", comment: "Key idea", position: 120 }));
  ok(await me.client.post(`/api/contentuser/${article.id_primary}/highlights/`, { text: "Pasted without a place" }));
  const job = await saveLink(me, "https://jobs.example.org/roundtrip-engineer", "Engineer", { content_type: "job" });
  ok(await me.client.patch(`/api/contentuser/${job.id_primary}/state/`, { state: "applied" }));
  const course = await saveLink(me, "https://learn.example.org/roundtrip-course", "A course", { content_type: "course" });
  ok(await me.client.patch(`/api/contentuser/${course.id_primary}/state/`, { state: "running" }));
  const secret = await saveLink(me, "https://private.example.org/roundtrip-secret", "Secret", { is_private: true, content_type: "video" });
  ok(await me.client.put(`/api/contentuser/${secret.id_primary}/note/`, { note: "Only mine" }));
  const folder = (await me.client.post("/api/user/folder/", { name: "Reading" })).body.id;
  ok(await me.client.post("/api/user/folder_relation/create_content/", { id_folder: folder, id_primary: article.id_primary }));
  return me;
}

describe("exporting notes, highlights and states", () => {
  it("Learnward's JSON export imported into a fresh library exports the same again, and a second import adds no repeats", async () => {
    const me = await fullLibrary();
    const mine = await exportedJson(me);
    const article = mine.items.find((i: { title: string }) => i.title === "Article with notes");
    expect(article).toMatchObject({
      state: "finalized",
      course_status: "finalized",
      note: expect.stringContaining("# Takeaways"),
      highlights: [
        { text: "Window functions\nrank rows.", comment: "Key idea", position: 120, created_at: expect.any(String) },
        { text: "Pasted without a place", comment: null, position: null },
      ],
    });
    expect(mine.items.find((i: { title: string }) => i.title === "Engineer")).toMatchObject({
      state: "applied",
      course_status: null,
      note: null,
      highlights: [],
    });

    const fresh = await newPerson();
    expect(await importFile(fresh, { format: "json", content: await exported(me, "json") })).toMatchObject({ added: 4, skipped_count: 0 });
    expect(await exportedJson(fresh)).toEqual(mine);

    // The same file again: everything is already there, nothing doubles.
    expect(await importFile(fresh, { format: "json", content: await exported(me, "json") })).toMatchObject({ added: 0, merged: 4 });
    expect(await exportedJson(fresh)).toEqual(mine);
  });

  it("the CSV carries the note, the highlights and the state, and imports them back", async () => {
    const me = await fullLibrary();
    const csv = await exported(me, "csv");
    expect(csv.split(/\r?\n/)[0]).toBe("url,title,description,folder,created,content_type,status,private,note,highlights,tags");
    const fresh = await newPerson();
    expect(await importFile(fresh, { format: "csv", content: csv })).toMatchObject({ added: 4, skipped_count: 0 });
    const theirs = await exportedJson(fresh);
    const mine = await exportedJson(me);
    const pick = (items: { title: string; state: string | null; note: string | null; highlights: { text: string; comment: string | null }[] }[]) =>
      items.map((i) => [i.title, i.state, i.note, i.highlights.map((h) => [h.text, h.comment])]);
    expect(pick(theirs.items)).toEqual(pick(mine.items));
  });
});

describe("importing other tools' notes, highlights and states", () => {
  it("Raindrop's note and highlights land on my copy; a note I already wrote is kept", async () => {
    const me = await newPerson();
    const inbox = await saveLink(me, "https://learn.example.org/inbox", "Inbox");
    ok(await me.client.put(`/api/contentuser/${inbox.id_primary}/note/`, { note: "Written here" }));
    const raindrop = readFileSync(new URL("../../../test/fixtures/imports/raindrop.csv", import.meta.url), "utf8").replace(
      "813,Inbox item,,,",
      "813,Inbox item,From Raindrop,,",
    );
    await importFile(me, { format: "csv", content: raindrop });
    const items = (await exportedJson(me)).items as { url: string; note: string | null; highlights: { text: string; comment: string | null }[] }[];
    expect(items.find((i) => i.url === "https://learn.example.org/k8s")).toMatchObject({
      note: "My note",
      highlights: [
        { text: "Sidecars share the pod's network.", comment: "Use for proxies" },
        { text: "Ambassadors proxy outbound calls.", comment: null },
      ],
    });
    expect(items.find((i) => i.url === "https://learn.example.org/inbox")?.note).toBe("Written here");
  });

  it("what a tool calls read, archived or done is done for every type; a course still starts on the wishlist", async () => {
    const me = await newPerson();
    await importFile(me, {
      format: "csv",
      content: [
        "url,title,status",
        "https://blog.example.org/read-one,Read one,archive",
        "https://blog.example.org/unread-one,Unread one,unread",
        "https://www.coursera.org/learn/done-course,Done course,read",
        "https://www.coursera.org/learn/new-course,New course,",
      ].join("\n"),
    });
    const items = (await exportedJson(me)).items as { title: string; state: string | null }[];
    expect(Object.fromEntries(items.map((i) => [i.title, i.state]))).toEqual({
      "Read one": "finalized",
      "Unread one": null,
      "Done course": "finalized",
      "New course": "wishlist",
    });
  });
});
