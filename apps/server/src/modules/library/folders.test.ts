import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { folderRelations } from "../../db/schema/index.ts";
import { createTestContext, type Client, type TestContext } from "../../../test/helpers.ts";
import { addPerson, createCompany } from "../../../test/factories.ts";

let t: TestContext;
let company: number;

beforeAll(async () => {
  t = await createTestContext({ seed: false });
  company = (await createCompany(t)).id;
});
afterAll(() => t.close());

/** A member of their own with a "Data skills" folder holding `titles` in that order, and a colleague. */
const folderWith = async (...titles: string[]) => {
  const [me, other] = await Promise.all([addPerson(t, { company, role: "member" }), addPerson(t, { company, role: "teamleader" })]);
  const member: Client = me.client;
  const folder: number = (await member.post("/api/user/folder/", { name: "Data skills" })).body.id;
  const add = (title: string, extra: object = {}) =>
    member.post("/api/user/folder_relation/create_content/", {
      id_folder: folder,
      url: `https://example.com/${encodeURIComponent(title)}`,
      title,
      fetch_metadata: undefined,
      ...extra,
    });
  const order = async (query = "without_section=true") =>
    (await member.get(`/api/user/folder_relation/?id_folder__id=${folder}&${query}`)).body.results.map(
      (r: { content: { title: string }; priority: number }) => `${r.priority}:${r.content.title}`,
    );
  for (const title of titles) expect((await add(title)).status).toBe(201);
  return { member, teamleader: other.client, folder, add, order };
};

describe("folders and sections", () => {
  it("creates, renames, lists with counts and deletes my folders; others can't touch them", async () => {
    const { member, teamleader } = await folderWith();
    const f = await member.post("/api/user/folder/", { name: "Temp" });
    expect(f.status).toBe(201);
    expect((await member.patch(`/api/user/folder/${f.body.id}/`, { name: "Renamed" })).body.name).toBe("Renamed");
    expect((await teamleader.patch(`/api/user/folder/${f.body.id}/`, { name: "x" })).status).toBe(404);
    expect((await teamleader.delete(`/api/user/folder/${f.body.id}/`)).status).toBe(404);
    expect((await teamleader.get(`/api/user/folder_relation/?id_folder__id=${f.body.id}`)).status).toBe(404);
    expect((await member.get("/api/user/folder/")).body.map((x: { name: string }) => x.name)).toEqual(["Data skills", "Renamed"]);
    expect((await member.delete(`/api/user/folder/${f.body.id}/`)).status).toBe(204);
    expect((await member.post("/api/user/folder/", { name: "  " })).status).toBe(400);
    expect((await t.anonymous.get("/api/user/folder/")).status).toBe(401);
  });
});

describe("folder relations (spec §3, §4)", () => {
  it("appends new content at count + 1 and lists by priority, 15 per page by default", async () => {
    const { member, folder, add, order } = await folderWith();
    for (const title of ["A", "B", "C", "D"]) expect((await add(title)).status).toBe(201);
    expect(await order()).toEqual(["1:A", "2:B", "3:C", "4:D"]);
    const page = await member.get(`/api/user/folder_relation/?id_folder__id=${folder}`);
    expect(page.body).toMatchObject({ count: 4, next: null });
    expect((await member.get("/api/user/folder/")).body[0].count).toBe(4);
  });

  it("moves an item to a priority and renumbers the rest 1..n", async () => {
    const { member, teamleader, folder, order } = await folderWith("A", "B", "C", "D");
    const rel = (await member.get(`/api/user/folder_relation/?id_folder__id=${folder}&without_section=true`)).body.results;
    const d = rel.find((r: { content: { title: string } }) => r.content.title === "D");
    expect((await member.patch(`/api/user/folder_relation/${d.id}/`, { priority: 1 })).body.priority).toBe(1);
    expect(await order()).toEqual(["1:D", "2:A", "3:B", "4:C"]);
    await member.patch(`/api/user/folder_relation/${d.id}/`, { priority: 99 });
    expect(await order()).toEqual(["1:A", "2:B", "3:C", "4:D"]);
    expect((await teamleader.patch(`/api/user/folder_relation/${d.id}/`, { priority: 1 })).status).toBe(404);
  });

  it("renumbers duplicated, zero or negative priorities 1..n in order", async () => {
    const { member, folder, order } = await folderWith("A", "B", "C", "D");
    const rows = await t.database.db.select().from(folderRelations).where(eq(folderRelations.folderId, folder));
    const byTitle = new Map<string, number>();
    for (const r of (await member.get(`/api/user/folder_relation/?id_folder__id=${folder}&without_section=true`)).body.results)
      byTitle.set(r.content.title, r.id);
    expect(rows).toHaveLength(4);
    const set = (title: string, priority: number) =>
      t.database.db
        .update(folderRelations)
        .set({ priority })
        .where(eq(folderRelations.id, byTitle.get(title)!));
    await set("A", 0);
    await set("B", -3);
    await set("C", 2);
    await set("D", 2);
    expect(await order()).toEqual(["1:B", "2:A", "3:C", "4:D"]);
  });

  it("keeps sections as separate lists; moving between them closes and opens gaps", async () => {
    const { member, folder, add, order } = await folderWith("B", "A", "C", "D");
    const section = (await member.post(`/api/user/folder/${folder}/section/`, { name: "Week 1" })).body;
    expect(section).toMatchObject({ name: "Week 1", position: 1 });
    await add("E", { id_section: section.id });
    const a = (await member.get(`/api/user/folder_relation/?id_folder__id=${folder}&without_section=true`)).body.results.find(
      (r: { content: { title: string } }) => r.content.title === "A",
    );
    const moved = await member.patch(`/api/user/folder_relation/${a.id}/`, { id_section: section.id });
    expect(moved.body).toMatchObject({ id_section: section.id, priority: 2 });
    expect(await order()).toEqual(["1:B", "2:C", "3:D"]);
    expect(await order(`id_section=${section.id}`)).toEqual(["1:E", "2:A"]);
    // Deleting the section keeps its items, at the end of the folder's list.
    expect((await member.delete(`/api/user/folder/${folder}/section/${section.id}/`)).status).toBe(204);
    expect(await order()).toEqual(["1:B", "2:C", "3:D", "4:E", "5:A"]);
  });

  it("reuses my saved copy when I add the same URL, and refuses it twice in one folder", async () => {
    const { member, add } = await folderWith("A", "B", "C");
    const again = await add("B");
    expect(again).toMatchObject({ status: 409, body: { error: { code: "already_in_folder" } } });
    const other = (await member.post("/api/user/folder/", { name: "Second" })).body.id;
    const reused = await member.post("/api/user/folder_relation/create_content/", { id_folder: other, url: "https://example.com/B", title: "B" });
    expect(reused.status).toBe(201);
    const saved = await member.get("/api/contentuser/search?contenType=all&page_size=100");
    expect(saved.body.results.filter((r: { title: string }) => r.title === "B")).toHaveLength(1);
  });

  it("takes an item out of a folder and closes the gap; my library keeps it", async () => {
    const { member, folder, order } = await folderWith("B", "C", "D", "E", "A");
    const rows = (await member.get(`/api/user/folder_relation/?id_folder__id=${folder}&without_section=true`)).body.results;
    expect((await member.delete(`/api/user/folder_relation/${rows[0].id}/`)).status).toBe(204);
    expect(await order()).toEqual(["1:C", "2:D", "3:E", "4:A"]);
    expect((await member.get("/api/contentuser/search?contenType=all&search=B")).body.count).toBeGreaterThan(0);
  });

  it("refuses a section of another folder and bad parameters", async () => {
    const { member, add } = await folderWith();
    const other = (await member.post("/api/user/folder/", { name: "Third" })).body.id;
    const foreign = (await member.post(`/api/user/folder/${other}/section/`, { name: "S" })).body.id;
    expect((await add("Z", { id_section: foreign })).status).toBe(404);
    expect((await member.get("/api/user/folder_relation/?id_folder__id=abc")).status).toBe(400);
    expect((await member.patch("/api/user/folder_relation/1/", {})).status).toBe(400);
    expect((await member.patch("/api/user/folder_relation/1/", { priority: 0 })).status).toBe(400);
  });
});
