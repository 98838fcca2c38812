import type { ContentType } from "@learnward/contracts";
import { extractReference, type Reference } from "./reference.ts";
import { fold, SKILL_ALIASES, STOP } from "./words.ts";

// Kept importable from here, where they were first defined.
export { fold, INTRO_TITLE } from "./words.ts";

// What a learning question asks for, in English or Spanish: its language, skills, the words to
// search for, the time the person has and the kind of content they want. Pure functions.

export type Lang = "en" | "es";
export type Span = { unit: "day" | "week" | "month"; count: number };
export type Term = { words: string[]; covered: boolean };

export interface Understanding {
  language: Lang;
  /** Catalog skills named in the question, the first-mentioned first. */
  skills: string[];
  /** Content words to search the catalog for (stop words, numbers and time phrases removed). */
  keywords: string[];
  /** The keywords, each with the catalog words it stands for once retrieval has read them; "covered" when the word named one of the skills. */
  terms: Term[];
  /** Content types the question asks for ("videos", "un libro"); empty means any. */
  types: ContentType[];
  /** The question asks for job openings rather than learning. */
  jobs: boolean;
  beginner: boolean;
  span: Span | null;
  /** Learning time the person has, in seconds, when the question says or implies it. */
  availableS: number | null;
  // What a follow-up may ask to change; see followup.ts.
  /** The language the items should be in: "in Spanish", "en inglés". */
  itemLanguage?: Lang | null;
  /** Shorter or longer items than the previous answer's. */
  length?: "shorter" | "longer" | null;
  /** More advanced or more basic items than the previous answer's. */
  level?: "advanced" | "basic" | null;
  /** The question names the person's own library ("what did I save about…", "en mi biblioteca"): answer from their saves first. */
  library?: boolean;
  /** The question points back at the previous answer's items ("which of those…", "the second one"): see reference.ts. */
  reference?: Reference | null;
}

const HOUR = 3600;
/** Learning time assumed when only a period is given: about an hour a working day. */
export const DEFAULT_WEEKLY_S = 5 * HOUR;
const DEFAULT_DAILY_S = 1 * HOUR;

// ---- language ----

const ES_MARKERS = new Set(
  "quiero necesito aprender aprenda como para semanas semana mes meses dias dia horas hora sobre que un una unos unas el la los las del y mis tengo puedo cursos curso libros libro mejorar empezar desde cero principiante equipo por favor hablar publico datos liderazgo negociacion ayuda ayudame dame busco quisiera podrias recomiendas recomienda recomiendame al con sin mas algo nada donde cual cuales es son esta estoy ser hacer mejor muy pero tambien porque manana tiempo trabajo empresa".split(
    " ",
  ),
);
const EN_MARKERS = new Set(
  "i need want to learn learning how the an in for with my about weeks week month months days day hours hour what should get better at on of and is are can you recommend some any course courses book books from scratch beginner team please help improve start best do give which where this that it have has be would like could tips".split(
    " ",
  ),
);

/** The question's language by its words; ties go to the interface language. */
export function detectLanguage(question: string, fallback: Lang): Lang {
  const words = fold(question)
    .split(/[^\p{L}\p{N}]+/u)
    .filter(Boolean);
  let es = /[ñ¿¡]|[áéíóú]/i.test(question) ? 2 : 0;
  let en = 0;
  for (const w of words) {
    if (ES_MARKERS.has(w)) es++;
    if (EN_MARKERS.has(w)) en++;
  }
  if (es === en) return fallback;
  return es > en ? "es" : "en";
}

// ---- numbers and time ----

const NUMBER_WORDS: Record<string, number> = {
  "a couple of": 2,
  "a couple": 2,
  "couple of": 2,
  "a few": 3,
  a: 1,
  an: 1,
  one: 1,
  two: 2,
  three: 3,
  four: 4,
  five: 5,
  six: 6,
  seven: 7,
  eight: 8,
  nine: 9,
  ten: 10,
  eleven: 11,
  twelve: 12,
  fifteen: 15,
  twenty: 20,
  thirty: 30,
  half: 0.5,
  "half an": 0.5,
  "half a": 0.5,
  "un par de": 2,
  un: 1,
  una: 1,
  uno: 1,
  dos: 2,
  tres: 3,
  cuatro: 4,
  cinco: 5,
  seis: 6,
  siete: 7,
  ocho: 8,
  nueve: 9,
  diez: 10,
  once: 11,
  doce: 12,
  quince: 15,
  veinte: 20,
  treinta: 30,
  media: 0.5,
  medio: 0.5,
};
const NUM = `(\\d+(?:[.,]\\d+)?|${Object.keys(NUMBER_WORDS)
  .sort((a, b) => b.length - a.length)
  .map((w) => w.replace(/ /g, "\\s+"))
  .join("|")})`;
const toNumber = (raw: string) => {
  const w = raw.replace(/\s+/g, " ");
  return NUMBER_WORDS[w] ?? Number(w.replace(",", "."));
};
const TIME_UNIT = "(hours?|hrs?|h|minutes?|mins?|horas?|minutos?)";
const RATE_RE = new RegExp(`\\b${NUM}\\s*${TIME_UNIT}\\s*(?:a|per|each|every|an|al|a\\s+la|por|cada|/)\\s*(day|week|weekday|dia|semana)\\b`, "g");
const TOTAL_RE = new RegExp(`\\b${NUM}\\s*${TIME_UNIT}\\b`, "g");
const SPAN_RE = new RegExp(`\\b${NUM}\\s*(days?|weeks?|months?|weekends?|dias?|semanas?|mes(?:es)?|fines\\s+de\\s+semana|fin\\s+de\\s+semana)\\b`, "g");
const SPAN_WORDS: [RegExp, Span][] = [
  [/\b(a\s+)?fortnight\b|\bquincena\b/, { unit: "week", count: 2 }],
  [/\bthis\s+week\b|\besta\s+semana\b|\bnext\s+week\b|\bla\s+proxima\s+semana\b/, { unit: "week", count: 1 }],
  [/\bthis\s+month\b|\beste\s+mes\b|\bnext\s+month\b|\bel\s+proximo\s+mes\b/, { unit: "month", count: 1 }],
  [/\b(this|a|the)\s+weekend\b|\b(este|un|el)\s+fin\s+de\s+semana\b/, { unit: "day", count: 2 }],
  [/\btomorrow\b|\btoday\b|\bhoy\b/, { unit: "day", count: 1 }],
];

const seconds = (n: number, unit: string) => (/^(m|min)/.test(unit) ? n * 60 : n * HOUR);
const spanDays = (s: Span) => (s.unit === "day" ? s.count : s.unit === "week" ? s.count * 7 : s.count * 30);

interface TimeFacts {
  span: Span | null;
  availableS: number | null;
  /** The folded question with its time phrases blanked out. */
  rest: string;
}

export function extractTime(folded: string): TimeFacts {
  let rest = folded;
  let rate: { s: number; per: "day" | "week" } | null = null;
  let total: number | null = null;
  let span: Span | null = null;

  rest = rest.replace(RATE_RE, (_m, n: string, unit: string, per: string) => {
    rate ??= { s: seconds(toNumber(n), unit), per: per === "week" || per === "semana" ? "week" : "day" };
    return " ";
  });
  rest = rest.replace(TOTAL_RE, (_m, n: string, unit: string) => {
    total ??= seconds(toNumber(n), unit);
    return " ";
  });
  rest = rest.replace(SPAN_RE, (_m, n: string, unit: string) => {
    const count = toNumber(n);
    if (!span && Number.isFinite(count) && count > 0) {
      if (/^(week|semana)/.test(unit)) span = { unit: "week", count: Math.round(count) || 1 };
      else if (/^(month|mes)/.test(unit)) span = { unit: "month", count: Math.round(count) || 1 };
      else if (/weekend|fin(es)?\s+de\s+semana/.test(unit)) span = { unit: "day", count: Math.max(1, Math.round(count * 2)) };
      else span = { unit: "day", count: Math.max(1, Math.round(count)) };
    }
    return " ";
  });
  if (!span) {
    for (const [re, s] of SPAN_WORDS) {
      if (re.test(rest)) {
        span = s;
        rest = rest.replace(re, " ");
        break;
      }
    }
  }
  const r = rate as { s: number; per: "day" | "week" } | null;
  const sp = span as Span | null;
  let availableS: number | null = null;
  if (total !== null) availableS = total;
  else if (r && sp) availableS = r.per === "day" ? r.s * spanDays(sp) : Math.round((r.s * spanDays(sp)) / 7);
  else if (r) {
    // A pace without a period: plan one week at that pace.
    span = { unit: "week", count: 1 };
    availableS = r.per === "day" ? r.s * 7 : r.s;
  } else if (sp) {
    availableS = sp.unit === "day" ? sp.count * DEFAULT_DAILY_S : sp.unit === "week" ? sp.count * DEFAULT_WEEKLY_S : sp.count * 4 * DEFAULT_WEEKLY_S;
  }
  if (availableS !== null) availableS = Math.max(15 * 60, Math.min(Math.round(availableS), 2000 * HOUR));
  return { span, availableS, rest };
}

// ---- skills ----

const escapeRe = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

/**
 * Skills named in the question: the aliases above and, literally, any skill of the company's
 * catalog. Only skills the catalog has are kept, ordered by where the question names them.
 */
export function extractSkills(folded: string, vocabulary: readonly string[]): string[] {
  return findSkills(folded, vocabulary).skills;
}

/** The skills, and the stretches of the question that named them. */
function findSkills(folded: string, vocabulary: readonly string[]): { skills: string[]; spans: string[] } {
  const known = new Set(vocabulary);
  const found = new Map<string, number>();
  const spans: string[] = [];
  const note = (skill: string, m: RegExpExecArray) => {
    if (!known.has(skill)) return;
    // The whole words the match touches: /\bproductiv/ in "productividad" covers "productividad".
    let start = m.index + (m[0].length - m[0].trimStart().length);
    let end = m.index + m[0].trimEnd().length;
    while (start < end && !/[\p{L}\p{N}]/u.test(folded[start]!)) start++;
    while (end > start && !/[\p{L}\p{N}]/u.test(folded[end - 1]!)) end--;
    while (start > 0 && /[\p{L}\p{N}]/u.test(folded[start - 1]!)) start--;
    while (end < folded.length && /[\p{L}\p{N}]/u.test(folded[end]!)) end++;
    spans.push(folded.slice(start, end));
    if (!found.has(skill) || found.get(skill)! > m.index) found.set(skill, m.index);
  };
  for (const [re, skills] of SKILL_ALIASES) {
    const m = re.exec(folded);
    if (m) for (const s of skills) note(s, m);
  }
  for (const skill of vocabulary) {
    const m = new RegExp(`(^|[^\\p{L}\\p{N}])${escapeRe(fold(skill))}($|[^\\p{L}\\p{N}])`, "u").exec(folded);
    if (m) note(skill, m);
  }
  return { skills: [...found.entries()].sort((a, b) => a[1] - b[1]).map(([s]) => s), spans };
}

const TYPE_WORDS: [RegExp, ContentType][] = [
  [/\bvideos?\b/, "video"],
  [/\bbooks?\b|\blibros?\b/, "book"],
  [/\bpodcasts?\b/, "podcast"],
  [/\barticles?\b|\barticulos?\b|\bblog\s+posts?\b/, "article"],
  [/\bcourses?\b|\bcursos?\b/, "course"],
];
// Looking for a job, not learning for one: "job openings", "vacantes"; not "my job" or "a job offer".
const JOB_RE =
  /\bjobs\b|\bjob\s+(openings?|search|board|listings?|posts?|ads?)\b|\b(find|looking\s+for|search\s+for|apply\s+for|get)\s+a\s+(new\s+)?job\b|\bopenings\b|\bvacanc(y|ies)\b|\bhiring\b|\bopen\s+positions?\b|\bempleos\b|\bvacantes?\b|\bofertas?\s+de\s+(trabajo|empleo)\b|\b(busco|buscar|buscando)\s+(un\s+)?(trabajo|empleo)\b|\bpuestos?\s+de\s+trabajo\b/;
const BEGINNER_RE =
  /\bbeginners?\b|\bfrom\s+scratch\b|\bbasics\b|\bintroduct|\bintro\b|\bnew\s+to\b|\bgetting\s+started\b|\bfirst\s+steps\b|\bprincipiantes?\b|\bdesde\s+cero\b|\bbasicos?\b|\bintroduccion\b|\bempezar\b|\bfundamentos\b|\bfundamentals\b/;

/** Content words, lower-cased with their accents (the Spanish stemmer wants them), deduplicated. */
export function extractKeywords(original: string, timeFree: string): string[] {
  const originalWords = original
    .toLowerCase()
    .split(/[^\p{L}\p{N}]+/u)
    .filter(Boolean);
  const kept = new Set(timeFree.split(/[^\p{L}\p{N}]+/u).filter(Boolean));
  const out: string[] = [];
  for (const w of originalWords) {
    const f = fold(w);
    if (!kept.has(f) || STOP.has(f) || /^\d+$/.test(f) || f.length < 2) continue;
    if (!out.includes(w)) out.push(w);
  }
  return out.slice(0, 8);
}

// ---- constraints a follow-up changes ----

/** The language of the items wanted ("in Spanish", "English-language", "en lengua española"): a constraint, never a topic. */
const ITEM_LANGUAGE: [RegExp, Lang][] = [
  [/\b(?:in|en)\s+(?:spanish|espanol|castellano)\b|\bspanish[\s-]+(?:language|speaking)\b|\ben\s+(?:idioma|lengua)\s+espanola\b/g, "es"],
  [/\b(?:in|en)\s+(?:english|ingles)\b|\benglish[\s-]+(?:language|speaking)\b|\ben\s+(?:idioma|lengua)\s+inglesa\b/g, "en"],
];
const LENGTH: [RegExp, "shorter" | "longer"][] = [
  [/\b(shorter|short|quicker|quick|brief)\b|\bless\s+long\b|\b(mas\s+)?(cort[oa]s?|breves?|rapid[oa]s?)\b|\bmenos\s+larg[oa]s?\b/g, "shorter"],
  [/\blonger\b|\bmas\s+larg[oa]s?\b/g, "longer"],
];
const LEVEL: [RegExp, "advanced" | "basic"][] = [
  [/\b(more\s+)?(advanced|in-depth|in\s+depth|deeper|harder)\b|\bnext\s+level\b|\b(mas\s+)?(avanzad[oa]s?|dificil(es)?)\b|\bsiguiente\s+nivel\b/g, "advanced"],
  [/\bmore\s+(basic|introductory|simple)\b|\bsimpler\b|\beasier\b|\bmas\s+(basic[oa]s?|sencill[oa]s?|facil(es)?|simples?)\b/g, "basic"],
];
/** Planning glue: words that steer a conversation without naming a topic ("what first?", "y ahora solo vídeos"). */
const GLUE =
  /\b(first|firstly|next|then|now|instead|rather|prefer|only|just|ok|okay|thanks|thank|else|other|another|ones?|options?|items?|stuff|primero|primera|luego|despues|ahora|entonces|mejor|prefiero|preferiria|solo|solamente|unicamente|vale|gracias|otra|otro|otras|otros|cosa|cosas|opciones|elementos)\b/g;

export interface Constraints {
  itemLanguage: Lang | null;
  length: "shorter" | "longer" | null;
  level: "advanced" | "basic" | null;
  /** The folded question with these phrases and the planning glue blanked out. */
  rest: string;
}

/** What a question says about the items' language, length and level; those words are not its topic. */
export function extractConstraints(folded: string): Constraints {
  let rest = folded;
  const first = <T>(table: [RegExp, T][]): T | null => {
    let found: T | null = null;
    for (const [re, value] of table) {
      rest = rest.replace(re, () => {
        found ??= value;
        return " ";
      });
    }
    return found;
  };
  const itemLanguage = first(ITEM_LANGUAGE);
  const length = first(LENGTH);
  const level = first(LEVEL);
  return { itemLanguage, length, level, rest: rest.replace(GLUE, " ") };
}

/**
 * Phrases that name the person's own library, folded: "in my library", "my saves", "what did I save
 * about", "de mi biblioteca", "lo que guardé sobre". They ask where to look, not about a topic.
 */
const LIBRARY_RE = new RegExp(
  [
    String.raw`\b(?:in|from|of|on|through)?\s*my\s+(?:own\s+)?(?:library|saves|saved(?:\s+(?:items?|links?|articles?|videos?|stuff|things|content|pages?))?|bookmarks|reading\s+list)\b`,
    // Past tense, or a question about the past: "how can I save money" names no library.
    String.raw`\b(?:(?:did|do|have|had)\s+i|i\s+(?:have|had)|i've|ive|i)\s+(?:ever\s+|already\s+)?(?:saved|bookmarked)\b`,
    String.raw`\b(?:did|do)\s+i\s+(?:ever\s+)?(?:save|bookmark|keep)\b`,
    String.raw`\b(?:en|de|desde)?\s*mis?\s+(?:propia\s+)?(?:biblioteca|guardados|marcadores|elementos\s+guardados|lista\s+de\s+lectura)\b`,
    String.raw`\b(?:lo\s+que\s+|que\s+)?(?:he\s+|habia\s+)?(?:guarde|guardado|guardados|guardadas)\b`,
  ].join("|"),
  "g",
);

/** Whether the question names the person's library, and the folded question without those words. */
export function extractLibrary(folded: string): { library: boolean; rest: string } {
  let library = false;
  const rest = folded.replace(LIBRARY_RE, () => {
    library = true;
    return " ";
  });
  return { library, rest };
}

export interface UnderstandOptions {
  /** The interface language: used when the question's words don't tell. */
  locale: Lang;
  /** The company catalog's skills. */
  vocabulary: readonly string[];
}

export function understand(question: string, opts: UnderstandOptions): Understanding {
  const folded = fold(question);
  const mine = extractLibrary(folded);
  const time = extractTime(mine.rest);
  const { span, availableS } = time;
  // "Which of those is shortest?": words of reference and comparison, read before the constraints
  // ("más corto" of those is a pick, not "shorter"), are never the topic.
  const pointed = extractReference(time.rest);
  const { itemLanguage, length, level, rest } = extractConstraints(pointed.rest);
  const types = TYPE_WORDS.filter(([re]) => re.test(folded)).map(([, t]) => t);
  const { skills, spans } = findSkills(rest, opts.vocabulary);
  const keywords = extractKeywords(question, rest);
  const inSkill = (w: string) => spans.some((text) => new RegExp(`(^|[^\\p{L}\\p{N}])${escapeRe(w)}($|[^\\p{L}\\p{N}])`, "u").test(text));
  return {
    language: detectLanguage(question, opts.locale),
    skills,
    keywords,
    // Related words come from the company's catalog at retrieval (catalog-learning.ts), not from a list.
    terms: keywords.map((k) => ({ words: [k], covered: inSkill(fold(k)) })),
    types,
    jobs: JOB_RE.test(folded),
    beginner: BEGINNER_RE.test(folded),
    span,
    availableS,
    itemLanguage,
    length,
    level,
    library: mine.library,
    reference: pointed.reference,
  };
}
