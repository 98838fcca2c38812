import type { CandidateRow, DiscoverRepo, Learned } from "../discover.repo.ts";
import { composeAnswer, composeNothingFound, composeReference, composeSaved, suggestFor } from "./compose.ts";
import { durationOf, plan as makePlan, type Plan } from "./planner.ts";
import { applyConstraints, type Context, isFollowUp, type PreviousAnswer, refine } from "./followup.ts";
import type { RankedCandidate } from "./ranked.ts";
import { type PriorItem, resolveReference } from "./reference.ts";
import type { Semantic } from "./semantic.ts";
import { fold, INTRO_TITLE, type Lang, understand, type Understanding } from "./understand.ts";

// The local copilot: understand the question, retrieve from the company catalog, rank, plan
// into the person's time and write the answer. No external service.

/** One of the asker's own saves as their library's search found it for a question. */
export interface SavedCandidate {
  /** The catalog row's id (the same item may be in the catalog too). */
  contentId: number;
  title: string;
  contentType: CandidateRow["content_type"];
  durationS: number | null;
  language: string;
  skills: string[];
  /** Whether the save's own words match each term of the question, in order (1 or 0). */
  termHits: number[];
}

/** The asker's library, searched for a question's terms (each term: the words it stands for). */
export type MySaves = (terms: string[][], limit: number) => Promise<SavedCandidate[]>;

export interface LocalAnswer {
  understanding: Context;
  ranked: RankedCandidate[];
  plan: Plan<RankedCandidate> | null;
  found: boolean;
  text: string;
  suggestions: string[];
  /** Citation number of each planned catalog item, in plan order. */
  refs: Map<number, number>;
  /** The asker's own saves the answer cites, with their citation numbers. */
  saved: { ref: number; item: SavedCandidate }[];
  /** The answer picked among the previous answer's items ("which of those…"): the items it picked among. */
  among?: PriorItem[];
}

/**
 * The items the previous answer of the conversation cited, in citation order (the asker's own
 * saves read from their library); null when there is no previous answer.
 */
export type PriorItems = () => Promise<PriorItem[] | null>;

/** Saves read for a question, and cited at most: more when the question named the library. */
const SAVED_CANDIDATES = 40;
const SAVED_NAMED = 5;
const SAVED_BESIDE = 3;

/**
 * The saves on the question's topic, best first: as for catalog items, the save's own words (or
 * the skills of its catalog row, for terms that named a skill) must meet at least half of the
 * question's terms. Jobs only when asked for; asked for videos (or books…), only those when some
 * are. Pure.
 */
export function pickSaved(rows: SavedCandidate[], u: Understanding & { library?: boolean }): SavedCandidate[] {
  const terms = u.terms;
  if (!terms.length) return [];
  const need = Math.ceil(terms.length / 2);
  const scored = rows
    .filter((r) => (u.jobs ? r.contentType === "job" : r.contentType !== "job"))
    .map((r, order) => {
      const skilled = r.skills.some((s) => u.skills.includes(s));
      const hits = terms.filter((t, i) => (r.termHits[i] ?? 0) > 0 || (t.covered && skilled)).length;
      return { r, hits, order };
    })
    .filter((x) => x.hits >= need)
    .sort((a, b) => b.hits - a.hits || a.order - b.order)
    .map((x) => x.r);
  const typed = u.types.length && scored.some((r) => u.types.includes(r.contentType)) ? scored.filter((r) => u.types.includes(r.contentType)) : scored;
  return typed.slice(0, u.library ? SAVED_NAMED : SAVED_BESIDE);
}

const CANDIDATES = 80;
/** Questions of a conversation replayed to rebuild its context (followup.ts). */
const MAX_CHAIN = 8;

/** A question word leads to an item through learned relations when it reaches one of its skills this strongly. */
const MIN_REACH = 0.3;
/** An item is cited only with at least this share of the evidence of the best item of its kind (rankCandidates). */
const MIN_SHARE_OF_BEST = 0.5;
/** Learned skills worth fetching items for, at most this many. */
const LEARNED_SKILLS = 40;
/** The answer's first items whose skills lead to its versions in another language. */
const VERSIONS_OF = 3;
const NO_LEARNING: Learned = { words: [], skills: new Map() };

/** How strongly each term of the question leads to the item's skills through learned relations (0..1 each). */
function reach(skills: string[], learned: Learned, termCount: number): number[] {
  const out = new Array<number>(termCount).fill(0);
  for (const s of skills) {
    const per = learned.skills.get(s);
    if (per) for (let i = 0; i < termCount; i++) out[i] = Math.max(out[i]!, per[i] ?? 0);
  }
  return out;
}

/** The skills the question's words lead to, strongest first (for retrieval). */
export function learnedSkills(learned: Learned): string[] {
  return [...learned.skills.entries()]
    .map(([s, per]) => [s, Math.max(...per)] as const)
    .filter(([, w]) => w >= MIN_REACH)
    .sort((a, b) => b[1] - a[1])
    .slice(0, LEARNED_SKILLS)
    .map(([s]) => s);
}

/** The question's terms with the catalog words each stands for (a typo's closest catalog words). */
export function withCatalogWords<U extends Understanding>(u: U, learned: Learned): U {
  return { ...u, terms: u.terms.map((t, i) => ({ ...t, words: [...new Set([...t.words, ...(learned.words[i] ?? [])])] })) };
}

/** Orders retrieved items for the question; keeps only the relevant ones. Pure. */
export function rankCandidates(rows: CandidateRow[], u: Understanding, learned: Learned = NO_LEARNING): RankedCandidate[] {
  const skillCount = u.skills.length;
  const termCount = u.terms.length;
  const extraCount = u.terms.filter((t) => !t.covered).length;
  const needTerms = termCount ? Math.ceil(termCount / 2) : Infinity;
  const maxRank = Math.max(0, ...rows.map((r) => r.text_rank)) || 1;
  const ranked: RankedCandidate[] = [];
  const learnedOnly = new Set<number>();
  // What the item's own words, skills and standing say, before the penalties for a type or a length not asked for.
  const evidence = new Map<number, number>();
  for (const r of rows) {
    // A term leads to the item by its text, or through what the catalog taught (catalog-learning.ts).
    // Only for terms that named no skill: a named skill already decides through skill_hits.
    const reached = reach(r.skills, learned, termCount).map((w, i) => (u.terms[i]!.covered ? 0 : w));
    const covered = reached.filter((w, i) => w >= MIN_REACH || (r.term_hits[i] ?? 0) > 0).length;
    // Filed under a skill asked about, or led to by at least half of the question's terms.
    if (r.skill_hits === 0 && Math.max(r.word_hits, covered) < needTerms) continue;
    // Its own words or skills say it is about the question; else only what the catalog learned does.
    const direct = r.skill_hits > 0 || r.word_hits >= needTerms;
    let score = 0;
    if (skillCount) score += (2 * r.skill_hits) / skillCount + (r.skills.includes(u.skills[0]!) ? 0.5 : 0);
    // Words beyond the skills ("cheat sheet", "scared") tell which items of a skill fit best.
    if (extraCount) score += (2.5 * Math.min(r.extra_hits, extraCount)) / extraCount;
    // How much of the question the item's text covers, and how well (title words weigh most).
    if (termCount) score += Math.min(r.word_hits, termCount) / termCount;
    if (termCount) score += (1.5 * reached.reduce((a, b) => a + b, 0)) / termCount;
    score += r.text_rank / maxRank;
    if (r.language === u.language) score += 0.4;
    // What the company curated (a published collection or path) or many finished beats one person's save.
    score += 0.1 * Math.log(1 + r.savers) + (r.curated > 0 ? 0.3 : 0) + 0.15 * Math.log(1 + r.finishers);
    if (u.beginner && INTRO_TITLE.test(r.title)) score += 0.4;
    evidence.set(r.id, score);
    if (u.types.length && !u.types.includes(r.content_type)) score -= 3;
    const item = { id: r.id, title: r.title, contentType: r.content_type, durationS: r.duration_s, language: r.language, skills: r.skills, score };
    if (u.availableS !== null && durationOf(item) > u.availableS) item.score -= 0.6;
    ranked.push(item);
    if (!direct) learnedOnly.add(item.id);
  }
  // A learned relation never outranks direct evidence: it fills in after every item that has some.
  ranked.sort((a, b) => Number(learnedOnly.has(a.id)) - Number(learnedOnly.has(b.id)) || b.score - a.score || a.id - b.id);
  // Asked for videos (or books…) and the catalog has some: only those.
  const typed = u.types.length && ranked.some((c) => u.types.includes(c.contentType)) ? ranked.filter((c) => u.types.includes(c.contentType)) : ranked;
  // An item is cited only with a fair share of the evidence of the best item of its kind: a wrong
  // citation costs more trust than a missing one. Of its kind: items reached through learned
  // relations alone follow the direct ones whatever their scores (they carry a question across
  // languages), so they are weighed against each other.
  const best = (learned: boolean) => Math.max(0, ...typed.filter((c) => learnedOnly.has(c.id) === learned).map((c) => evidence.get(c.id)!));
  const bar = { direct: MIN_SHARE_OF_BEST * best(false), learned: MIN_SHARE_OF_BEST * best(true) };
  return typed.filter((c) => evidence.get(c.id)! >= (learnedOnly.has(c.id) ? bar.learned : bar.direct));
}

export function createCopilotEngine(repo: DiscoverRepo, opts: { vocabularyTtlMs?: number; semantic?: Semantic | null } = {}) {
  const ttl = opts.vocabularyTtlMs ?? 30_000;
  const cache = new Map<number, { at: number; skills: string[] }>();

  /** The company's skills, kept for a short while: the skill extractor reads them on every question. */
  async function vocabulary(companyId: number): Promise<string[]> {
    const hit = cache.get(companyId);
    if (hit && Date.now() - hit.at < ttl) return hit.skills;
    const skills = await repo.vocabulary(companyId);
    cache.set(companyId, { at: Date.now(), skills });
    return skills;
  }

  /**
   * The context a question is asked in: the conversation's earlier questions replayed in order
   * (followup.ts), from the last one that named a topic. A follow-up relative to the previous
   * answer ("shorter") asks the catalog what that answer was.
   */
  async function contextOf(companyId: number, all: string[], locale: Lang, skills: string[]): Promise<Context> {
    const questions = all.slice(-MAX_CHAIN);
    const understood = questions.map((q) => understand(q, { locale, vocabulary: skills }));
    let start = understood.length - 1;
    while (start > 0 && isFollowUp(understood[start]!)) start--;
    let context: Context | null = null;
    for (let i = start; i < understood.length; i++) {
      const u = understood[i]!;
      let previous: PreviousAnswer | undefined;
      if (context && u.length && isFollowUp(u)) {
        // The answer the conversation gave just before, as it was given.
        const before = await retrieve(companyId, questions[i - 1]!, { locale, earlier: questions.slice(start, i - 1) });
        previous = { durations: before.ranked.length ? makePlan(before.ranked, before.understanding).items.map(durationOf) : [] };
      }
      context = refine(context, u, previous);
    }
    return context!;
  }

  /** `earlier`: the conversation's questions before this one, oldest first (`previous`: just the last). */
  async function retrieve(companyId: number, question: string, o: { locale: Lang; previous?: string | null; earlier?: string[] }) {
    const skills = await vocabulary(companyId);
    const earlier = o.earlier ?? (o.previous ? [o.previous] : []);
    const context = await contextOf(companyId, [...earlier, question], o.locale, skills);
    const learned = await repo.learned(companyId, context.keywords.map(fold));
    const u = withCatalogWords(context, learned);
    const rows = await repo.candidates(companyId, { skills: u.skills, terms: u.terms, jobs: u.jobs, limit: CANDIDATES, learnedSkills: learnedSkills(learned) });
    let ranked = rankCandidates(rows, u, learned);
    // With an embeddings model, the vector neighbours of the question (of the last one that
    // named a topic, with the follow-ups after it) join the ranking (semantic.ts).
    if (opts.semantic) {
      const all = [...earlier, question];
      let topical = all.length - 1;
      while (topical > 0 && isFollowUp(understand(all[topical]!, { locale: o.locale, vocabulary: skills }))) topical--;
      ranked = await opts.semantic.hybrid(companyId, all.slice(topical).join("\n"), ranked, u);
    }
    let constrained = applyConstraints(ranked, u);
    const language = constrained.changes.find((c) => c.kind === "language");
    if (language && !language.met && u.itemLanguage) {
      const versions = await inLanguage(companyId, constrained.ranked.slice(0, VERSIONS_OF), u.itemLanguage, u.jobs);
      if (versions.length) constrained = applyConstraints([...versions, ...ranked], u);
    }
    return { understanding: { ...u, changes: constrained.changes }, ranked: constrained.ranked, vocabulary: skills };
  }

  /**
   * Asked for another language ("in Spanish") when none of the answer's items is in it: the items in
   * that language that share the answer's skills, or skills the catalog relates to them strongly
   * enough (finished together by the same people: a course and its version in another language).
   * Evidence from the items already cited, never from a word of the question.
   */
  async function inLanguage(companyId: number, cited: RankedCandidate[], language: string, jobs: boolean): Promise<RankedCandidate[]> {
    const own = [...new Set(cited.flatMap((c) => c.skills))];
    if (!own.length) return [];
    const related = await repo.relatedSkills(companyId, own);
    const weightOf = (skill: string) => (own.includes(skill) ? 1 : (related.get(skill) ?? 0));
    const reachable = [...new Set([...own, ...[...related].filter(([, w]) => w >= MIN_REACH).map(([s]) => s)])];
    const rows = await repo.candidates(companyId, { skills: reachable, terms: [], jobs, limit: CANDIDATES });
    return rows
      .filter((r) => r.language === language)
      .map((r) => ({
        id: r.id,
        title: r.title,
        contentType: r.content_type,
        durationS: r.duration_s,
        language: r.language,
        skills: r.skills,
        score: Math.max(0, ...r.skills.map(weightOf)),
      }))
      .filter((c) => c.score >= MIN_REACH)
      .sort((a, b) => b.score - a.score || a.id - b.id);
  }

  /**
   * A question that points back at the previous answer's items ("which of those is shortest?",
   * "the second one") is answered from those items, never from a new search; null for any other
   * question, or for one that also names a topic none of those items is about ("which of those
   * covers docker?" after an answer without docker starts fresh).
   */
  async function answerReference(
    companyId: number,
    question: string,
    o: { locale: Lang; earlier?: string[]; prior?: PriorItems },
  ): Promise<LocalAnswer | null> {
    const skills = await vocabulary(companyId);
    const asked = understand(question, { locale: o.locale, vocabulary: skills });
    if (!asked.reference) return null;
    const topical = !isFollowUp(asked);
    const items = (await o.prior?.()) ?? null;
    if (topical && !items?.length) return null;
    const words = topical ? [...new Set([...asked.skills, ...asked.keywords].map(fold))] : [];
    const resolved = resolveReference(items ?? [], asked.reference, { types: asked.types, itemLanguage: asked.itemLanguage ?? null, words });
    if (topical && !resolved.ok) return null;
    // The topic the items were cited for: the conversation's, replayed up to this question.
    const context = await contextOf(companyId, [...(o.earlier ?? []), question], o.locale, skills);
    const u: Context = { ...context, language: asked.language, changes: [] };
    const picked = resolved.ok ? resolved.items : [];
    const catalog = picked.filter((i) => i.source === "catalog");
    const ranked: RankedCandidate[] = catalog.map((i, n) => ({ ...i, score: catalog.length - n }));
    const saved = picked
      .filter((i) => i.source === "library")
      .map((i) => ({
        ref: i.ref,
        item: { contentId: i.id, title: i.title, contentType: i.contentType, durationS: i.durationS, language: i.language, skills: i.skills, termHits: [] },
      }));
    const suggestions = resolved.ok || resolved.reason !== "none" ? [] : suggestFor([], skills);
    return {
      understanding: u,
      ranked,
      plan: null,
      found: resolved.ok,
      text: composeReference(u, asked, resolved, suggestions),
      suggestions,
      refs: new Map(catalog.map((i) => [i.id, i.ref])),
      saved,
      among: items ?? [],
    };
  }

  return {
    vocabulary,
    retrieve,

    /**
     * `mine`: the asker's library. Its saves on the topic are cited beside the catalog, marked as
     * theirs, and lead the answer when the question names the library ("what did I save about…").
     */
    async answer(
      companyId: number,
      question: string,
      o: { locale: Lang; previous?: string | null; earlier?: string[]; mine?: MySaves; prior?: PriorItems },
    ): Promise<LocalAnswer> {
      const pointed = await answerReference(companyId, question, o);
      if (pointed) return pointed;
      const retrieved = await retrieve(companyId, question, o);
      const { understanding: u, vocabulary: skills } = retrieved;
      // The question named the library: its saves lead the answer (and take the first citation numbers).
      const library = Boolean(u.library && o.mine);
      const terms = u.terms.map((t) => t.words);
      const picked = o.mine && terms.length ? pickSaved(await o.mine(terms, SAVED_CANDIDATES), u) : [];
      // An item of the catalog that the asker saved is cited once, as theirs.
      const savedIds = new Set(picked.map((s) => s.contentId));
      const ranked = retrieved.ranked.filter((c) => !savedIds.has(c.id));
      const plan = ranked.length ? makePlan(ranked, u) : null;
      const order = plan ? plan.sections.flatMap((s) => s.items) : [];
      const refs = new Map(order.map((id, i) => [id, (library ? picked.length : 0) + i + 1]));
      const saved = picked.map((item, i) => ({ ref: (library ? 0 : order.length) + i + 1, item }));
      const suggestions = ranked.length || saved.length ? [] : suggestFor(u.keywords.map(fold), skills);
      const catalog = plan ? composeAnswer(u, plan, (id) => refs.get(id)!, u.changes) : saved.length && library ? null : composeNothingFound(u, suggestions);
      const mineText = o.mine ? composeSaved(u, saved, library) : null;
      const parts = library ? [mineText, catalog] : [catalog, mineText];
      const text = parts.filter((p): p is string => p !== null).join("\n\n");
      return { understanding: u, ranked, plan, found: Boolean(plan) || saved.length > 0, text, suggestions, refs, saved };
    },
  };
}
export type CopilotEngine = ReturnType<typeof createCopilotEngine>;
