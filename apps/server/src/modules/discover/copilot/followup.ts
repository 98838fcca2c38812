import type { ContentType } from "@learnward/contracts";
import { durationOf } from "./planner.ts";
import type { Lang, Understanding } from "./understand.ts";
import { ADVANCED_TITLE, INTRO_TITLE } from "./words.ts";

export { ADVANCED_TITLE } from "./words.ts";

// A conversation, not a search box: a follow-up without a topic of its own ("only
// videos", "shorter", "en español", "I have 2 hours this week", "algo más avanzado") keeps the
// topic and changes a constraint. Constraints accumulate ("only videos", then "shorter", keeps
// videos) until a question names a new topic, which starts a new context. The context is rebuilt
// by replaying the conversation's questions in order, so nothing new is stored. Pure functions.

/** What one follow-up changed, said at the top of the answer; `met` once the catalog was asked. */
export type Change =
  | { kind: "types"; types: ContentType[]; met: boolean }
  | { kind: "language"; language: Lang; met: boolean }
  | { kind: "shorter" | "longer"; limitS: number | null; met: boolean }
  | { kind: "advanced" | "basic"; met: boolean }
  | { kind: "time"; availableS: number };

export interface Context extends Understanding {
  /** Items in this language only (when the catalog has some on the topic), else first. */
  itemLanguage: Lang | null;
  /** Items shorter (or longer) than this, in seconds: "shorter" than the previous answer's. */
  maxDurationS: number | null;
  minDurationS: number | null;
  level: "advanced" | "basic" | null;
  /** The time was given in a follow-up ("I have 2 hours"): only items that fit in it, when some do. */
  fitTime: boolean;
  /** What the latest question changed; empty for a question with its own topic. */
  changes: Change[];
}

/** The previous answer, when a follow-up is relative to it ("shorter"). */
export interface PreviousAnswer {
  durations: number[];
}

/** A question that names no topic refines the one before it. */
export const isFollowUp = (u: Understanding) => !u.skills.length && !u.keywords.length;

function median(values: number[]): number | null {
  if (!values.length) return null;
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid]! : Math.round((sorted[mid - 1]! + sorted[mid]!) / 2);
}

function fresh(u: Understanding): Context {
  return {
    ...u,
    itemLanguage: u.itemLanguage ?? null,
    level: u.level ?? null,
    beginner: u.level === "advanced" ? false : u.beginner || u.level === "basic",
    maxDurationS: null,
    minDurationS: null,
    fitTime: false,
    changes: [],
  };
}

/**
 * The context after one more question. `previous` is the answer the context gave so far, needed
 * only when the question is relative to it ("shorter": shorter than that answer's typical item).
 */
export function refine(context: Context | null, u: Understanding, previous?: PreviousAnswer): Context {
  if (!context || !isFollowUp(u)) return fresh(u);
  // "Which of those is shortest?" picks among an answer's items (reference.ts): the topic and its constraints stay as they were.
  if (u.reference) return { ...context, language: u.language, changes: [] };
  const next: Context = {
    ...context,
    // The follow-up's own language: the person may switch ("solo vídeos" after an English question).
    language: u.language,
    jobs: context.jobs || u.jobs,
    // "And in my library?" keeps the topic and looks in the person's saves too.
    library: context.library || u.library,
    changes: [],
  };
  if (u.types.length) {
    next.types = u.types;
    next.changes.push({ kind: "types", types: u.types, met: true });
  }
  if (u.itemLanguage) {
    next.itemLanguage = u.itemLanguage;
    next.changes.push({ kind: "language", language: u.itemLanguage, met: true });
  }
  if (u.length) {
    const limitS = previous ? median(previous.durations) : null;
    next.maxDurationS = u.length === "shorter" ? limitS : null;
    next.minDurationS = u.length === "longer" ? limitS : null;
    next.changes.push({ kind: u.length, limitS, met: true });
  }
  // "For beginners" in a follow-up is "more basic".
  const level = u.level ?? (u.beginner ? "basic" : null);
  if (level) {
    next.level = level;
    next.beginner = level === "basic";
    next.changes.push({ kind: level, met: true });
  }
  if (u.availableS !== null) {
    next.availableS = u.availableS;
    next.span = u.span;
    next.fitTime = true;
    next.changes.push({ kind: "time", availableS: u.availableS });
  }
  return next;
}

interface Ranked {
  title: string;
  contentType: ContentType;
  durationS: number | null;
  language: string;
}

/**
 * Applies the context's constraints to ranked items. A constraint the catalog can meet keeps
 * only the items that meet it; one it can't leaves the items as they are (sorted towards it) and
 * is marked unmet, so the answer says so instead of answering nothing.
 */
export function applyConstraints<T extends Ranked>(ranked: T[], c: Context): { ranked: T[]; changes: Change[] } {
  let out = ranked;
  const met = new Map<Change["kind"], boolean>();
  const keepIf = (kind: Change["kind"], test: (x: T) => boolean) => {
    const kept = out.filter(test);
    met.set(kind, kept.length > 0);
    if (kept.length) out = kept;
  };
  // Ranking already keeps only the types asked for when the catalog has them.
  if (c.types.length)
    met.set(
      "types",
      out.some((x) => c.types.includes(x.contentType)),
    );
  if (c.fitTime && c.availableS !== null) keepIf("time", (x) => durationOf(x) <= c.availableS!);
  if (c.itemLanguage) keepIf("language", (x) => x.language === c.itemLanguage);
  if (c.maxDurationS !== null) keepIf("shorter", (x) => durationOf(x) < c.maxDurationS!);
  if (c.minDurationS !== null) keepIf("longer", (x) => durationOf(x) > c.minDurationS!);
  const shorter = c.changes.some((x) => x.kind === "shorter");
  const longer = c.changes.some((x) => x.kind === "longer");
  if ((shorter && met.get("shorter") !== true) || (longer && met.get("longer") !== true)) {
    // Nothing past the limit (or no previous answer to compare with): the shortest (longest) first.
    out = [...out].sort((a, b) => (shorter ? durationOf(a) - durationOf(b) : durationOf(b) - durationOf(a)));
  }
  if (c.level === "advanced") {
    keepIf("advanced", (x) => !INTRO_TITLE.test(x.title));
    out = [...out].sort((a, b) => Number(!ADVANCED_TITLE.test(a.title)) - Number(!ADVANCED_TITLE.test(b.title)));
  } else if (c.level === "basic") {
    met.set(
      "basic",
      out.some((x) => INTRO_TITLE.test(x.title)),
    );
    const basic = out.filter((x) => !ADVANCED_TITLE.test(x.title));
    if (basic.length) out = basic;
    out = [...out].sort((a, b) => Number(!INTRO_TITLE.test(a.title)) - Number(!INTRO_TITLE.test(b.title)));
  }
  const changes = c.changes.map((x): Change => {
    if (x.kind === "time") return x;
    if (x.kind === "shorter" || x.kind === "longer") return { ...x, met: x.limitS !== null && met.get(x.kind) === true };
    return { ...x, met: met.get(x.kind) ?? true };
  });
  return { ranked: out, changes };
}
