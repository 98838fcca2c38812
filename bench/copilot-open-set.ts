// The copilot's open set, measured against its targets: 16 topics that the seeded demo catalog and the
// copilot's hand-written word lists do not cover, with the items `bench/copilot-open.ts` saves
// into a fresh company's catalog, and hand-labelled questions:
// - paraphrase: a question in English or Spanish sharing no word with the relevant titles;
// - cross-language: a Spanish question over English items, or the reverse;
// - follow-up: refines the previous question's answer ("only videos", "in Spanish", "2 hours");
// - off-topic: nothing in the catalog fits, the honest answer is "nothing found".
// Topics 1–8 form the tuning half, topics 9–16 and their questions the held-out half: whoever
// tunes the engine looks at the tuning half only.
// The topics themselves (items and questions) are data and live in `copilot-open-set.json`, in the
// order listed there; durations are in seconds.

import topics from "./copilot-open-set.json" with { type: "json" };

export type Half = "tuning" | "held-out";
export type Kind = "paraphrase" | "cross-language" | "follow-up" | "off-topic";
export type Lang = "en" | "es";

export interface OpenItem {
  title: string;
  url: string;
  content_type: "article" | "video" | "course" | "podcast" | "book";
  author: string;
  description: string;
  duration_s: number | null;
  language: Lang;
  skills: string[];
}

export interface OpenQuestion {
  q: string;
  locale: Lang;
  kind: Kind;
  /** For a follow-up: the question asked just before it in the same conversation (or all before it, oldest first). */
  after?: string | string[];
  /** Titles of the items a good answer shows; empty for an off-topic question. */
  relevant: string[];
}

export interface OpenTopic {
  topic: string;
  half: Half;
  items: OpenItem[];
  questions: OpenQuestion[];
}

// The JSON's strings widen to `string`; the types above name what each field may hold.
export const OPEN_TOPICS: OpenTopic[] = topics as OpenTopic[];

/** Nothing in the open-set catalog fits these: the honest answer is "nothing found". */
export const OFF_TOPIC: { half: Half; questions: OpenQuestion[] }[] = [
  {
    half: "tuning",
    questions: [
      { q: "How do I bake sourdough bread at home?", locale: "en", kind: "off-topic", relevant: [] },
      { q: "¿Qué tiempo hará mañana en Madrid?", locale: "es", kind: "off-topic", relevant: [] },
      { q: "Best hiking trails in Patagonia", locale: "en", kind: "off-topic", relevant: [] },
      { q: "¿Cómo cambio la rueda de una bicicleta?", locale: "es", kind: "off-topic", relevant: [] },
      // Near misses: a word the catalog has, a topic it does not cover.
      { q: "Cheap flights to Paris in March", locale: "en", kind: "off-topic", relevant: [] },
      { q: "¿Dónde compro un sofá barato para el salón?", locale: "es", kind: "off-topic", relevant: [] },
    ],
  },
  {
    half: "held-out",
    questions: [
      { q: "How do I stop my puppy from biting?", locale: "en", kind: "off-topic", relevant: [] },
      { q: "Receta de paella valenciana para seis personas", locale: "es", kind: "off-topic", relevant: [] },
      { q: "Who won the football world cup in 1998?", locale: "en", kind: "off-topic", relevant: [] },
      { q: "¿Cada cuánto riego un bonsái?", locale: "es", kind: "off-topic", relevant: [] },
      { q: "Which laptop should I buy for gaming?", locale: "en", kind: "off-topic", relevant: [] },
      { q: "¿Qué serie de televisión me recomiendas para el fin de semana?", locale: "es", kind: "off-topic", relevant: [] },
    ],
  },
];
