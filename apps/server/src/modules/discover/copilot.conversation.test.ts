// The copilot holds a conversation: follow-ups that point back at the previous answer's items
// ("which of those is shortest?", "the second one", "¿alguno en vídeo?") are answered from those
// items, in English and Spanish; a question with a new topic starts fresh; a reference that can't be
// resolved gets an honest, short answer. Each conversation is asked turn by turn through the API.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestContext, type Client, type TestContext } from "../../../test/helpers.ts";
import { addPerson } from "../../../test/factories.ts";
import { durationOf } from "./copilot/planner.ts";

let t: TestContext;
const BASE = "/api/b2b/v1/copilot/conversations";

type Item = {
  ref: number;
  title: string;
  content_type: "article" | "video" | "course" | "podcast" | "book" | "job";
  duration_s: number | null;
  language: string;
};
type Answer = { content: string; items: Item[]; found: boolean; plan: { skills: string[] } | null };

beforeAll(async () => {
  t = await createTestContext();
});
afterAll(() => t.close());

/** A new conversation of a new person of the demo company; `say` asks the next question and returns its answer. */
async function conversation(lang: "en" | "es" = "en") {
  // A person per conversation: the copilot takes 20 questions a minute from each.
  const person: Client = (await addPerson(t, { company: "acme", role: "member" })).client;
  const headers = { "accept-language": lang };
  const c = (await person.post(`${BASE}/`, {}, headers)).body.id as number;
  return async (content: string): Promise<Answer> => {
    const res = await person.post(`${BASE}/${c}/messages/`, { content }, headers);
    expect(res.status).toBe(200);
    return res.body.answer as Answer;
  };
}

const length = (i: Item) => durationOf({ durationS: i.duration_s, contentType: i.content_type });
const byRef = (items: Item[]) => [...items].sort((a, b) => a.ref - b.ref);
/** The answer cites exactly `items`, under the numbers the previous answer gave them. */
const cites = (a: Answer, items: Item[]) => expect(a.items.map((i) => [i.ref, i.title])).toEqual(items.map((i) => [i.ref, i.title]));
/** A word of the follow-up never became the topic: no plan about it, no "nothing on" it. */
function notATopic(a: Answer, ...words: string[]) {
  for (const w of words) {
    expect(a.content).not.toMatch(new RegExp(`[“«]${w}`, "i"));
    expect(a.content).not.toMatch(/^Here is the best of your company's catalog|^Esto es lo mejor sobre/);
  }
}

describe("conversations in English", () => {
  it("'which of those is shortest?' picks the shortest item of the previous answer", async () => {
    const say = await conversation();
    const first = await say("I need to learn kubernetes");
    expect(first.items.length).toBeGreaterThan(2);
    const answer = await say("Which of those is shortest?");
    const shortest = [...first.items].sort((a, b) => length(a) - length(b))[0]!;
    expect(answer.found).toBe(true);
    cites(answer, [shortest]);
    expect(answer.content).toMatch(/^Of those, the shortest is \[\d+\]/);
    expect(answer.content).toContain(shortest.title);
    notATopic(answer, "shortest", "those");

    // Then the longest of the same list, not of the single item just picked.
    const longest = [...first.items].sort((a, b) => length(b) - length(a))[0]!;
    cites(await say("and which one is the longest?"), [longest]);
  });

  it("'tell me more about the second one' describes that cited item: title, type, length, why it was cited", async () => {
    const say = await conversation();
    const first = await say("I need to learn SQL for analytics");
    const second = byRef(first.items)[1]!;
    const answer = await say("Tell me more about the second one");
    cites(answer, [second]);
    expect(answer.content).toContain(second.title);
    expect(answer.content).toMatch(new RegExp(`${second.content_type}, \\d`));
    expect(answer.content).toMatch(/I cited it/);
    notATopic(answer, "second");

    const third = byRef(first.items)[2]!;
    cites(await say("number 3"), [third]);
    cites(await say("and the last one?"), [byRef(first.items).at(-1)!]);
  });

  it("'any videos among them?' keeps only the previous answer's videos", async () => {
    const say = await conversation();
    const first = await say("I need to learn kubernetes");
    const videos = byRef(first.items).filter((i) => i.content_type === "video");
    expect(videos.length).toBeGreaterThan(0);
    const answer = await say("any videos among them?");
    cites(answer, videos);
    notATopic(answer, "among", "them");
  });

  it("'which of those is for beginners' answers from the previous items, or says none is", async () => {
    const say = await conversation();
    const first = await say("I want to learn python");
    const answer = await say("which of these is for beginners?");
    const titles = new Set(first.items.map((i) => i.title));
    for (const i of answer.items) expect(titles.has(i.title)).toBe(true);
    if (answer.found) expect(answer.content).toMatch(/^Of those, /);
    else expect(answer.content).toMatch(/^None of the \d+ items of my last answer is an introduction/);
    notATopic(answer, "these", "beginners");
  });

  it("'something shorter' keeps the topic", async () => {
    const say = await conversation();
    await say("I need to learn kubernetes");
    const answer = await say("something shorter");
    expect(answer).toMatchObject({ found: true, plan: { skills: ["kubernetes"] } });
    notATopic(answer, "something", "shorter");
  });

  it("a question with a new topic starts fresh", async () => {
    const say = await conversation();
    await say("I need to learn kubernetes");
    await say("Which of those is shortest?");
    const answer = await say("and what about SQL?");
    expect(answer.found).toBe(true);
    expect(answer.plan?.skills).toContain("sql");
    expect(answer.plan?.skills).not.toContain("kubernetes");
  });

  it("answers honestly when the reference can't be resolved", async () => {
    const say = await conversation();
    const alone = await say("Which of those is shortest?");
    expect(alone).toMatchObject({ found: false, items: [] });
    expect(alone.content).toMatch(/^I can't tell which items you mean/);
    notATopic(alone, "shortest", "those");

    const first = await say("I need to learn kubernetes");
    const ninth = await say("tell me about the ninth one");
    expect(ninth).toMatchObject({ found: false, items: [] });
    expect(ninth.content).toBe(
      `My last answer listed only ${first.items.length} items, so there is no ninth one. Ask about one from 1 to ${first.items.length}.`,
    );
  });
});

describe("conversations in Spanish", () => {
  it("'¿cuál de esos es más corto?' elige el más corto de la respuesta anterior", async () => {
    const say = await conversation("es");
    const first = await say("quiero aprender kubernetes");
    expect(first.items.length).toBeGreaterThan(2);
    const answer = await say("¿cuál de esos es más corto?");
    const shortest = [...first.items].sort((a, b) => length(a) - length(b))[0]!;
    cites(answer, [shortest]);
    expect(answer.content).toMatch(/^De esos, el más corto es \[\d+\]/);
    notATopic(answer, "esos", "corto");
  });

  it("'cuéntame más del segundo' y 'el número 3' describen esos elementos", async () => {
    const say = await conversation("es");
    const first = await say("necesito aprender SQL para análisis de datos");
    const [, second, third] = byRef(first.items);
    const answer = await say("cuéntame más del segundo");
    cites(answer, [second!]);
    expect(answer.content).toContain(second!.title);
    expect(answer.content).toMatch(/Lo cité/);
    notATopic(answer, "segundo");
    cites(await say("¿y el número 3?"), [third!]);
  });

  it("'¿alguno en vídeo?' se queda con los vídeos de la respuesta anterior", async () => {
    const say = await conversation("es");
    const first = await say("quiero aprender kubernetes");
    const videos = byRef(first.items).filter((i) => i.content_type === "video");
    const answer = await say("¿alguno en vídeo?");
    cites(answer, videos);
    notATopic(answer, "alguno");
  });

  it("'y para principiantes' mantiene el tema", async () => {
    const say = await conversation("es");
    await say("quiero aprender liderazgo");
    const answer = await say("y para principiantes");
    expect(answer).toMatchObject({ found: true, plan: { skills: ["leadership"] } });
    notATopic(answer, "principiantes");
  });

  it("'en español' mantiene el tema y da elementos en español", async () => {
    const say = await conversation("es");
    await say("quiero aprender python");
    const answer = await say("en español");
    expect(answer).toMatchObject({ found: true, plan: { skills: ["python"] } });
    for (const i of answer.items) expect(i.language).toBe("es");
  });

  it("'¿cuál de esos es el más largo?' tras una elección sigue hablando de la misma lista", async () => {
    const say = await conversation("es");
    const first = await say("quiero aprender kubernetes");
    await say("háblame del primero");
    const longest = [...first.items].sort((a, b) => length(b) - length(a))[0]!;
    cites(await say("¿cuál de esos es el más largo?"), [longest]);
  });

  it("una pregunta con un tema nuevo empieza de cero", async () => {
    const say = await conversation("es");
    await say("quiero aprender kubernetes");
    await say("¿cuál de esos es más corto?");
    const answer = await say("¿y sobre liderazgo?");
    expect(answer.plan?.skills).toContain("leadership");
    expect(answer.plan?.skills).not.toContain("kubernetes");
  });

  it("responde con honestidad cuando no hay a qué referirse", async () => {
    const say = await conversation("es");
    const alone = await say("¿cuál de esos es más corto?");
    expect(alone).toMatchObject({ found: false, items: [] });
    expect(alone.content).toMatch(/^No sé a qué elementos te refieres/);
    notATopic(alone, "esos");
    const first = await say("quiero aprender kubernetes");
    const ninth = await say("¿y el noveno?");
    expect(ninth).toMatchObject({ found: false, items: [] });
    expect(ninth.content).toMatch(new RegExp(`^Mi última respuesta solo tenía ${first.items.length} elementos`));
  });
});
