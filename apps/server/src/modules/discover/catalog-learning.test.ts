// Retrieval from the catalog's own data: the copilot learns from each company's catalog
// (words, skills filed together, items people finish together) and ranks what the company curated.
import { and, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { catalogRelations, collectionItems, collections, contentItems } from "../../db/schema/index.ts";
import { createTestContext, type TestContext } from "../../../test/helpers.ts";
import { addContent, addPerson, createCompany, type Person } from "../../../test/factories.ts";
import { learnCompany, learnRelations } from "./catalog-learning.ts";
import { createCatalogLearningRepo } from "./catalog-learning.repo.ts";
import { createDiscoverRepo } from "./discover.repo.ts";
import { createCopilotEngine, type CopilotEngine } from "./copilot/engine.ts";

let t: TestContext;
let engine: CopilotEngine;
const learning = () => createCatalogLearningRepo(t.database.db);

beforeAll(async () => {
  t = await createTestContext({ seed: false });
  engine = createCopilotEngine(createDiscoverRepo(t.database.db), { vocabularyTtlMs: 0 });
});
afterAll(() => t.close());

const titles = async (companyId: number, question: string, locale: "en" | "es" = "en") =>
  (await engine.retrieve(companyId, question, { locale })).ranked.map((c) => c.title);

/** Lets the debounced catalog.learn jobs of now run (as the worker would a minute later). */
async function runLearnJobs() {
  await t.database.db.execute(sql`update pgboss.job set start_after = now() where name = 'catalog.learn' and state = 'created'`);
  await t.app.jobs.drain();
}

const finish = async (people: Person[], ids: number[]) => {
  for (const p of people) for (const id of ids) expect((await p.client.post("/api/user/courses", { id_course: id, completed: true })).status).toBe(201);
};

describe("learning from the catalog", () => {
  it("relates a word of items' text to their skills, skills filed together, and skills finished together", () => {
    const relations = learnRelations(
      [
        { id: 1, text: "Churn playbook: win back cancelled subscribers", skills: ["churn", "customer success"] },
        { id: 2, text: "Cohort curves for retention", skills: ["churn", "analytics"] },
        { id: 3, text: "Estrategias de fidelización", skills: ["fidelización"] },
        { id: 4, text: "Sourdough at home", skills: ["baking"] },
      ],
      [{ a: 1, b: 3, people: 3 }],
    );
    const weight = (kind: string, term: string, skill: string) => relations.find((r) => r.kind === kind && r.term === term && r.skill === skill)?.weight ?? 0;
    expect(weight("word", "subscribers", "churn")).toBeGreaterThan(0.5);
    expect(weight("word", "subscribers", "baking")).toBe(0);
    expect(weight("skill", "customer success", "churn")).toBe(1);
    expect(weight("finished", "fidelización", "churn")).toBe(1);
    expect(weight("finished", "churn", "fidelización")).toBe(1);
  });

  it("queues a recomputation when an item is saved, and the copilot then finds the item by a word of its text", async () => {
    const company = await createCompany(t);
    const [saver] = [await addPerson(t, { company: company.id, role: "member" })];
    const saved = await saver!.client.post("/api/contentuser/save", {
      url: "https://example.com/churn-playbook",
      title: "Churn Playbook",
      content_type: "article",
      description: "Win back subscribers who cancelled.",
      is_private: false,
      fetch_metadata: false,
    });
    expect(saved.status).toBe(201);
    const id = saved.body.id_content as number;
    await t.database.db
      .update(contentItems)
      .set({ skills: ["customer retention"] })
      .where(eq(contentItems.id, id));
    await addContent(t, { company: company.id, title: "Retention with cohort curves", skills: ["customer retention"] });
    const queued = await t.database.db.execute(
      sql`select start_after > now() as later from pgboss.job where name = 'catalog.learn' and singleton_key = ${`catalog.learn:${company.id}`}`,
    );
    expect((queued as { rows: { later: boolean }[] }).rows).toEqual([{ later: true }]);
    await runLearnJobs();
    const rows = await t.database.db
      .select()
      .from(catalogRelations)
      .where(and(eq(catalogRelations.companyId, company.id), eq(catalogRelations.term, "subscribers")));
    expect(rows.map((r) => r.skill)).toEqual(["customer retention"]);
    // "subscribers" leads to the skill, and the skill to the item whose text never says it.
    expect(await titles(company.id, "our subscribers leave")).toEqual(expect.arrayContaining(["Churn Playbook", "Retention with cohort curves"]));
  });

  it("reads a mistyped word as the catalog's closest word", async () => {
    const company = await createCompany(t);
    await addContent(t, { company: company.id, title: "Kubernetes in Production", skills: ["container orchestration"] });
    await addContent(t, { company: company.id, title: "Negotiation basics", skills: ["negotiation"] });
    await learnCompany({ db: t.database.db, repo: learning() }, company.id);
    expect(await titles(company.id, "kuberntes")).toEqual(["Kubernetes in Production"]);
    expect(await titles(company.id, "negotiaton")).toEqual(["Negotiation basics"]);
    expect(await titles(company.id, "sourdough bread")).toEqual([]);
  });

  it("finds an English item for a Spanish question through the items the same people finish", async () => {
    const company = await createCompany(t);
    const english = await addContent(t, { company: company.id, title: "Churn Playbook", description: "Win back cancelled accounts.", skills: ["churn"] });
    const spanish = await addContent(t, {
      company: company.id,
      title: "Estrategias de fidelización",
      description: "Reducir el abandono de una suscripción.",
      skills: ["fidelización"],
    });
    await learnCompany({ db: t.database.db, repo: learning() }, company.id);
    expect(await titles(company.id, "abandono de la suscripción", "es")).toEqual(["Estrategias de fidelización"]);

    const people = [await addPerson(t, { company: company.id, role: "member" }), await addPerson(t, { company: company.id, role: "member" })];
    await finish(people, [english.id, spanish.id]);
    await learnCompany({ db: t.database.db, repo: learning() }, company.id);
    expect(await titles(company.id, "abandono de la suscripción", "es")).toEqual(["Estrategias de fidelización", "Churn Playbook"]);
  });

  it("'in Spanish' after an English answer finds the version people finished alongside it, and cites no English item", async () => {
    const company = await createCompany(t);
    const english = await addContent(t, { company: company.id, title: "French for Beginners", description: "Everyday conversations.", skills: ["french"] });
    const spanish = await addContent(t, {
      company: company.id,
      title: "Francés básico para viajar",
      description: "Vivir en Francia.",
      skills: ["francés"],
      language: "es",
    });
    await addContent(t, { company: company.id, title: "Negociación para no negociadores", skills: ["negociación"], language: "es" });
    const people = [await addPerson(t, { company: company.id, role: "member" }), await addPerson(t, { company: company.id, role: "member" })];
    await finish(people, [english.id, spanish.id]);
    await learnCompany({ db: t.database.db, repo: learning() }, company.id);
    const earlier = ["French for beginners"];
    expect(await titles(company.id, earlier[0]!)).toEqual(["French for Beginners"]);
    const followUp = await engine.retrieve(company.id, "in Spanish", { locale: "en", earlier });
    expect(followUp.ranked.map((c) => c.title)).toEqual(["Francés básico para viajar"]);
    expect(followUp.understanding.changes).toContainEqual(expect.objectContaining({ kind: "language", met: true }));
  });

  it("ranks what the company curated above what one person saved", async () => {
    const company = await createCompany(t);
    const saver = await addPerson(t, { company: company.id, role: "member" });
    const curator = await addPerson(t, { company: company.id, role: "ldleader" });
    const savedUrl = "https://example.com/negotiation-saved";
    const res = await saver.client.post("/api/contentuser/save", {
      url: savedUrl,
      title: "Negotiation basics",
      content_type: "article",
      is_private: false,
      fetch_metadata: false,
    });
    expect(res.status).toBe(201);
    // Added after the save, so that ties in everything else would put it second.
    const curated = await addContent(t, { company: company.id, title: "Negotiation basics", url: "https://example.com/negotiation-curated" });
    const [path] = await t.database.db
      .insert(collections)
      .values({ companyId: company.id, ownerId: curator.id, title: "Negotiating well", status: "published", publishedAt: new Date() })
      .returning({ id: collections.id });
    await t.database.db.insert(collectionItems).values({ collectionId: path!.id, contentId: curated.id, position: 1 });
    const ranked = (await engine.retrieve(company.id, "negotiation basics", { locale: "en" })).ranked;
    expect(ranked.map((c) => c.id)).toEqual([curated.id, res.body.id_content]);
  });
});
