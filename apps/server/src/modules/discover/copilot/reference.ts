import type { ContentType } from "@learnward/contracts";
import { durationOf } from "./planner.ts";
import type { Lang } from "./understand.ts";
import { ADVANCED_TITLE, fold, INTRO_TITLE } from "./words.ts";

// A follow-up that points back at the items of the previous answer: "which of those is
// shortest?", "the second one", "number 3", "any videos among them?", "¿cuál de esos es más
// corto?", "háblame del segundo". Its words of reference and comparison are never a topic: they
// are blanked out of the question before its topic is read, and the question is answered from the
// items the previous answer cited (as stored), never from a new search. Pure functions.

/** How a question picks among the previous answer's items. */
export type Pick =
  | { kind: "ordinal"; position: number }
  | { kind: "last" }
  | { kind: "ref"; ref: number }
  | { kind: "shortest" | "longest" | "newest" | "oldest" | "basic" | "advanced" };

export interface Reference {
  /** The item (or the comparison) the question asks for; null: it asks about them all ("any videos among them?"). */
  pick: Pick | null;
  /** "Tell me more about…": the person wants the item described, not another list. */
  detail: boolean;
}

const ORDINALS: Record<string, number> = {
  first: 1,
  second: 2,
  third: 3,
  fourth: 4,
  fifth: 5,
  sixth: 6,
  seventh: 7,
  eighth: 8,
  ninth: 9,
  tenth: 10,
  eleventh: 11,
  twelfth: 12,
  primero: 1,
  primera: 1,
  primer: 1,
  segundo: 2,
  segunda: 2,
  tercero: 3,
  tercera: 3,
  tercer: 3,
  cuarto: 4,
  cuarta: 4,
  quinto: 5,
  quinta: 5,
  sexto: 6,
  sexta: 6,
  septimo: 7,
  septima: 7,
  octavo: 8,
  octava: 8,
  noveno: 9,
  novena: 9,
  decimo: 10,
  decima: 10,
  undecimo: 11,
  duodecimo: 12,
};
const ORDINAL = Object.keys(ORDINALS).join("|");
/** "3rd", "12th", "3.º", "3º": ordinals written with digits. */
const DIGIT_ORDINAL = String.raw`(\d{1,2})(?:st|nd|rd|th|\.?º|\.?ª|o|a)`;
/** What a numbered thing of an answer is called: "the second one", "el tercer vídeo". */
const THING =
  "(?:one|ones|item|items|link|links|result|results|option|options|suggestion|video|videos|course|courses|book|books|article|articles|podcast|podcasts|elemento|elementos|enlace|enlaces|resultado|resultados|opcion|opciones|sugerencia|video|curso|libro|articulo|podcast)";
/** Time words after an ordinal make it a plan's week, not an item: "the first week", "la primera semana". */
const NOT_AN_ITEM =
  "(?!\\s+(?:week|weeks|day|days|night|month|months|quarter|year|years|weekend|time|times|step|steps|session|meeting|sprint|class|lesson|chapter|semana|semanas|dia|dias|noche|mes|meses|trimestre|ano|anos|vez|veces|paso|pasos|sesion|reunion|clase|leccion|capitulo)\\b)";

const REFERENCE_WORDS =
  /\b(?:(?:in|on|from|of)\s+(?:that|the|this|your)\s+(?:list|answer|selection)|the\s+above|(?:en|de)\s+(?:esa|esta|la|tu)\s+(?:lista|respuesta|seleccion)|those|these|them|they|(?:of|among|between)\s+(?:the\s+)?(?:ones|items|results|links)|which\s+ones?|any\s+of\s+(?:them|those|these)|either\s+of|esos|esas|estos|estas|ellos|ellas|aquellos|aquellas|(?:de|entre)\s+(?:los|las)\s+(?:que\s+me\s+(?:diste|has\s+dado|recomendaste)|anteriores)|alguno|alguna|algunos|algunas|ninguno|ninguna)\b/g;
/** "Which one…", "¿cuál…?": with a comparison, a pick among the items. */
const WHICH = /\b(?:which(?:\s+ones?)?|cual(?:es)?)\b/;

const ORDINAL_RES: [RegExp, (m: RegExpExecArray) => Pick][] = [
  // "number 3", "#3", "item 3", "[3]", "el número 3", "nº 3", "el 3"
  [
    /(?:\bnumber|\bnum\.?|\bno\.|\bitem|\bnumero|\bnº|#)\s*\[?(\d{1,2})\]?(?!\s*(?:h|min|hours?|minutes?|horas?|minutos?|weeks?|days?|semanas?|dias?|meses|months?)\b)/g,
    (m) => ({ kind: "ref", ref: Number(m[1]) }),
  ],
  [/\[(\d{1,2})\]/g, (m) => ({ kind: "ref", ref: Number(m[1]) })],
  [/\b(?:el|la)\s+(\d{1,2})\b(?!\s*(?:h|min|horas?|minutos?|semanas?|dias?|meses|de)\b)/g, (m) => ({ kind: "ref", ref: Number(m[1]) })],
  // "the last one", "el último"
  [
    new RegExp(`\\b(?:the\\s+)?last(?:\\s+${THING})?\\b${NOT_AN_ITEM}|\\b(?:el|la)\\s+ultim[oa]\\b${NOT_AN_ITEM}|\\bultim[oa]\\s+${THING}\\b`, "g"),
    () => ({ kind: "last" }),
  ],
  [
    new RegExp(`\\b(?:the\\s+|el\\s+|la\\s+|del\\s+)?${DIGIT_ORDINAL}(?![a-z0-9])${NOT_AN_ITEM}(?:\\s+${THING}\\b)?`, "g"),
    (m) => ({ kind: "ordinal", position: Number(m[1]) }),
  ],
  // "the second one", "second one", "el segundo", "la tercera", "el tercer vídeo", "del segundo"
  [
    new RegExp(`\\b(?:the|el|la|del|al)\\s+(${ORDINAL})\\b${NOT_AN_ITEM}(?:\\s+${THING}\\b)?|\\b(${ORDINAL})\\s+${THING}\\b`, "g"),
    (m) => ({ kind: "ordinal", position: ORDINALS[m[1] ?? m[2]!]! }),
  ],
];

/** Comparisons that pick among the items: English superlatives always do. */
const SUPERLATIVES: [RegExp, Pick["kind"]][] = [
  [
    /\b(?:the\s+)?(?:shortest|quickest|briefest|fastest)\b(?:\s+(?:one|ones|of\s+them))?|\b(?:takes?|needs?|requires?)\s+(?:the\s+)?(?:least|less)\s+time\b|\bleast\s+(?:long|time)\b/g,
    "shortest",
  ],
  [/\b(?:the\s+)?(?:longest|most\s+(?:complete|thorough|in-depth))\b(?:\s+(?:one|ones))?/g, "longest"],
  [
    /\b(?:the\s+)?(?:newest|latest|most\s+recent(?:ly\s+(?:published|added|released))?|most\s+up[\s-]to[\s-]date)\b(?:\s+(?:one|ones))?|\b(?:came\s+out|was\s+(?:published|added|released))\s+(?:most\s+recently|last)\b/g,
    "newest",
  ],
  [/\b(?:the\s+)?oldest\b(?:\s+(?:one|ones))?/g, "oldest"],
  [
    /\b(?:the\s+)?(?:easiest|simplest|most\s+basic|most\s+introductory|best\s+(?:one\s+)?for\s+(?:a\s+)?beginners?)\b|\b(?:suits?|suitable\s+for|good\s+for|right\s+for|best\s+for|works?\s+for)\s+(?:a\s+|an\s+|someone\s+)?(?:complete\s+|total\s+|absolute\s+)?(?:beginners?|newbies?|novices?|newcomers?|starting\s+out|new\s+to\s+(?:it|this))\b/g,
    "basic",
  ],
  [/\b(?:the\s+)?(?:most\s+advanced|hardest|deepest)\b/g, "advanced"],
];
/** Spanish comparisons: "más corto" is "shorter"; "el más corto", with its article, "the shortest". */
const MAS: [string, Pick["kind"]][] = [
  [String.raw`mas\s+(?:cort[oa]s?|breves?|rapid[oa]s?)|menos\s+larg[oa]s?`, "shortest"],
  [String.raw`mas\s+(?:larg[oa]s?|complet[oa]s?)`, "longest"],
  [String.raw`mas\s+(?:recientes?|nuev[oa]s?|actual(?:es)?)`, "newest"],
  [String.raw`mas\s+(?:antigu[oa]s?|viej[oa]s?)`, "oldest"],
  [String.raw`mas\s+(?:facil(?:es)?|sencill[oa]s?|basic[oa]s?|simples?)`, "basic"],
  [String.raw`mas\s+(?:avanzad[oa]s?|dificil(?:es)?|profund[oa]s?)`, "advanced"],
];
const WITH_ARTICLE: [RegExp, Pick["kind"]][] = MAS.map(([stem, kind]) => [new RegExp(`\\b(?:el|la|los|las)\\s+(?:${stem})\\b`, "g"), kind]);
/** Comparisons asked of "those" or with "which": a pick among the items ("¿cuál de esos es más corto?", "which is for beginners?"). */
const COMPARISONS: [RegExp, Pick["kind"]][] = [
  ...MAS.map(([stem, kind]): [RegExp, Pick["kind"]] => [new RegExp(`\\b(?:(?:el|la|los|las|lo)\\s+)?(?:${stem})\\b`, "g"), kind]),
  [/\b(?:dura|duran|lleva|llevan|ocupa|ocupan)\s+menos(?:\s+tiempo)?\b|\bmenos\s+tiempo\b|\b(?:shorter|quicker)\b/g, "shortest"],
  [/\b(?:dura|duran|lleva|llevan)\s+mas(?:\s+tiempo)?\b|\blonger\b/g, "longest"],
  [/\b(?:newer|more\s+recent)\b/g, "newest"],
  [/\bolder\b/g, "oldest"],
  [
    /\b(?:(?:is|are)\s+)?(?:for|para)\s+(?:a\s+|an\s+|complete\s+|absolute\s+)?(?:beginners?|principiantes?|novatos?|newcomers?)\b|\b(?:easier|simpler|introductory|introductori[oa]s?|basic[oa]s?)\b|\b(?:(?:sirve|vale|va\s+bien)\s+)?para\s+(?:alguien|quien|una\s+persona)\s+que\s+(?:empieza|empiece|comienza|parte)(?:\s+(?:de|desde)\s+cero)?\b|\b(?:de|desde)\s+cero\b/g,
    "basic",
  ],
  [/\b(?:more\s+advanced|harder|avanzad[oa]s?|advanced)\b/g, "advanced"],
];
/** "Tell me more about…", "what is…", "cuéntame más de…", "háblame del…". */
const DETAIL =
  /\b(?:tell\s+me\s+(?:more\s+)?about|(?:more\s+)?(?:details?|info(?:rmation)?)\s+(?:about|on|of)|more\s+(?:about|on)|what(?:\s+is|'s|s)?\s+(?:about|in)|what\s+is|describe|details?\s+(?:of|on|about)|why\s+(?:did\s+you\s+(?:cite|pick|choose|recommend)|is)|(?:cuentame|dime|hablame|explicame)(?:\s+mas)?(?:\s+(?:sobre|de|del|acerca\s+de))?|mas\s+(?:sobre|de|del|informacion)|que\s+es|describe(?:me)?|detalles?\s+(?:de|del|sobre)|por\s+que\s+(?:citaste|elegiste|recomendaste|es))\b/g;

/**
 * The reference a question makes to the previous answer's items, and the question with its words
 * of reference and comparison blanked out (`rest`, folded). Null when it makes none.
 */
export function extractReference(folded: string): { reference: Reference | null; rest: string } {
  let rest = folded;
  let pick: Pick | null = null;
  let pointed = false;
  const take = (re: RegExp, found: (m: RegExpExecArray) => void) => {
    rest = rest.replace(re, (...args) => {
      const m = args as unknown as RegExpExecArray;
      found(m);
      return " ";
    });
  };
  for (const [re, make] of ORDINAL_RES) {
    take(re, (m) => {
      pick ??= make(m);
      pointed = true;
    });
  }
  for (const [re, kind] of SUPERLATIVES) {
    take(re, () => {
      pick ??= { kind } as Pick;
      pointed = true;
    });
  }
  let refers = false;
  take(REFERENCE_WORDS, () => {
    refers = true;
  });
  // "¿Hay alguno que sea un vídeo?": the glue of the reference goes with it.
  if (refers) rest = rest.replace(/\bque\s+(?:sea|sean|este|esten)\b/g, " ");
  const asked = refers || pointed || WHICH.test(rest);
  // Without "those" or "which", only Spanish's "el más corto" (article and comparison) picks: "algo más corto" is a constraint.
  for (const [re, kind] of asked ? COMPARISONS : WITH_ARTICLE) {
    take(re, () => {
      pick ??= { kind } as Pick;
      if (!asked) pointed = true;
    });
  }
  if (!refers && !pointed && !(pick && WHICH.test(rest))) return { reference: null, rest: folded };
  let detail = false;
  take(DETAIL, () => {
    detail = true;
  });
  rest = rest.replace(WHICH, " ");
  return { reference: { pick, detail }, rest };
}

/** One of the previous answer's items, as the answer to a reference reads it. */
export interface PriorItem {
  ref: number;
  id: number;
  source: "catalog" | "library";
  title: string;
  contentType: ContentType;
  durationS: number | null;
  language: string;
  skills: string[];
  provider: string | null;
  /** When the item joined the catalog; null when unknown (the asker's own saves). */
  createdAt: Date | null;
}

export type Resolved<T extends PriorItem> =
  { ok: true; items: T[]; single: boolean } | { ok: false; reason: "none" | "out-of-range" | "no-match"; count: number };

/**
 * The items a reference picks among `items` (the previous answer's, in citation order), filtered
 * by what the question asks of them: content types, language, level. Pure.
 */
export function resolveReference<T extends PriorItem>(
  items: T[],
  ref: Reference,
  filters: { types: ContentType[]; itemLanguage: Lang | null; words: string[] },
): Resolved<T> {
  if (!items.length) return { ok: false, reason: "none", count: 0 };
  const ordered = [...items].sort((a, b) => a.ref - b.ref);
  const pick = ref.pick;
  if (pick?.kind === "ordinal" || pick?.kind === "ref" || pick?.kind === "last") {
    const item =
      pick.kind === "last"
        ? ordered.at(-1)
        : pick.kind === "ref"
          ? (ordered.find((i) => i.ref === pick.ref) ?? (pick.ref >= 1 ? ordered[pick.ref - 1] : undefined))
          : ordered[pick.position - 1];
    return item ? { ok: true, items: [item], single: true } : { ok: false, reason: "out-of-range", count: ordered.length };
  }
  let pool = ordered;
  if (filters.types.length) pool = pool.filter((i) => filters.types.includes(i.contentType));
  if (filters.itemLanguage) pool = pool.filter((i) => i.language === filters.itemLanguage);
  // Words of a topic narrow the list only when an item has them all: "which of those covers pandas?".
  if (filters.words.length) pool = pool.filter((i) => filters.words.every((w) => fold(`${i.title} ${i.skills.join(" ")}`).includes(w)));
  if (pick?.kind === "basic") pool = pool.filter((i) => INTRO_TITLE.test(i.title));
  if (pick?.kind === "advanced") pool = pool.filter((i) => ADVANCED_TITLE.test(i.title) || (!INTRO_TITLE.test(i.title) && i.contentType === "course"));
  if (!pool.length) return { ok: false, reason: "no-match", count: ordered.length };
  const sorted = (by: (a: T, b: T) => number) => [...pool].sort((a, b) => by(a, b) || a.ref - b.ref);
  const time = (i: T) => i.createdAt?.getTime() ?? -Infinity;
  switch (pick?.kind) {
    case "shortest":
      return { ok: true, items: [sorted((a, b) => durationOf(a) - durationOf(b))[0]!], single: true };
    case "longest":
      return { ok: true, items: [sorted((a, b) => durationOf(b) - durationOf(a))[0]!], single: true };
    case "newest":
      return { ok: true, items: [sorted((a, b) => time(b) - time(a) || b.id - a.id)[0]!], single: true };
    case "oldest":
      return { ok: true, items: [sorted((a, b) => time(a) - time(b) || a.id - b.id)[0]!], single: true };
    default:
      return { ok: true, items: pool, single: false };
  }
}
