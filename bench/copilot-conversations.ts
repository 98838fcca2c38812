// Multi-turn conversations for `npm run bench:copilot`: each asks a topic of the demo catalog, then
// follow-ups in the forms people use to point back at an answer ("which of them…", an ordinal, a
// number, "any … in that list?", a comparison, a constraint without a topic), a new topic, or a
// reference with nothing to point at. Asked turn by turn through the API (so each follow-up is
// resolved against the answer as stored), in English and Spanish; prints per language the share of
// follow-ups understood (target ≥ 0.9) and their answer time. Figures only: it does not gate the exit.
import { inArray } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import type { Database } from "../apps/server/src/db/client.ts";
import { contentItems } from "../apps/server/src/db/schema/index.ts";
import { durationOf } from "../apps/server/src/modules/discover/copilot/planner.ts";
import { INTRO_TITLE } from "../apps/server/src/modules/discover/copilot/understand.ts";

type Lang = "en" | "es";
type ContentType = "article" | "video" | "course" | "podcast" | "book" | "job";

/** What a follow-up should do, checked against the answer. */
export type Expect =
  /** One item of the listed answer: the extreme one by this measure. */
  | { pick: "shortest" | "longest" | "newest" }
  /** The item at this place of the listed answer (1-based), or its last. */
  | { position: number | "last" }
  /** Those of the listed answer's items that meet this, or an honest "none of them". */
  | { among: { types?: ContentType[]; language?: Lang; basic?: true } }
  /** The topic stays (a new search under a constraint). */
  | { keeps: true }
  /** A new topic: a fresh answer on this skill. */
  | { fresh: string }
  /** Nothing to point at: no items, no plan about the reference's words. */
  | { unresolvable: true };

export interface Conversation {
  lang: Lang;
  topic: string;
  turns: { q: string; expect: Expect }[];
}

export const CONVERSATIONS: Conversation[] = [
  {
    lang: "en",
    topic: "How do I get started with Docker?",
    turns: [
      { q: "Out of these, which one takes the least time?", expect: { pick: "shortest" } },
      { q: "What's the 4th one about?", expect: { position: 4 } },
    ],
  },
  {
    lang: "en",
    topic: "Recommend something on negotiation",
    turns: [
      { q: "Which of them is the longest?", expect: { pick: "longest" } },
      { q: "tell me about #2", expect: { position: 2 } },
    ],
  },
  {
    lang: "en",
    topic: "I want to get better at public speaking",
    turns: [
      { q: "Are any of those videos?", expect: { among: { types: ["video"] } } },
      { q: "And which of these came out most recently?", expect: { pick: "newest" } },
    ],
  },
  {
    lang: "en",
    topic: "Resources on machine learning",
    turns: [
      { q: "Which of them would suit a complete beginner?", expect: { among: { basic: true } } },
      { q: "And the first one?", expect: { position: 1 } },
    ],
  },
  {
    lang: "en",
    topic: "Teach me Excel",
    turns: [
      { q: "give me something shorter", expect: { keeps: true } },
      { q: "what about agile?", expect: { fresh: "agile" } },
    ],
  },
  {
    lang: "en",
    topic: "I need to improve my leadership skills",
    turns: [
      { q: "Any of them in Spanish?", expect: { among: { language: "es" } } },
      { q: "item 2", expect: { position: 2 } },
    ],
  },
  {
    lang: "en",
    topic: "python for data analysis",
    turns: [
      { q: "which one is quickest?", expect: { pick: "shortest" } },
      { q: "the third", expect: { position: 3 } },
    ],
  },
  {
    lang: "en",
    topic: "Show me UX design content",
    turns: [
      { q: "more details on number 1", expect: { position: 1 } },
      { q: "any podcasts in that list?", expect: { among: { types: ["podcast"] } } },
    ],
  },
  { lang: "en", topic: "", turns: [{ q: "Which one is the longest?", expect: { unresolvable: true } }] },
  {
    lang: "en",
    topic: "Kubernetes for beginners",
    turns: [
      { q: "the 12th one", expect: { unresolvable: true } },
      { q: "and the last one?", expect: { position: "last" } },
    ],
  },
  {
    lang: "es",
    topic: "¿Cómo empiezo con Docker?",
    turns: [
      { q: "De estos, ¿cuál dura menos?", expect: { pick: "shortest" } },
      { q: "¿Y el cuarto?", expect: { position: 4 } },
    ],
  },
  {
    lang: "es",
    topic: "Recomiéndame algo sobre negociación",
    turns: [
      { q: "¿Cuál de ellos es el más largo?", expect: { pick: "longest" } },
      { q: "háblame del número 2", expect: { position: 2 } },
    ],
  },
  {
    lang: "es",
    topic: "Quiero mejorar hablando en público",
    turns: [
      { q: "¿Hay alguno que sea un vídeo?", expect: { among: { types: ["video"] } } },
      { q: "¿Cuál es el más reciente?", expect: { pick: "newest" } },
    ],
  },
  {
    lang: "es",
    topic: "Recursos de aprendizaje automático",
    turns: [
      { q: "¿Cuál de estos sirve para alguien que empieza de cero?", expect: { among: { basic: true } } },
      { q: "¿y el primero?", expect: { position: 1 } },
    ],
  },
  {
    lang: "es",
    topic: "Enséñame Excel",
    turns: [
      { q: "algo más corto", expect: { keeps: true } },
      { q: "¿y de metodologías ágiles?", expect: { fresh: "agile" } },
    ],
  },
  {
    lang: "es",
    topic: "Quiero mejorar mi liderazgo",
    turns: [
      { q: "¿alguno está en inglés?", expect: { among: { language: "en" } } },
      { q: "el 2", expect: { position: 2 } },
    ],
  },
  {
    lang: "es",
    topic: "python para análisis de datos",
    turns: [
      { q: "¿cuál es el más rápido?", expect: { pick: "shortest" } },
      { q: "el tercero", expect: { position: 3 } },
    ],
  },
  {
    lang: "es",
    topic: "Contenido de diseño UX",
    turns: [
      { q: "más detalles del número 1", expect: { position: 1 } },
      { q: "¿hay pódcasts en esa lista?", expect: { among: { types: ["podcast"] } } },
    ],
  },
  { lang: "es", topic: "", turns: [{ q: "¿Cuál es el más largo?", expect: { unresolvable: true } }] },
  {
    lang: "es",
    topic: "Kubernetes para principiantes",
    turns: [
      { q: "el número 12", expect: { unresolvable: true } },
      { q: "¿y el último?", expect: { position: "last" } },
    ],
  },
];

interface Item {
  ref: number;
  id_content: number;
  title: string;
  content_type: ContentType;
  duration_s: number | null;
  language: string;
}
interface Answer {
  content: string;
  found: boolean;
  items: Item[];
  plan: { skills: string[] } | null;
}

const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted.length ? sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]! : NaN;
};
const pad = (s: string, n: number) => (s.length > n ? `${s.slice(0, n - 1)}…` : s.padEnd(n));
const same = (a: Item[], b: Item[]) => a.length === b.length && a.every((x, i) => x.ref === b[i]!.ref && x.id_content === b[i]!.id_content);
const length = (i: Item) => durationOf({ durationS: i.duration_s, contentType: i.content_type });
const words = (s: string) =>
  s
    .toLowerCase()
    .normalize("NFD")
    .replace(/\p{M}+/gu, "")
    .split(/[^\p{L}\p{N}]+/u)
    .filter((w) => w.length > 2);
/** A word of the follow-up taken as the topic shows as a quoted topic ("nothing on “longest”", "«esos»"). */
function quotesTopic(q: string, a: Answer): boolean {
  const quoted = new Set([...a.content.matchAll(/[“«]([^”»]*)[”»]/g)].flatMap((m) => words(m[1]!)));
  return words(q).some((w) => quoted.has(w));
}

/** Whether the answer does what the follow-up asked, given the list it points at (the last answer with a plan). */
function understood(q: string, expect: Expect, a: Answer, listed: Item[] | null, topicSkills: string[], created: Map<number, number>): boolean {
  if (quotesTopic(q, a)) return false;
  const list = [...(listed ?? [])].sort((x, y) => x.ref - y.ref);
  if ("unresolvable" in expect) return !a.found && a.items.length === 0 && a.plan === null;
  if ("keeps" in expect) return a.found && a.plan !== null && topicSkills.every((s) => a.plan!.skills.includes(s));
  if ("fresh" in expect) return a.found && a.plan !== null && a.plan.skills.includes(expect.fresh) && !topicSkills.some((s) => a.plan!.skills.includes(s));
  if (!list.length) return false;
  if ("position" in expect) {
    const want = expect.position === "last" ? list.at(-1) : list[expect.position - 1];
    return want ? a.found && same(a.items, [want]) : !a.found && a.items.length === 0;
  }
  if ("pick" in expect) {
    // Newest: the latest to join the catalog (of two at once, the later row).
    const newer = (x: Item, y: Item) => (created.get(y.id_content) ?? 0) - (created.get(x.id_content) ?? 0) || y.id_content - x.id_content;
    const measure = (i: Item) => length(i);
    if (expect.pick === "newest") return a.found && same(a.items, [[...list].sort(newer)[0]!]);
    const best = expect.pick === "shortest" ? Math.min(...list.map(measure)) : Math.max(...list.map(measure));
    return a.found && a.items.length === 1 && list.some((i) => i.ref === a.items[0]!.ref) && measure(a.items[0]!) === best;
  }
  const { types, language, basic } = expect.among;
  const meets = (i: Item) => (!types || types.includes(i.content_type)) && (!language || i.language === language) && (!basic || INTRO_TITLE.test(i.title));
  const want = list.filter(meets);
  return want.length ? a.found && same(a.items, want) : !a.found && a.items.length === 0;
}

/**
 * Asks the conversations through the API; `people`: sign-in tokens of the demo company, each
 * allowed 20 questions a minute (a conversation stays with one person), with how many questions
 * each asked just before (`busy`, counted as asked now).
 */
export async function runConversations(app: FastifyInstance, database: Database, people: { token: string; busy: number }[]) {
  const asked: number[][] = people.map((p) => new Array<number>(p.busy).fill(Date.now()));
  /** A person with room for `n` more questions this minute; waits for one when all are busy. */
  async function someone(n: number): Promise<number> {
    for (;;) {
      const now = Date.now();
      const free = asked.map((times) => 20 - times.filter((t) => now - t < 61_000).length);
      const p = free.findIndex((f) => f >= n);
      if (p >= 0) return p;
      await new Promise((resolve) => setTimeout(resolve, 1000));
    }
  }
  const post = async (p: number, url: string, payload: object, lang: Lang) => {
    const res = await app.inject({ method: "POST", url, payload, headers: { authorization: `Bearer ${people[p]!.token}`, "accept-language": lang } });
    if (res.statusCode >= 300) throw new Error(`POST ${url} answered ${res.statusCode}: ${res.body}`);
    return res.json();
  };

  console.log(`\nfollow-ups in multi-turn conversations (${CONVERSATIONS.length} conversations, asked turn by turn through the API)`);
  console.log(`${pad("follow-up", 58)} ${"lang".padEnd(4)} ${"understood".padStart(10)} ${"http ms".padStart(8)}`);
  const results: { lang: Lang; ok: boolean; ms: number }[] = [];
  for (const c of CONVERSATIONS) {
    const questions = (c.topic ? 1 : 0) + c.turns.length;
    const p = await someone(questions);
    const id = ((await post(p, "/api/b2b/v1/copilot/conversations/", {}, c.lang)) as { id: number }).id;
    const say = async (q: string) => {
      asked[p]!.push(Date.now());
      const t0 = performance.now();
      const body = (await post(p, `/api/b2b/v1/copilot/conversations/${id}/messages/`, { content: q }, c.lang)) as { answer: Answer };
      return { answer: body.answer, ms: performance.now() - t0 };
    };
    let listed: Item[] | null = null;
    let topicSkills: string[] = [];
    if (c.topic) {
      const { answer } = await say(c.topic);
      listed = answer.items;
      topicSkills = answer.plan?.skills ?? [];
      if (!answer.found) console.log(`  (the topic "${c.topic}" found nothing: its follow-ups can't be understood)`);
    }
    for (const turn of c.turns) {
      const { answer, ms } = await say(turn.q);
      const ids = [...(listed ?? [])].map((i) => i.id_content);
      const created = new Map(
        ids.length
          ? (await database.db.select({ id: contentItems.id, at: contentItems.createdAt }).from(contentItems).where(inArray(contentItems.id, ids))).map(
              (r) => [r.id, r.at.getTime()] as const,
            )
          : [],
      );
      const ok = understood(turn.q, turn.expect, answer, listed, topicSkills, created);
      if (!ok && process.env.DEBUG_CONV)
        console.log(
          JSON.stringify({
            answer: answer.content,
            items: answer.items.map((i) => [i.ref, i.id_content]),
            listed: listed?.map((i) => [i.ref, i.id_content, created.get(i.id_content)]),
          }),
        );
      results.push({ lang: c.lang, ok, ms });
      console.log(`${pad(`${c.topic ? "… " : ""}${turn.q}`, 58)} ${c.lang.padEnd(4)} ${(ok ? "yes" : "NO").padStart(10)} ${ms.toFixed(1).padStart(8)}`);
      // A new topic (or a constraint without one) lists new items; a pick among them does not.
      if (answer.plan) {
        listed = answer.items;
        topicSkills = answer.plan.skills;
      }
    }
  }
  for (const lang of ["en", "es"] as const) {
    const mine = results.filter((r) => r.lang === lang);
    const share = mine.filter((r) => r.ok).length / mine.length;
    console.log(
      `follow-ups understood in multi-turn conversations (${lang})  ${share.toFixed(2)}  (${mine.filter((r) => r.ok).length}/${mine.length}; target ≥ 0.9)${share >= 0.9 ? " met" : " MISSED"}`,
    );
  }
  console.log(
    `follow-up answer time  POST …/messages/ p50 ${percentile(
      results.map((r) => r.ms),
      50,
    ).toFixed(1)} ms, p95 ${percentile(
      results.map((r) => r.ms),
      95,
    ).toFixed(1)} ms`,
  );
}
