import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { ITEM_SAVERS_SHOWN } from "@learnward/contracts";
import { accounts } from "../../db/schema/index.ts";
import { createTestContext, type TestContext } from "../../../test/helpers.ts";
import { addPerson, createCompany, type Person } from "../../../test/factories.ts";
import { saveLink } from "../../../test/library-counts.ts";

/**
 * A saved item's page: GET /api/contentuser/{id} answers my copy with its state, the folders of mine
 * it is in, and the colleagues who saved the same content — their public saves only, never a private
 * one, never someone of another company or whose account is closed. Nobody but the owner reads it.
 */
let t: TestContext;
let company: number;

beforeAll(async () => {
  t = await createTestContext({ seed: false });
  company = (await createCompany(t)).id;
});
afterAll(() => t.close());

const person = (name?: string) => addPerson(t, { company, role: "member", name });
const getItem = (p: Person, id: number) => p.client.get(`/api/contentuser/${id}/`);
const usernames = (body: { saved_by: { results: { username: string }[] } }) => body.saved_by.results.map((s) => s.username);

async function folder(p: Person, name: string, idPrimary: number) {
  const created = await p.client.post("/api/user/folder/", { name });
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  const placed = await p.client.post("/api/user/folder_relation/create_content/", { id_folder: created.body.id, id_primary: idPrimary });
  expect(placed.status, JSON.stringify(placed.body)).toBe(201);
  return created.body.id as number;
}

describe("GET /api/contentuser/{id}", () => {
  it("is refused to a colleague and to another company, as not found, and tells them nothing of the item", async () => {
    const owner = await person();
    const colleague = await person();
    const stranger = await addPerson(t, { company: (await createCompany(t)).id, role: "member" });
    const mine = await saveLink(owner, "https://blog.example.org/item-refused", "Owner's secret reading list");
    for (const other of [colleague, stranger]) {
      const res = await getItem(other, mine.id_primary);
      expect(res.status).toBe(404);
      expect(res.body.error.code).toBe("not_found");
      expect(res.text).not.toContain("secret reading list");
    }
    // An id that is nobody's is not found either.
    expect((await getItem(owner, 2_000_000_000)).status).toBe(404);
    // A public save of the same link by the colleague gives them their own copy, still not mine.
    const theirs = await saveLink(colleague, "https://blog.example.org/item-refused", "Same link");
    expect(theirs.id_primary).not.toBe(mine.id_primary);
    expect((await getItem(colleague, mine.id_primary)).status).toBe(404);
  });

  it("answers my item with its details, its state and the folders of mine it is in", async () => {
    const me = await person();
    const podcast = await saveLink(me, "https://pod.example.org/item-details", "Episode on states", {
      content_type: "podcast",
      author: "Host",
      duration_s: 1800,
      description: "Why finishing matters",
    });
    await me.client.patch(`/api/contentuser/${podcast.id_primary}/state/`, { state: "running" });
    const learning = await folder(me, "Learning", podcast.id_primary);
    const commute = await folder(me, "Commute", podcast.id_primary);
    await folder(me, "Elsewhere", (await saveLink(me, "https://pod.example.org/item-other", "Other")).id_primary);

    const res = await getItem(me, podcast.id_primary);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toMatchObject({
      id_primary: podcast.id_primary,
      id_content: podcast.id_content,
      content_type: "podcast",
      title: "Episode on states",
      url: "https://pod.example.org/item-details",
      author: "Host",
      duration_s: 1800,
      description: "Why finishing matters",
      state: "running",
      course_status: "running",
      is_private: false,
    });
    expect(res.body.folders).toEqual([
      { id: commute, name: "Commute" },
      { id: learning, name: "Learning" },
    ]);
    expect(res.body.saved_by).toEqual({ count: 0, results: [] });
  });

  it("names colleagues who saved the same content publicly, never a private save, another company or a closed account", async () => {
    const url = "https://blog.example.org/item-savers";
    const me = await person();
    const open = await person("Open Saver");
    const quiet = await person("Quiet Saver");
    const turnedPrivate = await person("Turned Private");
    const gone = await person("Gone Saver");
    const elsewhere = await addPerson(t, { company: (await createCompany(t)).id, role: "member", name: "Elsewhere Saver" });
    const mine = await saveLink(me, url, "Savers");
    await saveLink(open, url, "Savers");
    await saveLink(quiet, url, "Savers", { is_private: true });
    const later = await saveLink(turnedPrivate, url, "Savers");
    expect((await turnedPrivate.client.patch(`/api/contentuser/${later.id_primary}/`, { is_private: true })).status).toBe(200);
    await saveLink(gone, url, "Savers");
    await t.database.db.update(accounts).set({ status: "deactivated" }).where(eq(accounts.id, gone.id));
    await saveLink(elsewhere, url, "Savers");

    const res = await getItem(me, mine.id_primary);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.saved_by).toEqual({ count: 1, results: [{ username: open.username, display_name: "Open Saver", avatar_url: null }] });
    for (const hidden of [quiet, turnedPrivate, gone, elsewhere]) expect(res.text).not.toContain(hidden.username);

    // The open saver sees me (my save is public), and not themself.
    const theirs = (await open.client.get(`/api/contentuser/search?contenType=all&search=Savers`)).body.results[0];
    expect(usernames((await getItem(open, theirs.id_primary)).body)).toEqual([me.username]);
  });

  it(`names at most ${ITEM_SAVERS_SHOWN} savers, the latest first, and counts them all`, async () => {
    const url = "https://blog.example.org/item-popular";
    const me = await person();
    const mine = await saveLink(me, url, "Popular");
    const savers: Person[] = [];
    for (let i = 0; i < ITEM_SAVERS_SHOWN + 2; i++) {
      const p = await person();
      await saveLink(p, url, "Popular");
      savers.push(p);
    }
    const res = await getItem(me, mine.id_primary);
    expect(res.body.saved_by.count).toBe(ITEM_SAVERS_SHOWN + 2);
    expect(usernames(res.body)).toEqual(
      savers
        .slice(-ITEM_SAVERS_SHOWN)
        .reverse()
        .map((p) => p.username),
    );
  });
});
