import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestContext, type Client, type TestContext } from "../../../test/helpers.ts";
import { addContent, addPerson, createCompany, createCompanyWithRoles } from "../../../test/factories.ts";

// Curators and the catalog: the collection editor searches the company catalog (the
// discover search, content only) and adds what it finds, saved by the curator or not.

let t: TestContext;
let curator: Client, outsider: Client;
let gdpr: { id: number; title: string };
let churn: { id: number; title: string };
let burnout: { id: number; title: string };
let foreign: { id: number; title: string };

type Hit = { kind: string; id_content: number; title: string; content_type: string; provider: string | null };
const searchCatalog = async (c: Client, words: string) => {
  const res = await c.get(`/api/b2b/v1/discover/?kind=content&search=${encodeURIComponent(words)}`);
  expect(res.status, res.text).toBe(200);
  return (res.body as { results: Hit[] }).results;
};

beforeAll(async () => {
  t = await createTestContext({ seed: false });
  const world = await createCompanyWithRoles(t);
  curator = world.ldleader.client;
  const company = world.company.id;
  gdpr = await addContent(t, { company, title: "Data protection essentials", contentType: "course", url: "https://www.coursera.org/learn/gdpr-26" });
  churn = await addContent(t, { company, title: "Keeping customers", description: "A playbook against subscription cancellations" });
  burnout = await addContent(t, { company, title: "Energy at work", contentType: "video", skills: ["burnout", "wellbeing"] });
  const other = await createCompany(t);
  outsider = (await addPerson(t, { company: other.id, role: "ldleader" })).client;
  foreign = await addContent(t, { company: other.id, title: "Data protection for Globex", description: "subscription cancellations", skills: ["burnout"] });
});
afterAll(() => t.close());

describe("the company catalog, searched from the collection editor", () => {
  it("finds the company's items by words of their title, description or skills, never another company's", async () => {
    expect((await searchCatalog(curator, "protection")).map((h) => h.id_content)).toEqual([gdpr.id]);
    expect(await searchCatalog(curator, "protection")).toMatchObject([{ kind: "content", title: gdpr.title, content_type: "course", provider: "coursera" }]);
    expect((await searchCatalog(curator, "cancellations")).map((h) => h.id_content)).toEqual([churn.id]);
    expect((await searchCatalog(curator, "burnout")).map((h) => h.id_content)).toEqual([burnout.id]);
    expect((await searchCatalog(outsider, "burnout")).map((h) => h.id_content)).toEqual([foreign.id]);
    expect(await searchCatalog(outsider, "essentials")).toEqual([]);
  });

  it("adds a found item the curator never saved to a collection; another company's item is refused 404 and nothing changes", async () => {
    const created = await curator.post("/api/b2b/v1/collections/", { title: "Wellbeing first steps" });
    expect(created.status, created.text).toBe(201);
    const path = `/api/b2b/v1/collections/${created.body.id}/items/`;
    const [found] = await searchCatalog(curator, "burnout");
    const added = await curator.post(path, { content_id: found!.id_content });
    expect(added.status, added.text).toBe(201);
    expect(added.body.items.map((i: { content: { title: string } }) => i.content.title)).toEqual([burnout.title]);

    const refused = await curator.post(path, { content_id: foreign.id });
    expect(refused.status).toBe(404);
    expect(refused.body.error.code).toBe("not_found");
    expect((await curator.get(`/api/b2b/v1/collections/${created.body.id}/`)).body.items).toHaveLength(1);
  });
});
