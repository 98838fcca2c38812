// The copilot asked about "my library": it cites the person's own saves (private ones to them
// alone) beside the company catalog, and marks each cited item with where it comes from.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestContext, type Client, type TestContext } from "../../../test/helpers.ts";
import { addPerson, createCompanyWithRoles } from "../../../test/factories.ts";

let t: TestContext;
let me: Client, colleague: Client;
let company: { id: number }, team: { id: number };
const BASE = "/api/b2b/v1/copilot/conversations";

type Item = { ref: number; title: string; source: "library" | "catalog"; id_content: number; mine: unknown };

const save = (who: Client, url: string, title: string, more: Record<string, unknown> = {}) =>
  who.post("/api/contentuser/save/", { url, title, description: `${title}, kept for later`, fetch_metadata: false, ...more });

/** Asks `question` in a new conversation of `who`; the answer message. */
async function ask(who: Client, question: string, headers: Record<string, string> = {}) {
  const c = (await who.post(`${BASE}/`, {}, headers)).body.id as number;
  const res = await who.post(`${BASE}/${c}/messages/`, { content: question }, headers);
  expect(res.status).toBe(200);
  return { ...res.body.answer, text: res.text, conversation: c } as { content: string; items: Item[]; found: boolean; text: string; conversation: number };
}
const titles = (items: Item[], source: Item["source"]) => items.filter((i) => i.source === source).map((i) => i.title);

beforeAll(async () => {
  t = await createTestContext({ seed: false });
  const w = await createCompanyWithRoles(t);
  [company, team] = [w.company, w.team];
  me = w.member.client;
  colleague = (await addPerson(t, { company: w.company.id, role: "member", teamId: w.team.id })).client;
  expect((await save(me, "https://notes.example/operators", "Kubernetes operators, my field notes", { is_private: true })).status).toBe(201);
  expect((await save(me, "https://bread.example/sourdough", "Sourdough starter timeline", { is_private: true })).status).toBe(201);
  expect((await save(colleague, "https://charts.example/helm", "Helm charts field guide")).status).toBe(201);
});
afterAll(() => t.close());

describe("the copilot and my library", () => {
  it("cites my private save to me, marked as from my library, and only the saves on the question's topic", async () => {
    const answer = await ask(me, "What did I save about kubernetes operators?");
    expect(titles(answer.items, "library")).toEqual(["Kubernetes operators, my field notes"]);
    expect(answer.found).toBe(true);
    const [item] = answer.items;
    expect(answer.content).toContain(`[${item!.ref}] Kubernetes operators, my field notes`);
    expect(answer.content).toMatch(/your library/i);
    expect(item!.mine).not.toBeNull();
    // A save on another topic is not cited.
    expect(answer.text).not.toContain("Sourdough");

    // Read again, the conversation still shows it, still marked.
    const again = await me.get(`${BASE}/${answer.conversation}/`);
    expect(titles(again.body.messages[1].items, "library")).toEqual(["Kubernetes operators, my field notes"]);
  });

  it("never cites my private save to a colleague asking the same question", async () => {
    for (const question of ["What did I save about kubernetes operators?", "kubernetes operators", "Lo que guardé sobre kubernetes operators"]) {
      const answer = await ask(colleague, question);
      expect(answer.text).not.toContain("my field notes");
      expect(answer.items.filter((i) => i.source === "library")).toEqual([]);
    }
  });

  it("does not call a colleague's public save mine: it is the company catalog's", async () => {
    const general = await ask(me, "helm charts");
    expect(titles(general.items, "catalog")).toEqual(["Helm charts field guide"]);
    expect(titles(general.items, "library")).toEqual([]);

    const mine = await ask(me, "what's in my library about helm charts?");
    expect(titles(mine.items, "library")).toEqual([]);
    expect(mine.content).toMatch(/nothing on .*helm charts.* in your library/i);
    // The catalog's item may follow, marked as the catalog's.
    for (const i of mine.items) expect(i.source).toBe("catalog");
  });

  it("a follow-up that points back at my save answers about it, still marked as mine", async () => {
    const first = await ask(me, "What did I save about kubernetes operators?");
    const res = await me.post(`${BASE}/${first.conversation}/messages/`, { content: "tell me more about the first one" });
    expect(res.status).toBe(200);
    const answer = res.body.answer as { content: string; items: Item[]; found: boolean };
    expect(answer.found).toBe(true);
    expect(answer.items).toMatchObject([{ ref: 1, source: "library", title: "Kubernetes operators, my field notes" }]);
    expect(answer.items[0]!.mine).not.toBeNull();
    expect(answer.content).toMatch(/from your library/);
  });

  it("answers in Spanish from my library", async () => {
    const answer = await ask(me, "¿Qué guardé sobre kubernetes en mi biblioteca?", { "accept-language": "es" });
    expect(titles(answer.items, "library")).toEqual(["Kubernetes operators, my field notes"]);
    expect(answer.content).toMatch(/tu biblioteca/);
    expect(answer.text).not.toContain("Sourdough");
  });

  it("says honestly that my library has nothing on a topic", async () => {
    const answer = await ask(me, "What did I save about negotiation?");
    expect(answer.items).toEqual([]);
    expect(answer.found).toBe(false);
    expect(answer.content).toMatch(/found nothing on .*negotiation.* in your library/i);

    const es = await ask(me, "¿Qué hay sobre negociación en mi biblioteca?", { "accept-language": "es" });
    expect(es.items).toEqual([]);
    expect(es.content).toMatch(/No encontré nada sobre .*negociación.* en tu biblioteca/);
  });

  it("adds my matching saves beside the catalog to a general question, marked", async () => {
    // Someone of their own, so that no other test's saves are in the way (tests run in any order).
    const someone = (await addPerson(t, { company: company.id, role: "member", teamId: team.id })).client;
    expect((await save(someone, "https://charts.example/helm-values", "Helm values cheat sheet", { is_private: true })).status).toBe(201);
    expect((await save(someone, "https://infra.example/terraform", "Terraform state, explained", { is_private: true })).status).toBe(201);
    const answer = await ask(someone, "helm charts");
    expect(titles(answer.items, "catalog")).toEqual(["Helm charts field guide"]);
    expect(titles(answer.items, "library")).toEqual(["Helm values cheat sheet"]);
    expect(answer.content).toMatch(/Also in your library/);
    expect(answer.text).not.toContain("Terraform");
    // Others see the catalog's item only.
    for (const other of [me, colleague]) expect((await ask(other, "helm charts")).text).not.toContain("cheat sheet");
  });
});
