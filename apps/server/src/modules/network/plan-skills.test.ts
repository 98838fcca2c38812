// A plan's skills as spec §3 describes them — "Upskilling skills keyed by lowercase skill
// name, each with collections keyed by collection id" — are taken as well as lists of ids, on create
// and on update, and the ids inside are checked like any id in a body.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { planCollections } from "../../db/schema/index.ts";
import { createTestContext, type Client, type TestContext } from "../../../test/helpers.ts";
import { addPerson, createCompany, createCompanyWithRoles } from "../../../test/factories.ts";

let t: TestContext;
let ld: Client;
let team: number;

/** A published learning path of the caller's company, with one item. */
async function publishedPath(leader: Client, title: string): Promise<number> {
  const item = (await leader.post("/api/contentuser/save/", { url: `https://paths.example/${encodeURIComponent(title)}`, title, fetch_metadata: false })).body;
  const id = (await leader.post("/api/b2b/v1/collections/", { title })).body.id;
  await leader.post(`/api/b2b/v1/collections/${id}/items/`, { content_id: item.id_content });
  const asked = (await leader.post("/api/b2b/v1/publish-requests/", { collection_id: id })).body.id;
  expect((await leader.post(`/api/b2b/v1/publish-requests/${asked}/accept/`, {})).status).toBe(200);
  return id;
}

let sqlPath: number, excelPath: number, draftPath: number, foreignPath: number;
beforeAll(async () => {
  t = await createTestContext({ seed: false });
  const w = await createCompanyWithRoles(t);
  ld = w.ldleader.client;
  team = w.team.id;
  sqlPath = await publishedPath(ld, "SQL basics");
  excelPath = await publishedPath(ld, "Excel pivots");
  draftPath = (await ld.post("/api/b2b/v1/collections/", { title: "Not yet published" })).body.id;
  const other = await createCompany(t);
  foreignPath = await publishedPath((await addPerson(t, { company: other.id, role: "ldleader" })).client, "Other company's path");
});
afterAll(() => t.close());

const ids = (skills: Record<string, { collections: { id: number }[] }>) =>
  Object.fromEntries(Object.entries(skills).map(([k, v]) => [k, v.collections.map((c) => c.id).sort()]));
const stored = async (plan: number) => (await t.database.db.select().from(planCollections).where(eq(planCollections.planId, plan))).length;

describe("plan skills with collections keyed by collection id (spec §3)", () => {
  it("creates a plan from skills keyed by name with collections keyed by id, beside lists of ids", async () => {
    const res = await ld.post("/api/b2b/v1/plans/", {
      title: "Data sprint",
      deadline: "2099-01-31",
      skills: {
        SQL: { collections: { [sqlPath]: { id: sqlPath, title: "SQL basics" }, [excelPath]: {} } },
        excel: { collections: [excelPath] },
      },
      selectedTeam: [team],
    });
    expect(res.status, res.text).toBe(201);
    expect(ids(res.body.skills)).toEqual({ sql: [sqlPath, excelPath].sort(), excel: [excelPath] });
  });

  it("checks the ids inside like any id in a body: another company's is not found, a draft is refused, nothing is written", async () => {
    const before = (await ld.get("/api/b2b/v1/plans/?page_size=100")).body.count;
    const base = { title: "Refused", deadline: "2099-01-31", selectedTeam: [team] };
    const foreign = await ld.post("/api/b2b/v1/plans/", { ...base, skills: { sql: { collections: { [foreignPath]: {} } } } });
    expect(foreign.status).toBe(404);
    expect((await ld.post("/api/b2b/v1/plans/", { ...base, skills: { sql: { collections: { [draftPath]: {} } } } })).status).toBe(400);
    for (const collections of [{}, { sql: {} }, { "-1": {} }, { "0": {} }, { "9999999999": {} }, { "4.5": {} }]) {
      const res = await ld.post("/api/b2b/v1/plans/", { ...base, skills: { sql: { collections } } });
      expect(res.status, JSON.stringify(collections)).toBe(400);
      expect(res.body.error.code).toBe("validation_error");
    }
    expect((await ld.get("/api/b2b/v1/plans/?page_size=100")).body.count).toBe(before);
  });

  it("updates a plan's skills in either shape, with the same checks", async () => {
    const plan = (
      await ld.post("/api/b2b/v1/plans/", { title: "To change", deadline: "2099-01-31", skills: { sql: { collections: [sqlPath] } }, selectedTeam: [team] })
    ).body.id;
    const keyed = await ld.patch(`/api/b2b/v1/plans/${plan}/`, { skills: { excel: { collections: { [excelPath]: { title: "Excel pivots" } } } } });
    expect(keyed.status, keyed.text).toBe(200);
    expect(ids(keyed.body.skills)).toEqual({ excel: [excelPath] });
    const listed = await ld.patch(`/api/b2b/v1/plans/${plan}/`, { title: "Changed", skills: { SQL: { collections: [sqlPath, excelPath] } } });
    expect(listed.body).toMatchObject({ title: "Changed" });
    expect(ids(listed.body.skills)).toEqual({ sql: [sqlPath, excelPath].sort() });
    // Refused changes leave the plan as it was.
    expect((await ld.patch(`/api/b2b/v1/plans/${plan}/`, { skills: { sql: { collections: { [foreignPath]: {} } } } })).status).toBe(404);
    expect((await ld.patch(`/api/b2b/v1/plans/${plan}/`, { skills: { sql: { collections: [draftPath] } } })).status).toBe(400);
    expect((await ld.patch(`/api/b2b/v1/plans/${plan}/`, { skills: {} })).status).toBe(400);
    expect(ids((await ld.get(`/api/b2b/v1/plans/${plan}/`)).body.skills)).toEqual({ sql: [sqlPath, excelPath].sort() });
    expect(await stored(plan)).toBe(2);
  });
});
