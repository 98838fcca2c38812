import fs from "node:fs";
import { describe, expect, it } from "vitest";
import { plan } from "./planner.ts";
import { applyConstraints, isFollowUp, refine } from "./followup.ts";
import { composeAnswer, composeNothingFound } from "./compose.ts";
import { type PriorItem, resolveReference } from "./reference.ts";
import { H, u } from "./testing.ts";

// A conversation with the copilot: follow-ups that change the previous question, questions about
// the person's library, and questions that point back at the previous answer's items.

describe("follow-ups", () => {
  it("reads what a follow-up changes, and never mistakes it (or planning words) for a topic", () => {
    const followUps = [
      "only videos",
      "shorter",
      "in Spanish",
      "I have 2 hours this week",
      "something more advanced",
      "solo vídeos",
      "más corto",
      "en español",
      "tengo 2 horas esta semana",
      "algo más avanzado",
      "What should I do first this week? I have 2 hours",
      "¿Qué debo hacer primero esta semana? Tengo 2 horas",
    ];
    for (const q of followUps) expect(isFollowUp(u(q)), q).toBe(true);
    expect(u("only videos").types).toEqual(["video"]);
    expect(u("solo vídeos").types).toEqual(["video"]);
    expect(u("in Spanish")).toMatchObject({ itemLanguage: "es" });
    expect(u("en inglés")).toMatchObject({ itemLanguage: "en", language: "es" });
    expect(u("shorter").length).toBe("shorter");
    expect(u("algo más corto").length).toBe("shorter");
    expect(u("longer please").length).toBe("longer");
    expect(u("something short?")).toMatchObject({ length: "shorter", keywords: [] });
    expect(u("¿algo breve?")).toMatchObject({ length: "shorter", keywords: [] });
    expect(u("something more advanced").level).toBe("advanced");
    expect(u("algo más básico").level).toBe("basic");
    expect(u("What should I do first this week? I have 2 hours")).toMatchObject({ availableS: 2 * H, span: { unit: "week", count: 1 } });
    // A language to learn is a topic, not the items' language.
    expect(u("I want to learn Spanish").keywords).toEqual(["spanish"]);
    expect(u("I want to learn Spanish").itemLanguage).toBeNull();
    expect(isFollowUp(u("SQL videos in Spanish"))).toBe(false);
  });

  it("reads every follow-up the web app offers under an answer, in both languages, as the change it names", () => {
    // The buttons' texts are sent as the question (apps/web CopilotPanel): the engine must read them all.
    for (const lang of ["en", "es"] as const) {
      const offered = (
        JSON.parse(fs.readFileSync(new URL(`../../../../../web/src/i18n/locales/${lang}/discover.json`, import.meta.url), "utf8")) as {
          copilot: { refine: Record<"videos" | "shorter" | "advanced" | "otherLanguage" | "time", string> };
        }
      ).copilot.refine;
      expect(u(offered.videos, lang)).toMatchObject({ types: ["video"], skills: [], keywords: [] });
      expect(u(offered.shorter, lang)).toMatchObject({ length: "shorter", keywords: [] });
      expect(u(offered.advanced, lang)).toMatchObject({ level: "advanced", keywords: [] });
      expect(u(offered.otherLanguage, lang)).toMatchObject({ itemLanguage: lang === "en" ? "es" : "en", keywords: [] });
      expect(u(offered.time, lang)).toMatchObject({ availableS: 2 * H, keywords: [] });
    }
  });

  it("accumulates constraints over the conversation until a question names a new topic", () => {
    let c = refine(null, u("I need to learn SQL"));
    expect(c).toMatchObject({ skills: ["sql"], types: [], changes: [] });
    c = refine(c, u("only videos"));
    expect(c.changes).toEqual([{ kind: "types", types: ["video"], met: true }]);
    c = refine(c, u("shorter"), { durations: [600, 1200, 3600] });
    // Shorter than the previous answer's typical item, still videos, still SQL.
    expect(c).toMatchObject({ skills: ["sql"], types: ["video"], maxDurationS: 1200 });
    expect(c.changes).toEqual([{ kind: "shorter", limitS: 1200, met: true }]);
    c = refine(c, u("en español"));
    expect(c).toMatchObject({ skills: ["sql"], types: ["video"], maxDurationS: 1200, itemLanguage: "es", language: "es" });
    c = refine(c, u("tengo 2 horas esta semana"));
    expect(c).toMatchObject({ skills: ["sql"], types: ["video"], itemLanguage: "es", availableS: 2 * H });
    c = refine(c, u("algo más avanzado"));
    expect(c).toMatchObject({ skills: ["sql"], level: "advanced", beginner: false, availableS: 2 * H });
    c = refine(c, u("for beginners"));
    expect(c).toMatchObject({ skills: ["sql"], level: "basic", beginner: true, changes: [{ kind: "basic", met: true }] });
    c = refine(c, u("And what about Python?"));
    expect(c).toMatchObject({ skills: ["python"], types: [], itemLanguage: null, maxDurationS: null, level: null, availableS: null, changes: [] });
  });

  it("keeps only the items that meet a constraint, and says when the catalog can't meet it", () => {
    const item = (title: string, durationS: number, language = "en") => ({ title, contentType: "video" as const, durationS, language });
    const items = [item("SQL Basics for Beginners", 600), item("Advanced SQL Window Functions", 3000), item("SQL en la práctica", 900, "es")];
    let c = refine(refine(null, u("I need to learn SQL")), u("in Spanish"));
    expect(applyConstraints(items, c)).toEqual({ ranked: [items[2]], changes: [{ kind: "language", language: "es", met: true }] });
    c = refine(refine(null, u("I need to learn SQL")), u("shorter"), { durations: [300] });
    const shortest = applyConstraints(items, c);
    expect(shortest.ranked.map((x) => x.durationS)).toEqual([600, 900, 3000]);
    expect(shortest.changes).toEqual([{ kind: "shorter", limitS: 300, met: false }]);
    c = refine(refine(null, u("I need to learn SQL")), u("I have 20 minutes"));
    expect(applyConstraints(items, c).ranked.map((x) => x.durationS)).toEqual([600, 900]);
    // Time given with the topic is the planner's to fit (ranking stays whole); a follow-up's keeps what fits.
    expect(applyConstraints(items, refine(null, u("I need to learn SQL, I have 20 minutes"))).ranked).toHaveLength(3);
    c = refine(refine(null, u("I need to learn SQL")), u("something more advanced"));
    expect(applyConstraints(items, c).ranked.map((x) => x.title)).toEqual(["Advanced SQL Window Functions", "SQL en la práctica"]);
  });

  it("says in the answer what the follow-up changed, in the question's language", () => {
    const c = refine(refine(null, u("I need to learn SQL")), u("only videos"));
    const ranked = [{ id: 1, title: "SQL Joins", contentType: "video" as const, durationS: 600, skills: ["sql"], score: 1, language: "en" }];
    const text = composeAnswer(c, plan(ranked, c), () => 1, c.changes);
    expect(text).toMatch(/^Only videos on SQL\. Here is the best/);
    const es = refine(refine(null, u("quiero aprender SQL", "es")), u("solo vídeos", "es"));
    expect(composeAnswer(es, plan(ranked, es), () => 1, es.changes)).toMatch(/^Solo vídeos sobre SQL\. /);
    const shorter = refine(refine(null, u("I need to learn SQL")), u("más corto", "es"), { durations: [1800] });
    expect(composeAnswer(shorter, plan(ranked, shorter), () => 1, shorter.changes)).toMatch(/^Elementos más cortos sobre SQL: cada uno de menos de 30 min\. /);
  });

  it("asks for a topic when a conversation starts with a follow-up, instead of quoting nothing", () => {
    expect(composeNothingFound(refine(null, u("only videos")), ["SQL", "Python"])).toBe(
      "Which topic should I look for? Ask about a skill or a subject, for example SQL and Python.",
    );
    expect(composeNothingFound(refine(null, u("solo vídeos", "es")), ["SQL"])).toBe(
      "¿Sobre qué tema busco? Pregunta por una habilidad o un tema, por ejemplo SQL.",
    );
  });
});

describe("questions about my library", () => {
  it("knows when a question names the person's library, and keeps those words out of its topic", () => {
    const named: [string, string[]][] = [
      ["What did I save about kubernetes operators?", ["kubernetes", "operators"]],
      ["what's in my library about helm charts?", ["helm", "charts"]],
      ["videos I have saved on python", ["python"]],
      ["¿Qué guardé sobre liderazgo?", ["liderazgo"]],
      ["lo que he guardado de negociación en mi biblioteca", ["negociación"]],
      ["mis guardados sobre Excel", ["excel"]],
    ];
    for (const [q, keywords] of named) {
      expect(u(q).library, q).toBe(true);
      expect(u(q).keywords, q).toEqual(keywords);
    }
    for (const q of ["How can I save money on cloud costs?", "I need to learn SQL for analytics in two weeks", "library management systems"]) {
      expect(u(q).library, q).toBe(false);
    }
  });

  it("lets a follow-up look in the library without changing the topic", () => {
    const context = refine(refine(null, u("kubernetes operators")), u("and in my library?"));
    expect(context).toMatchObject({ keywords: ["kubernetes", "operators"], library: true });
  });
});

describe("questions that point back at the previous answer's items", () => {
  const item = (ref: number, title: string, contentType: PriorItem["contentType"], durationS: number | null, language = "en"): PriorItem => ({
    ref,
    id: 100 + ref,
    source: "catalog",
    title,
    contentType,
    durationS,
    language,
    skills: ["kubernetes"],
    provider: null,
    createdAt: new Date(2026, 0, ref),
  });
  const items = [
    item(1, "Kubernetes basics", "article", 600),
    item(2, "Kubernetes in production", "course", 6 * H),
    item(3, "Pods up close", "video", 300, "es"),
    item(4, "Scaling clusters", "video", 1200),
  ];
  const resolve = (q: string) => {
    const x = u(q);
    return resolveReference(items, x.reference!, { types: x.types, itemLanguage: x.itemLanguage ?? null, words: [] });
  };
  const refs = (r: ReturnType<typeof resolve>) => (r.ok ? r.items.map((i) => i.ref) : r.reason);

  it("never takes words of reference or comparison for a topic, in English and Spanish", () => {
    for (const q of [
      "Which of those is shortest?",
      "¿cuál de esos es más corto?",
      "tell me more about the second one",
      "el segundo",
      "number 3",
      "any videos among them?",
      "¿alguno en vídeo?",
      "which of these is newest",
      "¿Cuál de ellos es el más largo?",
      "háblame del número 2",
      "What's the 4th one about?",
      "any podcasts in that list?",
    ]) {
      const x = u(q);
      expect(x.reference, q).toBeTruthy();
      expect(isFollowUp(x), q).toBe(true);
    }
  });

  it("picks the item asked for", () => {
    expect(refs(resolve("Which of those is shortest?"))).toEqual([3]);
    expect(refs(resolve("¿cuál de esos es más largo?"))).toEqual([2]);
    expect(refs(resolve("which one is the newest?"))).toEqual([4]);
    expect(refs(resolve("tell me more about the second one"))).toEqual([2]);
    expect(refs(resolve("number 3"))).toEqual([3]);
    expect(refs(resolve("¿y el último?"))).toEqual([4]);
    expect(refs(resolve("any videos among them?"))).toEqual([3, 4]);
    expect(refs(resolve("¿alguno en español?"))).toEqual([3]);
    expect(refs(resolve("which of those is for beginners?"))).toEqual([1]);
    expect(refs(resolve("any books among them?"))).toBe("no-match");
    expect(refs(resolve("the ninth one"))).toBe("out-of-range");
    expect(resolveReference([], u("the second one").reference!, { types: [], itemLanguage: null, words: [] })).toMatchObject({ ok: false, reason: "none" });
  });

  it("leaves planning words, constraints and topics alone", () => {
    for (const q of [
      "What should I do first this week? I have 2 hours",
      "something shorter",
      "algo más corto",
      "en español",
      "y para principiantes",
      "and what about kubernetes?",
      "Production went down last night, how should we handle outages?",
      "¿Qué preguntas hago a un cliente en la primera reunión?",
      "Quiero aprender Python desde cero",
    ]) {
      expect(u(q).reference ?? null, q).toBeNull();
    }
    expect(u("y para principiantes")).toMatchObject({ keywords: [], beginner: true });
    expect(u("and what about kubernetes?").skills).toEqual(["kubernetes"]);
  });

  it("keeps the topic and its constraints through a question that picks among the items", () => {
    let c = refine(null, u("I need to learn kubernetes"));
    c = refine(c, u("only videos"));
    c = refine(c, u("which of those is the longest?"));
    expect(c).toMatchObject({ skills: ["kubernetes"], types: ["video"], changes: [] });
  });
});
