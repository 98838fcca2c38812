import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sql } from "drizzle-orm";
import { HIGHLIGHTS_PER_ITEM_MAX, NOTE_MAX } from "@learnward/contracts";
import { createTestContext, type TestContext } from "../../../test/helpers.ts";
import { addPerson, createCompany, type Person } from "../../../test/factories.ts";
import { saveLink } from "../../../test/library-counts.ts";

/**
 * A saved item's note (Markdown, one per item, edited in place) and its highlights (quoted passages
 * with a comment). Only the item's owner reaches them: a colleague and another company are answered
 * not found, and nothing of the owner's changes.
 */
let t: TestContext;
let company: number;

beforeAll(async () => {
  t = await createTestContext({ seed: false, readMetadata: async () => null });
  company = (await createCompany(t)).id;
});
afterAll(() => t.close());

const person = () => addPerson(t, { company, role: "member" });
const rows = async <T>(query: ReturnType<typeof sql>) => ((await t.database.db.execute(query)) as unknown as { rows: T[] }).rows;
const note = (p: Person, id: number) => p.client.get(`/api/contentuser/${id}/note/`);
const putNote = (p: Person, id: number, text: string) => p.client.put(`/api/contentuser/${id}/note/`, { note: text });
const highlights = (p: Person, id: number) => p.client.get(`/api/contentuser/${id}/highlights/`);
const addHighlight = (p: Person, id: number, body: Record<string, unknown>) => p.client.post(`/api/contentuser/${id}/highlights/`, body);

describe("who may read and write a saved item's note and highlights", () => {
  it("refuses a colleague of the same company and a person of another company, changing nothing", async () => {
    const owner = await person();
    const colleague = await addPerson(t, { company, role: "teamleader" });
    const outsider = await addPerson(t, { company: (await createCompany(t)).id, role: "hr" });
    const item = await saveLink(owner, "https://blog.example.org/notes-owner-only", "Owner only");
    expect((await putNote(owner, item.id_primary, "Mine")).status).toBe(200);
    const mine = await addHighlight(owner, item.id_primary, { text: "A passage", comment: "Mine" });
    expect(mine.status, JSON.stringify(mine.body)).toBe(201);
    const h = mine.body.id as number;

    for (const other of [colleague, outsider]) {
      for (const res of [
        await note(other, item.id_primary),
        await putNote(other, item.id_primary, "Theirs"),
        await putNote(other, item.id_primary, ""),
        await highlights(other, item.id_primary),
        await addHighlight(other, item.id_primary, { text: "Theirs" }),
        await other.client.patch(`/api/contentuser/highlights/${h}/`, { comment: "Theirs" }),
        await other.client.delete(`/api/contentuser/highlights/${h}/`),
      ]) {
        expect(res.status, JSON.stringify(res.body)).toBe(404);
        expect(res.body.error.code).toBe("not_found");
      }
    }
    expect((await t.anonymous.get(`/api/contentuser/${item.id_primary}/note/`)).status).toBe(401);
    expect((await t.anonymous.post("/api/contentuser/highlights/", { url: "https://blog.example.org/x", text: "x" })).status).toBe(401);

    expect((await note(owner, item.id_primary)).body.note).toBe("Mine");
    expect((await highlights(owner, item.id_primary)).body.results).toMatchObject([{ id: h, text: "A passage", comment: "Mine" }]);
  });
});

describe("a note on a saved item", () => {
  it("is empty at first, written whole, edited in place, and cleared by an empty one", async () => {
    const me = await person();
    const item = await saveLink(me, "https://blog.example.org/notes-in-place", "In place");
    expect((await note(me, item.id_primary)).body).toEqual({ id_primary: item.id_primary, note: "", updated_at: null });

    const first = await putNote(me, item.id_primary, "# Takeaways\n\n- window functions");
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    expect(first.body).toMatchObject({ id_primary: item.id_primary, note: "# Takeaways\n\n- window functions" });
    expect(typeof first.body.updated_at).toBe("string");
    const second = await putNote(me, item.id_primary, "Rewritten");
    expect(second.body.note).toBe("Rewritten");
    expect((await note(me, item.id_primary)).body.note).toBe("Rewritten");
    expect(await rows(sql`select 1 from item_notes where user_content_id = ${item.id_primary}`)).toHaveLength(1);

    const cleared = await putNote(me, item.id_primary, "  \n ");
    expect(cleared.body).toEqual({ id_primary: item.id_primary, note: "", updated_at: null });
    expect(await rows(sql`select 1 from item_notes where user_content_id = ${item.id_primary}`)).toHaveLength(0);
  });

  it(`takes ${NOTE_MAX} characters and refuses one more with the house's validation answer`, async () => {
    const me = await person();
    const item = await saveLink(me, "https://blog.example.org/notes-long", "Long");
    expect((await putNote(me, item.id_primary, "é".repeat(NOTE_MAX))).status).toBe(200);
    const over = await putNote(me, item.id_primary, "x".repeat(NOTE_MAX + 1));
    expect(over.status).toBe(400);
    expect(over.body.error.code).toBe("validation_error");
    expect((await me.client.put(`/api/contentuser/${item.id_primary}/note/`, { note: 5 })).status).toBe(400);
    expect((await me.client.put(`/api/contentuser/${item.id_primary}/note/`, { note: "x", extra: 1 })).status).toBe(400);
    expect((await note(me, item.id_primary)).body.note).toBe("é".repeat(NOTE_MAX));
  });
});

describe("highlights on a saved item", () => {
  it("are added, listed in page order, edited and deleted (the deleted one answered for an undo)", async () => {
    const me = await person();
    const item = await saveLink(me, "https://blog.example.org/highlights-crud", "Highlights");
    const later = await addHighlight(me, item.id_primary, { text: "  Second passage  ", position: 900 });
    const unplaced = await addHighlight(me, item.id_primary, { text: "Pasted passage", comment: "" });
    const earlier = await addHighlight(me, item.id_primary, { text: "First passage", comment: "Why it matters", position: 10 });
    for (const res of [later, unplaced, earlier]) expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(later.body).toMatchObject({ id_primary: item.id_primary, text: "Second passage", comment: null, position: 900 });
    expect(unplaced.body.comment).toBeNull();

    const listed = await highlights(me, item.id_primary);
    expect(listed.body.count).toBe(3);
    expect(listed.body.results.map((h: { text: string }) => h.text)).toEqual(["First passage", "Second passage", "Pasted passage"]);

    const edited = await me.client.patch(`/api/contentuser/highlights/${later.body.id}/`, { comment: "Now commented" });
    expect(edited.status, JSON.stringify(edited.body)).toBe(200);
    expect(edited.body).toMatchObject({ id: later.body.id, text: "Second passage", comment: "Now commented" });
    const cleared = await me.client.patch(`/api/contentuser/highlights/${later.body.id}/`, { comment: null, text: "Second passage, corrected" });
    expect(cleared.body).toMatchObject({ text: "Second passage, corrected", comment: null });
    expect((await me.client.patch(`/api/contentuser/highlights/${later.body.id}/`, {})).status).toBe(400);

    const removed = await me.client.delete(`/api/contentuser/highlights/${earlier.body.id}/`);
    expect(removed.status).toBe(200);
    expect(removed.body).toMatchObject({ id: earlier.body.id, text: "First passage", comment: "Why it matters", position: 10 });
    expect((await me.client.delete(`/api/contentuser/highlights/${earlier.body.id}/`)).status).toBe(404);
    expect((await highlights(me, item.id_primary)).body.count).toBe(2);
  });

  it("refuses an empty or overlong passage or comment with the house's validation answer", async () => {
    const me = await person();
    const item = await saveLink(me, "https://blog.example.org/highlights-bounds", "Bounds");
    expect((await addHighlight(me, item.id_primary, { text: "q".repeat(5000), comment: "c".repeat(2000) })).status).toBe(201);
    for (const body of [
      { text: "" },
      { text: "   " },
      { text: "q".repeat(5001) },
      { text: "ok", comment: "c".repeat(2001) },
      { text: "ok", position: -1 },
      { text: "ok", id: 3 },
    ]) {
      const res = await addHighlight(me, item.id_primary, body);
      expect(res.status, JSON.stringify(body).slice(0, 60)).toBe(400);
      expect(res.body.error.code).toBe("validation_error");
    }
    expect((await highlights(me, item.id_primary)).body.count).toBe(1);
  });

  it(`keeps at most ${HIGHLIGHTS_PER_ITEM_MAX} on one item`, async () => {
    const me = await person();
    const item = await saveLink(me, "https://blog.example.org/highlights-many", "Many");
    await t.database.db.execute(sql`
      insert into item_highlights (user_content_id, account_id, text)
      select ${item.id_primary}::int, ${me.id}::int, 'passage ' || n from generate_series(1, ${HIGHLIGHTS_PER_ITEM_MAX}::int) n`);
    const over = await addHighlight(me, item.id_primary, { text: "One too many" });
    expect(over.status).toBe(409);
    expect(over.body.error).toMatchObject({ code: "highlight_limit_reached", details: { max: HIGHLIGHTS_PER_ITEM_MAX } });
  });

  it("go with their item: deleting the saved item deletes its note and highlights", async () => {
    const me = await person();
    const item = await saveLink(me, "https://blog.example.org/highlights-cascade", "Cascade");
    await putNote(me, item.id_primary, "Gone with it");
    await addHighlight(me, item.id_primary, { text: "Gone too" });
    expect((await me.client.delete(`/api/contentuser/delete/?id_primary=${item.id_primary}`)).status).toBe(200);
    expect(await rows(sql`select 1 from item_notes where user_content_id = ${item.id_primary}`)).toHaveLength(0);
    expect(await rows(sql`select 1 from item_highlights where user_content_id = ${item.id_primary}`)).toHaveLength(0);
  });
});

describe("a highlight made on a page (the browser extension)", () => {
  it("saves the page first when it is not in my library, then adds to my copy", async () => {
    const me = await person();
    const colleague = await person();
    const url = "https://www.example.org/guides/highlight-by-url?utm_source=x";
    const first = await me.client.post("/api/contentuser/highlights/", { url, title: "Highlighted guide", text: "A marked passage", comment: "Remember" });
    expect(first.status, JSON.stringify(first.body)).toBe(201);
    expect(first.body).toMatchObject({
      item_created: true,
      item: { title: "Highlighted guide", url },
      highlight: { text: "A marked passage", comment: "Remember" },
    });
    expect(first.body.highlight.id_primary).toBe(first.body.item.id_primary);

    // The same page as the browser shows it another time: the copy already saved.
    const again = await me.client.post("/api/contentuser/highlights/", { url: "https://example.org/guides/highlight-by-url#part-2", text: "Another passage" });
    expect(again.status).toBe(201);
    expect(again.body).toMatchObject({ item_created: false, item: { id_primary: first.body.item.id_primary } });
    const lookup = await me.client.get(`/api/contentuser/lookup?url=${encodeURIComponent(url)}`);
    expect(lookup.body).toMatchObject({ saved: true, id_primary: first.body.item.id_primary, highlights: 2 });

    // A colleague highlighting the same page gets a copy of their own, and sees none of mine.
    const theirs = await colleague.client.post("/api/contentuser/highlights/", { url, text: "Their passage" });
    expect(theirs.body.item_created).toBe(true);
    expect(theirs.body.item.id_primary).not.toBe(first.body.item.id_primary);
    expect((await highlights(colleague, theirs.body.item.id_primary)).body.results.map((h: { text: string }) => h.text)).toEqual(["Their passage"]);
  });

  it("refuses a non-web address and an empty passage, saving nothing", async () => {
    const me = await person();
    for (const body of [
      { url: "javascript:alert(1)", text: "x" },
      { url: "https://blog.example.org/empty-passage", text: " " },
    ]) {
      const res = await me.client.post("/api/contentuser/highlights/", body);
      expect(res.status).toBe(400);
      expect(res.body.error.code).toBe("validation_error");
    }
    expect((await me.client.get("/api/contentuser/lookup?url=https%3A%2F%2Fblog.example.org%2Fempty-passage")).body).toEqual({ saved: false });
  });
});
