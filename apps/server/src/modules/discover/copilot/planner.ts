import type { ContentType } from "@learnward/contracts";
import type { Lang, Span, Understanding } from "./understand.ts";
import { INTRO_TITLE } from "./words.ts";

// Fits ranked catalog items into the time a person has, then lays them out per week (when the
// question gives a period of two weeks or more) or per topic. Pure functions.

export interface PlanCandidate {
  id: number;
  title: string;
  contentType: ContentType;
  durationS: number | null;
  skills: string[];
  score: number;
  language?: string;
}

export interface PlannedSection {
  title: string;
  kind: "week" | "topic";
  items: number[];
  durationS: number;
}

export interface Plan<T extends PlanCandidate = PlanCandidate> {
  items: T[];
  sections: PlannedSection[];
  totalS: number;
  availableS: number | null;
  span: Span | null;
  /** Nothing relevant fits the time given: the plan is the shortest way to start. */
  overflow: boolean;
}

export const MAX_PLAN_ITEMS = 8;
const MIN_PLAN_ITEMS = 3;
const UNTIMED_ITEMS = 5;
const MAX_WEEKS = 12;

/** Durations the catalog doesn't know, by type, so a plan can still add them up. */
const ESTIMATE_S: Record<ContentType, number> = { article: 10 * 60, video: 20 * 60, podcast: 40 * 60, course: 6 * 3600, book: 8 * 3600, job: 0 };
export const durationOf = (c: { durationS: number | null; contentType: ContentType }) => c.durationS ?? ESTIMATE_S[c.contentType];

const capitalise = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);
const ACRONYMS = new Map(
  Object.entries({
    sql: "SQL",
    "ux design": "UX design",
    css: "CSS",
    devops: "DevOps",
    javascript: "JavaScript",
    typescript: "TypeScript",
    ui: "UI",
    "ui design": "UI design",
  }),
);
/** A skill as people write it in a sentence: "sql" → "SQL". */
export const skillLabel = (skill: string) => ACRONYMS.get(skill) ?? (/^(python|kubernetes|excel|docker|git|react)$/.test(skill) ? capitalise(skill) : skill);

function weeksOf(span: Span | null): number {
  if (!span) return 0;
  const weeks = span.unit === "week" ? span.count : span.unit === "month" ? span.count * 4 : span.count >= 14 ? Math.ceil(span.count / 7) : 0;
  return Math.min(weeks, MAX_WEEKS);
}

/** Picks what fits: first the best item for each skill asked about, then the rest by rank. */
function choose<T extends PlanCandidate>(ranked: T[], u: Understanding): { chosen: T[]; overflow: boolean } {
  const available = u.availableS;
  if (available === null) {
    // No time given: a short, varied list (at most two of a type).
    const chosen: T[] = [];
    const perType = new Map<ContentType, number>();
    for (const c of ranked) {
      if ((perType.get(c.contentType) ?? 0) >= 2) continue;
      chosen.push(c);
      perType.set(c.contentType, (perType.get(c.contentType) ?? 0) + 1);
      if (chosen.length >= UNTIMED_ITEMS) break;
    }
    for (const c of ranked) if (chosen.length < UNTIMED_ITEMS && !chosen.includes(c)) chosen.push(c);
    return { chosen, overflow: false };
  }
  // One item may take most of the time, never all of it when the time is long enough for more.
  const maxItem = available <= 3600 ? available : Math.max(3600, available * 0.6);
  const chosen: T[] = [];
  let total = 0;
  const fits = (c: T) => durationOf(c) <= maxItem && total + durationOf(c) <= available;
  const take = (c: T) => {
    chosen.push(c);
    total += durationOf(c);
  };
  for (const skill of u.skills) {
    const best = ranked.find((c) => c.skills.includes(skill) && !chosen.includes(c) && fits(c));
    if (best && chosen.length < MAX_PLAN_ITEMS) take(best);
  }
  const perType = new Map<ContentType, number>();
  for (const c of chosen) perType.set(c.contentType, (perType.get(c.contentType) ?? 0) + 1);
  // Items in the question's language (or the one asked for), varied in type; another language only to reach a minimum.
  const passes: [number, boolean][] = [
    [3, true],
    [Infinity, true],
    [Infinity, false],
  ];
  for (const [perTypeMax, sameLanguage] of passes) {
    if (!sameLanguage && chosen.length >= MIN_PLAN_ITEMS) break;
    for (const c of ranked) {
      if (chosen.length >= MAX_PLAN_ITEMS) break;
      if (chosen.includes(c) || !fits(c) || (perType.get(c.contentType) ?? 0) >= perTypeMax) continue;
      if (sameLanguage && c.language !== undefined && c.language !== (u.itemLanguage ?? u.language)) continue;
      take(c);
      perType.set(c.contentType, (perType.get(c.contentType) ?? 0) + 1);
    }
  }
  if (chosen.length) return { chosen, overflow: false };
  const shortest = [...ranked.slice(0, 10)].sort((a, b) => durationOf(a) - durationOf(b))[0];
  return { chosen: shortest ? [shortest] : [], overflow: true };
}

/** Foundations first, then the first-named skill first, then by rank. */
function order<T extends PlanCandidate>(chosen: T[], u: Understanding): T[] {
  const skillIndex = (c: T) => {
    const i = u.skills.findIndex((s) => c.skills.includes(s));
    return i < 0 ? u.skills.length : i;
  };
  return chosen
    .map((c, rank) => ({ c, rank }))
    .sort((a, b) => Number(!INTRO_TITLE.test(a.c.title)) - Number(!INTRO_TITLE.test(b.c.title)) || skillIndex(a.c) - skillIndex(b.c) || a.rank - b.rank)
    .map((x) => x.c);
}

/** Share of the best score an item needs to join a plan: a plan holds the strong matches only. */
const PLAN_SCORE_SHARE = 0.5;

export function plan<T extends PlanCandidate>(ranked: T[], u: Understanding): Plan<T> {
  const best = ranked[0]?.score ?? 0;
  const { chosen, overflow } = choose(best > 0 ? ranked.filter((c) => c.score >= best * PLAN_SCORE_SHARE) : ranked, u);
  const items = order(chosen, u);
  const totalS = items.reduce((sum, c) => sum + durationOf(c), 0);
  const weeks = weeksOf(u.span);
  const sections: PlannedSection[] = [];

  if (weeks >= 2 && items.length > 1) {
    // Even weeks, in plan order: an item belongs to the week its midpoint falls in.
    const share = totalS / weeks;
    const byWeek: T[][] = Array.from({ length: weeks }, () => []);
    let elapsed = 0;
    for (const c of items) {
      const d = durationOf(c);
      byWeek[Math.min(weeks - 1, Math.floor((elapsed + d / 2) / share))]!.push(c);
      elapsed += d;
    }
    byWeek.forEach((list, i) => list.length && sections.push(section(weekTitle(u.language, i + 1), "week", list)));
  } else {
    const groups = new Map<string, T[]>();
    for (const c of items) {
      const key = u.skills.find((s) => c.skills.includes(s)) ?? "";
      groups.set(key, [...(groups.get(key) ?? []), c]);
    }
    for (const [skill, list] of groups) sections.push(section(skill ? capitalise(skillLabel(skill)) : otherTitle(u.language, groups.size > 1), "topic", list));
  }
  return { items, sections, totalS, availableS: u.availableS, span: u.span, overflow };
}

function section(title: string, kind: "week" | "topic", list: PlanCandidate[]): PlannedSection {
  return { title, kind, items: list.map((c) => c.id), durationS: list.reduce((sum, c) => sum + durationOf(c), 0) };
}
const weekTitle = (lang: Lang, n: number) => (lang === "es" ? `Semana ${n}` : `Week ${n}`);
const otherTitle = (lang: Lang, more: boolean) => (lang === "es" ? (more ? "Más" : "Sugerencias") : more ? "More" : "Suggestions");
