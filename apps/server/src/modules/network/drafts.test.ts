// Published means reviewed: edits to a published collection wait as the owner's draft
// until the L&D leader accepts them; everyone else keeps seeing the published version.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { collections } from "../../db/schema/index.ts";
import { createTestContext, type Client, type TestContext } from "../../../test/helpers.ts";
import { addPerson, createCompany, createCompanyWithRoles } from "../../../test/factories.ts";

let t: TestContext;
let ld: Client, owner: Client, colleague: Client, globex: Client;
let pathId: number;
/** Catalog items of the path: a and b published at first, c added in the draft. */
let a: number, b: number, c: number;

type Detail = { title: string; items: { id: number; content: { id_content: number; title: string } }[]; sections: { title: string }[] };
const contents = (d: Detail) => d.items.map((i) => i.content.id_content);
const itemOf = (d: Detail, contentId: number) => d.items.find((i) => i.content.id_content === contentId)!.id;

async function save(client: Client, slug: string, title: string) {
  const res = await client.post("/api/contentuser/save/", {
    url: `https://learning.example/drafts/${slug}`,
    title,
    content_type: "article",
    fetch_metadata: false,
  });
  expect(res.status, res.text).toBe(201);
  return res.body.id_content as number;
}
const view = async (client: Client, query = "") => {
  const res = await client.get(`/api/b2b/v1/collections/${pathId}/${query}`);
  expect(res.status, res.text).toBe(200);
  return res.body;
};
const discover = async (client: Client, word: string) => (await client.get(`/api/b2b/v1/discover/?kind=collection&search=${word}`)).body;
const library = async (client: Client) =>
  (await client.get("/api/b2b/v1/collections/?scope=library&page_size=100")).body.results.find((x: { id: number }) => x.id === pathId);

beforeAll(async () => {
  t = await createTestContext({ seed: false });
});
afterAll(() => t.close());

/**
 * A company of its own told up to `stage`, so each test starts where the story has got to and none
 * depends on another having run: 0 the owner's "Quaternion basics" (a and b in "Week 1") published,
 * followed by a colleague who has done a; 1 the owner's draft renames it "Octonion deep dive", adds c
 * first and removes b, and the L&D leader's "Rotations" plan assigns the published path to the
 * colleague; 2 that draft submitted and accepted.
 */
async function story(stage: 0 | 1 | 2) {
  const world = await createCompanyWithRoles(t);
  [ld, owner, colleague] = [world.ldleader.client, world.member.client, world.teamleader.client];
  globex = (await addPerson(t, { company: (await createCompany(t)).id, role: "member" })).client;
  a = await save(owner, "a", "Quaternion algebra primer");
  b = await save(owner, "b", "Gimbal lock explained");
  c = await save(owner, "c", "Octonion multiplication table");
  pathId = (await owner.post("/api/b2b/v1/collections/", { title: "Quaternion basics", description: "Rotations in 3D", skills: ["geometry"] })).body.id;
  const week = (await owner.post(`/api/b2b/v1/collections/${pathId}/sections/`, { title: "Week 1" })).body.sections[0].id;
  for (const content_id of [a, b]) expect((await owner.post(`/api/b2b/v1/collections/${pathId}/items/`, { content_id, section_id: week })).status).toBe(201);
  const asked = await owner.post("/api/b2b/v1/publish-requests/", { collection_id: pathId });
  expect((await ld.post(`/api/b2b/v1/publish-requests/${asked.body.id}/accept/`, {})).status).toBe(200);
  // A colleague follows the path and has done its first item.
  await colleague.post(`/api/b2b/v1/collections/${pathId}/follow/`);
  const published = await view(colleague);
  expect((await colleague.post(`/api/b2b/v1/collections/${pathId}/progress/`, { item_id: itemOf(published, a), done: true })).status).toBe(200);
  if (stage < 1) return;
  await edits();
  expect((await assignRotations(world.teamleader.id)).status).toBe(201);
  if (stage < 2) return;
  const edited = await owner.post("/api/b2b/v1/publish-requests/", { collection_id: pathId });
  expect((await ld.post(`/api/b2b/v1/publish-requests/${edited.body.id}/accept/`, {})).status).toBe(200);
}
/** The owner renames the published path, adds c first and removes b. */
async function edits() {
  const renamed = await owner.patch(`/api/b2b/v1/collections/${pathId}/`, { title: "Octonion deep dive" });
  expect(renamed.status, renamed.text).toBe(200);
  expect((await owner.post(`/api/b2b/v1/collections/${pathId}/items/`, { content_id: c, section_id: null, position: 1 })).status).toBe(201);
  const removed = await owner.delete(`/api/b2b/v1/collections/${pathId}/items/${itemOf(await view(owner), b)}/`);
  expect(removed.status, removed.text).toBe(200);
  return renamed;
}
/** The L&D leader's "Rotations" plan assigns the path to the colleague. */
const assignRotations = (colleagueId: number) =>
  ld.post("/api/b2b/v1/plans/", {
    title: "Rotations",
    deadline: "2099-01-31",
    skills: { geometry: { collections: [pathId] } },
    selectedAccount: [colleagueId],
  });

describe("edits to a published collection", () => {
  it("go to the owner's draft; colleagues, learning paths, discover and plans keep the published version", async () => {
    await story(0);
    // The owner renames it, adds an item first and removes another.
    const renamed = await edits();

    // A colleague who follows it: the published title, items, order, sections and their progress.
    const theirs = await view(colleague);
    expect(theirs).toMatchObject({ title: "Quaternion basics", description: "Rotations in 3D", following: true, progress: { done: 1, total: 2 } });
    expect(contents(theirs)).toEqual([a, b]);
    expect(theirs.sections.map((s: { title: string }) => s.title)).toEqual(["Week 1"]);
    expect(theirs).toMatchObject({ version: "live", draft: null, has_draft: false });
    expect(theirs.abilities).toMatchObject({ edit: false, submit_draft: false, discard_draft: false });

    // The learning paths list and discover search show the published version only.
    expect(await library(colleague)).toMatchObject({ title: "Quaternion basics", items_count: 2 });
    expect((await discover(colleague, "Octonion")).count).toBe(0);
    expect((await discover(colleague, "Quaternion")).results.map((r: { collection: { id: number; title: string } }) => r.collection)).toEqual([
      expect.objectContaining({ id: pathId, title: "Quaternion basics" }),
    ]);

    // The owner sees the draft, and can look at the published version.
    expect(renamed.body).toMatchObject({
      id: pathId,
      title: "Octonion deep dive",
      status: "published",
      version: "draft",
      draft: { state: "editing", reason: null },
    });
    const mine = await view(owner);
    expect(mine).toMatchObject({
      title: "Octonion deep dive",
      version: "draft",
      items_count: 2,
      abilities: { edit: true, submit_draft: true, discard_draft: true },
    });
    expect(contents(mine)).toEqual([c, a]);
    const live = await view(owner, "?version=live");
    expect(live).toMatchObject({ title: "Quaternion basics", version: "live", draft: { state: "editing" } });
    expect(contents(live)).toEqual([a, b]);

    // The owner's own list holds one collection, flagged as having a draft.
    const own = (await owner.get("/api/b2b/v1/collections/?scope=mine")).body;
    expect(own.count).toBe(1);
    expect(own.results[0]).toMatchObject({ id: pathId, title: "Quaternion basics", has_draft: true });

    // Plans assign the published version: the colleague's task counts its two items, one done.
    const colleagueId = (await colleague.get("/api/me")).body.account.id;
    const plan = await assignRotations(colleagueId);
    expect(plan.status, plan.text).toBe(201);
    expect(plan.body.skills.geometry.collections).toEqual([expect.objectContaining({ id: pathId, title: "Quaternion basics" })]);
    expect((await colleague.get("/api/b2b/v1/my-tasks/")).body.results[0]).toMatchObject({ plan: { id: plan.body.id }, progress: { done: 1, total: 2 } });
  });

  it("refuses colleagues' edits, hides the draft from everyone but its owner and the L&D leader", async () => {
    await story(1);
    expect((await colleague.patch(`/api/b2b/v1/collections/${pathId}/`, { title: "Hijack" })).status).toBe(403);
    expect((await colleague.post(`/api/b2b/v1/collections/${pathId}/items/`, { content_id: b })).status).toBe(403);
    expect((await colleague.delete(`/api/b2b/v1/collections/${pathId}/draft/`)).status).toBe(403);
    expect((await colleague.get(`/api/b2b/v1/collections/${pathId}/?version=draft`)).status).toBe(404);
    expect((await colleague.post("/api/b2b/v1/publish-requests/", { collection_id: pathId })).status).toBe(404);
    for (const res of [
      await globex.get(`/api/b2b/v1/collections/${pathId}/?version=draft`),
      await globex.patch(`/api/b2b/v1/collections/${pathId}/`, { title: "Hijack" }),
      await globex.delete(`/api/b2b/v1/collections/${pathId}/draft/`),
    ]) {
      expect(res.status).toBe(404);
      expect(res.text).not.toContain("Octonion");
    }
    // The L&D leader may read the draft to review it, not edit it.
    const reviewed = await view(ld, "?version=draft");
    expect(reviewed).toMatchObject({ title: "Octonion deep dive", version: "draft", abilities: { edit: false, submit_draft: false, discard_draft: false } });
    expect((await view(ld)).title).toBe("Quaternion basics");
    expect((await view(colleague)).title).toBe("Quaternion basics");
  });

  it("submitting files an edit request the L&D leader decides, with the changes; the draft waits meanwhile", async () => {
    await story(1);
    const asked = await owner.post("/api/b2b/v1/publish-requests/", { collection_id: pathId, message: "New name, one more item" });
    expect(asked.status, asked.text).toBe(201);
    expect(asked.body).toMatchObject({ kind: "edit", status: "pending", collection: { id: pathId, title: "Quaternion basics" } });
    expect(await owner.post("/api/b2b/v1/publish-requests/", { collection_id: pathId })).toMatchObject({
      status: 409,
      body: { error: { code: "publish_request_open" } },
    });

    const queue = (await ld.get("/api/b2b/v1/publish-requests/?scope=queue&status=pending")).body.results;
    const request = queue.find((r: { id: number }) => r.id === asked.body.id);
    expect(request.changes).toEqual({
      title: { from: "Quaternion basics", to: "Octonion deep dive" },
      description: null,
      cover_url: null,
      skills: { added: [], removed: [] },
      sections: { added: [], removed: [] },
      items: {
        added: [{ id_content: c, title: "Octonion multiplication table", content_type: "article" }],
        removed: [{ id_content: b, title: "Gimbal lock explained", content_type: "article" }],
      },
      reordered: false,
    });

    // In review: the draft is frozen, and only the L&D leader decides.
    const waiting = await view(owner);
    expect(waiting).toMatchObject({
      version: "draft",
      draft: { state: "in_review", request_id: asked.body.id },
      abilities: { submit_draft: false, discard_draft: true },
    });
    const frozen = await owner.patch(`/api/b2b/v1/collections/${pathId}/`, { title: "Too late" });
    expect(frozen.status).toBe(409);
    expect(frozen.body.error.code).toBe("collection_in_review");
    for (const client of [owner, colleague]) expect((await client.post(`/api/b2b/v1/publish-requests/${asked.body.id}/accept/`, {})).status).toBe(403);
    expect((await globex.get(`/api/b2b/v1/publish-requests/${asked.body.id}/`)).status).toBe(404);
    expect((await view(colleague)).title).toBe("Quaternion basics");

    const accepted = await ld.post(`/api/b2b/v1/publish-requests/${asked.body.id}/accept/`, {});
    expect(accepted.status, accepted.text).toBe(200);
    expect(accepted.body).toMatchObject({ status: "accepted", kind: "edit" });
  });

  it("accepting shows the new version to everyone at once, keeping followers and their progress", async () => {
    await story(2);
    const theirs = await view(colleague);
    expect(theirs).toMatchObject({ title: "Octonion deep dive", status: "published", following: true, progress: { done: 1, total: 2 } });
    expect(contents(theirs)).toEqual([c, a]);
    expect(theirs.sections.map((s: { title: string }) => s.title)).toEqual(["Week 1"]);
    expect(await library(colleague)).toMatchObject({ title: "Octonion deep dive", items_count: 2 });
    expect((await discover(colleague, "Octonion")).results.map((r: { collection: { id: number } }) => r.collection.id)).toEqual([pathId]);
    expect(await view(owner)).toMatchObject({ title: "Octonion deep dive", version: "live", draft: null, has_draft: false });
    expect((await colleague.get("/api/b2b/v1/my-tasks/")).body.results[0]).toMatchObject({ progress: { done: 1, total: 2 } });
  });

  it("rejecting keeps the published version and leaves the draft with its owner, with the reason; the owner may discard it", async () => {
    await story(2);
    expect((await owner.patch(`/api/b2b/v1/collections/${pathId}/`, { title: "Sedenion survey", skills: ["geometry", "algebra"] })).status).toBe(200);
    const asked = await owner.post("/api/b2b/v1/publish-requests/", { collection_id: pathId });
    expect(asked.body.changes).toMatchObject({ title: { to: "Sedenion survey" }, skills: { added: ["algebra"], removed: [] } });
    const rejected = await ld.post(`/api/b2b/v1/publish-requests/${asked.body.id}/reject/`, { reason: "Keep the current name" });
    expect(rejected.body).toMatchObject({ status: "rejected", kind: "edit", reason: "Keep the current name" });

    expect(await view(colleague)).toMatchObject({ title: "Octonion deep dive", status: "published", skills: ["geometry"] });
    expect(await view(owner)).toMatchObject({
      title: "Sedenion survey",
      version: "draft",
      draft: { state: "rejected", reason: "Keep the current name", request_id: asked.body.id },
      abilities: { edit: true, submit_draft: true, discard_draft: true },
    });

    const discarded = await owner.delete(`/api/b2b/v1/collections/${pathId}/draft/`);
    expect(discarded.status, discarded.text).toBe(200);
    expect(discarded.body).toMatchObject({ title: "Octonion deep dive", version: "live", draft: null });
    expect((await owner.delete(`/api/b2b/v1/collections/${pathId}/draft/`)).status).toBe(404);
    const nothing = await owner.post("/api/b2b/v1/publish-requests/", { collection_id: pathId });
    expect(nothing.status).toBe(409);
    expect(nothing.body.error.code).toBe("no_changes");
  });

  it("discarding a draft under review withdraws its request", async () => {
    await story(2);
    await owner.patch(`/api/b2b/v1/collections/${pathId}/`, { description: "Beyond quaternions" });
    const asked = await owner.post("/api/b2b/v1/publish-requests/", { collection_id: pathId });
    expect(asked.status).toBe(201);
    expect((await owner.delete(`/api/b2b/v1/collections/${pathId}/draft/`)).status).toBe(200);
    expect((await ld.get(`/api/b2b/v1/publish-requests/${asked.body.id}/`)).status).toBe(404);
    expect((await ld.post(`/api/b2b/v1/publish-requests/${asked.body.id}/accept/`, {})).status).toBe(404);
    expect((await view(colleague)).description).toBe("Rotations in 3D");
  });

  it("lets the edit that starts a draft name the published sections and items", async () => {
    await story(2);
    const live = await view(owner);
    expect(live).toMatchObject({ version: "live", draft: null });
    const week = live.sections[0].id;
    const renamed = await owner.patch(`/api/b2b/v1/collections/${pathId}/sections/${week}/`, { title: "Week one" });
    expect(renamed.status, renamed.text).toBe(200);
    expect(renamed.body).toMatchObject({ version: "draft", sections: [{ title: "Week one" }] });
    expect((await owner.delete(`/api/b2b/v1/collections/${pathId}/draft/`)).status).toBe(200);

    const moved = await owner.patch(`/api/b2b/v1/collections/${pathId}/items/${itemOf(live, a)}/`, { section_id: null, position: 1 });
    expect(moved.status, moved.text).toBe(200);
    expect(contents(moved.body)).toEqual([a, c]);
    expect(contents(await view(colleague))).toEqual([c, a]);
    expect((await owner.delete(`/api/b2b/v1/collections/${pathId}/draft/`)).status).toBe(200);
  });

  it("publishes what the L&D leader reviewed, even if the draft changed behind the review", async () => {
    await story(2);
    await owner.patch(`/api/b2b/v1/collections/${pathId}/`, { title: "Reviewed title" });
    const asked = await owner.post("/api/b2b/v1/publish-requests/", { collection_id: pathId });
    expect(asked.body.changes.title).toEqual({ from: "Octonion deep dive", to: "Reviewed title" });
    // No route writes to a draft in review; this stands for an edit racing the submission.
    await t.database.db.update(collections).set({ title: "Sneaked in" }).where(eq(collections.draftOf, pathId));
    expect((await ld.post(`/api/b2b/v1/publish-requests/${asked.body.id}/accept/`, {})).status).toBe(200);
    expect(await view(colleague)).toMatchObject({ title: "Reviewed title", version: "live" });
    expect(contents(await view(colleague))).toEqual([c, a]);
  });

  it("still edits a private collection directly, and tells a first publication from an edit", async () => {
    await story(0);
    const own = (await owner.post("/api/b2b/v1/collections/", { title: "Scratch" })).body.id;
    const renamed = await owner.patch(`/api/b2b/v1/collections/${own}/`, { title: "Scratch pad" });
    expect(renamed.body).toMatchObject({ title: "Scratch pad", status: "private", version: "live", draft: null, has_draft: false });
    expect((await owner.get(`/api/b2b/v1/collections/${own}/?version=draft`)).status).toBe(404);
    const asked = await owner.post("/api/b2b/v1/publish-requests/", { collection_id: own });
    expect(asked.body).toMatchObject({ kind: "publish", changes: null });
  });
});
