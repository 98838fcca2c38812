import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { and, eq } from "drizzle-orm";
import { adminAudit, collectionItems, collections, contentProgress, userContents } from "../../db/schema/index.ts";
import { createTestContext, type TestContext } from "../../../test/helpers.ts";
import { addContent, addOperator, createCompanyWithRoles, type Person } from "../../../test/factories.ts";

// An L&D leader hides junk from the catalog and merges duplicates into the item to keep.

let t: TestContext;
let co: Awaited<ReturnType<typeof createCompanyWithRoles>>;
let other: Awaited<ReturnType<typeof createCompanyWithRoles>>;
const CATALOG = "/api/b2b/v1/catalog";

beforeAll(async () => {
  t = await createTestContext({ seed: false });
  co = await createCompanyWithRoles(t);
  other = await createCompanyWithRoles(t);
});
afterAll(() => t.close());

const item = (title: string, skills: string[] = []) => addContent(t, { company: co.company.id, title, skills, createdBy: co.ldleader.id });
const save = async (p: Person, id: number) =>
  expect((await p.client.post("/api/contentuser/save", { id_content: id, fetch_metadata: false })).status).toBe(201);
const discovered = async (p: Person, search: string) =>
  ((await p.client.get(`/api/b2b/v1/discover/?search=${encodeURIComponent(search)}`)).body.results as { id_content?: number }[]).map((r) => r.id_content);
const collection = async (ownerId: number, contentIds: number[]) => {
  const [c] = await t.database.db.insert(collections).values({ companyId: co.company.id, ownerId, title: "Path", status: "published" }).returning();
  if (contentIds.length)
    await t.database.db.insert(collectionItems).values(contentIds.map((contentId, position) => ({ collectionId: c!.id, contentId, position })));
  return c!.id;
};
const itemsOf = async (collectionId: number) =>
  (await t.database.db.select().from(collectionItems).where(eq(collectionItems.collectionId, collectionId))).map((r) => r.contentId).sort();

describe("who may hide and merge catalog items", () => {
  it("refuses everyone but the company's L&D leader; another company's ids are not found", async () => {
    const a = await item("Curation refusals A");
    const b = await item("Curation refusals B");
    const theirs = await addContent(t, { company: other.company.id, title: "Globex item" });
    const operator = await addOperator(t);
    for (const verb of ["hide", "unhide"]) {
      expect((await t.anonymous.post(`${CATALOG}/${a.id}/${verb}/`)).status).toBe(401);
      expect((await operator.client.post(`${CATALOG}/${a.id}/${verb}/`)).status).toBe(403);
      for (const p of [co.member, co.teamleader, co.hr]) expect((await p.client.post(`${CATALOG}/${a.id}/${verb}/`)).status).toBe(403);
      expect((await other.ldleader.client.post(`${CATALOG}/${a.id}/${verb}/`)).status).toBe(404);
      expect((await co.ldleader.client.post(`${CATALOG}/${theirs.id}/${verb}/`)).status).toBe(404);
    }
    for (const p of [co.member, co.teamleader, co.hr]) expect((await p.client.post(`${CATALOG}/${b.id}/merge/`, { into_id: a.id })).status).toBe(403);
    expect((await other.ldleader.client.post(`${CATALOG}/${b.id}/merge/`, { into_id: a.id })).status).toBe(404);
    // An id named in the body is checked like the one in the path.
    expect((await co.ldleader.client.post(`${CATALOG}/${b.id}/merge/`, { into_id: theirs.id })).status).toBe(404);
    expect((await co.ldleader.client.post(`${CATALOG}/${theirs.id}/merge/`, { into_id: a.id })).status).toBe(404);
    expect((await co.ldleader.client.post(`${CATALOG}/${b.id}/merge/`, {})).status).toBe(400);
    expect((await co.ldleader.client.post(`${CATALOG}/${b.id}/merge/`, { into_id: b.id })).body.error.code).toBe("catalog_merge_into_itself");
    // Nothing was changed by any refusal.
    expect(await discovered(co.member, "Curation refusals")).toEqual(expect.arrayContaining([a.id, b.id]));
  });

  it("tells the L&D leader, and only them, that they may curate the catalog", async () => {
    expect((await co.ldleader.client.get("/api/me")).body.abilities.curate_catalog).toBe(true);
    for (const p of [co.hr, co.teamleader, co.member]) expect((await p.client.get("/api/me")).body.abilities.curate_catalog).toBe(false);
  });
});

describe("hiding a catalog item", () => {
  it("takes it out of discover, recommendations and copilot answers; whoever saved it keeps their copy; showing it again brings it back", async () => {
    const junk = await item("Kubernetes operators deep dive", ["kubernetes"]);
    const kept = await item("Kubernetes operators for beginners", ["kubernetes"]);
    await save(co.member, junk.id);
    const recommended = async () =>
      ((await co.teamleader.client.get("/api/b2b/v1/discover/recommendations/?limit=24")).body.results as { id_content: number }[]).map((r) => r.id_content);
    expect(await recommended()).toContain(junk.id);
    const events: unknown[] = [];
    const listen = async (_tx: unknown, p: unknown) => void events.push(p);
    const stop = t.app.events.on("catalog_item.hidden", listen);
    try {
      const res = await co.ldleader.client.post(`${CATALOG}/${junk.id}/hide/`);
      expect(res.status, res.text).toBe(200);
      expect(res.body).toMatchObject({ id: junk.id, merged_into_id: null });
      expect(res.body.hidden_at).toEqual(expect.any(String));
    } finally {
      stop();
    }
    expect(events).toEqual([{ actorId: co.ldleader.id, companyId: co.company.id, contentId: junk.id }]);

    for (const p of [co.member, co.teamleader, co.ldleader]) {
      const found = await discovered(p, "Kubernetes operators");
      expect(found).toContain(kept.id);
      expect(found).not.toContain(junk.id);
    }
    expect(await recommended()).not.toContain(junk.id);
    const c = (await co.teamleader.client.post("/api/b2b/v1/copilot/conversations/", {})).body.id;
    const asked = await co.teamleader.client.post(`/api/b2b/v1/copilot/conversations/${c}/messages/`, { content: "I want to learn kubernetes operators" });
    expect(asked.status, asked.text).toBe(200);
    const cited = asked.body.answer.items.map((i: { id_content: number }) => i.id_content);
    expect(cited).toContain(kept.id);
    expect(cited).not.toContain(junk.id);

    // The person who saved it still has it in their library.
    const mine = await co.member.client.get("/api/contentuser/search?search=deep%20dive");
    expect(mine.body.results.map((r: { id_content: number }) => r.id_content)).toContain(junk.id);

    const audit = await t.database.db
      .select()
      .from(adminAudit)
      .where(and(eq(adminAudit.entity, "catalog_item"), eq(adminAudit.entityId, junk.id)));
    expect(audit).toMatchObject([{ actorId: co.ldleader.id, companyId: co.company.id, action: "hide" }]);

    const shown = await co.ldleader.client.post(`${CATALOG}/${junk.id}/unhide/`);
    expect(shown.body).toMatchObject({ id: junk.id, hidden_at: null });
    expect(await discovered(co.member, "Kubernetes operators")).toEqual(expect.arrayContaining([junk.id, kept.id]));
  });
});

describe("merging a duplicate into the item to keep", () => {
  it("moves collection entries, saves and done marks to the kept item without duplicates, in one step, and hides the duplicate", async () => {
    const keep = await item("Negotiation basics (keep)");
    const dup = await item("Negotiation basics (duplicate)");
    const onlyDup = await collection(co.ldleader.id, [dup.id]);
    const both = await collection(co.ldleader.id, [keep.id, dup.id]);
    await save(co.member, dup.id); // saved the duplicate only: the save moves
    await save(co.teamleader, dup.id); // saved both: keeps both copies
    await save(co.teamleader, keep.id);
    await t.database.db.insert(contentProgress).values({ accountId: co.member.id, contentId: dup.id });
    const events: unknown[] = [];
    const listen = async (_tx: unknown, p: unknown) => void events.push(p);
    const stop = t.app.events.on("catalog_item.merged", listen);
    let res;
    try {
      res = await co.ldleader.client.post(`${CATALOG}/${dup.id}/merge/`, { into_id: keep.id });
    } finally {
      stop();
    }
    expect(res.status, res.text).toBe(200);
    expect(res.body).toMatchObject({
      id: dup.id,
      merged_into_id: keep.id,
      moved: { collection_items: 1, collection_duplicates_removed: 1, saves: 1, progress: 1 },
    });
    expect(res.body.hidden_at).toEqual(expect.any(String));
    expect(events).toEqual([{ actorId: co.ldleader.id, companyId: co.company.id, contentId: dup.id, intoId: keep.id }]);

    expect(await itemsOf(onlyDup)).toEqual([keep.id]);
    expect(await itemsOf(both)).toEqual([keep.id]);
    const saves = async (accountId: number) =>
      (await t.database.db.select().from(userContents).where(eq(userContents.accountId, accountId))).map((r) => r.contentId).sort();
    const negotiation = (ids: number[]) => ids.filter((id) => id === keep.id || id === dup.id).sort();
    expect(negotiation(await saves(co.member.id))).toEqual([keep.id]);
    expect(negotiation(await saves(co.teamleader.id))).toEqual([keep.id, dup.id].sort());
    const done = await t.database.db.select().from(contentProgress).where(eq(contentProgress.accountId, co.member.id));
    expect(negotiation(done.map((r) => r.contentId))).toEqual([keep.id]);

    const found = await discovered(co.member, "Negotiation basics");
    expect(found).toContain(keep.id);
    expect(found).not.toContain(dup.id);
    const audit = await t.database.db
      .select()
      .from(adminAudit)
      .where(and(eq(adminAudit.entity, "catalog_item"), eq(adminAudit.entityId, dup.id)));
    expect(audit).toMatchObject([{ actorId: co.ldleader.id, action: "merge", after: { merged_into_id: keep.id } }]);

    // A merged item is not merged again, and nothing merges into a hidden item.
    const third = await item("Negotiation basics (third)");
    expect((await co.ldleader.client.post(`${CATALOG}/${dup.id}/merge/`, { into_id: third.id })).body.error.code).toBe("catalog_item_merged");
    expect((await co.ldleader.client.post(`${CATALOG}/${third.id}/merge/`, { into_id: dup.id })).body.error.code).toBe("catalog_merge_into_hidden");
    expect((await co.ldleader.client.post(`${CATALOG}/${dup.id}/unhide/`)).body.error.code).toBe("catalog_item_merged");
  });
});
