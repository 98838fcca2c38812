import type { CandidateRow, DiscoverRepo } from "../discover.repo.ts";
import { composeAnswer, composeNothingFound, suggestFor } from "./compose.ts";
import { durationOf, plan as makePlan, type Plan } from "./planner.ts";
import type { Semantic } from "./semantic.ts";
import { fold, INTRO_TITLE, type Lang, understand, type Understanding } from "./understand.ts";

// The local copilot: understand the question, retrieve from the company catalog, rank, plan
// into the person's time and write the answer. No external service.

export interface RankedCandidate {
  id: number;
  title: string;
  contentType: CandidateRow["content_type"];
  durationS: number | null;
  language: string;
  skills: string[];
  score: number;
}

export interface LocalAnswer {
  understanding: Understanding;
  ranked: RankedCandidate[];
  plan: Plan<RankedCandidate> | null;
  found: boolean;
  text: string;
  suggestions: string[];
  /** Citation number of each planned item, in plan order. */
  refs: Map<number, number>;
}

const CANDIDATES = 80;

/** Orders retrieved items for the question; keeps only the relevant ones. Pure. */
export function rankCandidates(rows: CandidateRow[], u: Understanding): RankedCandidate[] {
  const skillCount = u.skills.length;
  const termCount = u.terms.length;
  const extraCount = u.terms.filter((t) => !t.covered).length;
  const needTerms = termCount ? Math.ceil(termCount / 2) : Infinity;
  const maxRank = Math.max(0, ...rows.map((r) => r.text_rank)) || 1;
  const ranked: RankedCandidate[] = [];
  for (const r of rows) {
    // Filed under a skill asked about, or matching at least half of the question's terms.
    if (r.skill_hits === 0 && r.word_hits < needTerms) continue;
    let score = 0;
    if (skillCount) score += (2 * r.skill_hits) / skillCount + (r.skills.includes(u.skills[0]!) ? 0.5 : 0);
    // Words beyond the skills ("cheat sheet", "scared") tell which items of a skill fit best.
    if (extraCount) score += (2.5 * Math.min(r.extra_hits, extraCount)) / extraCount;
    // How much of the question the item's text covers, and how well (title words weigh most).
    if (termCount) score += Math.min(r.word_hits, termCount) / termCount;
    score += r.text_rank / maxRank;
    if (r.language === u.language) score += 0.4;
    score += 0.1 * Math.log(1 + r.savers);
    if (u.beginner && INTRO_TITLE.test(r.title)) score += 0.4;
    if (u.types.length && !u.types.includes(r.content_type)) score -= 3;
    const item = { id: r.id, title: r.title, contentType: r.content_type, durationS: r.duration_s, language: r.language, skills: r.skills, score };
    if (u.availableS !== null && durationOf(item) > u.availableS) item.score -= 0.6;
    ranked.push(item);
  }
  ranked.sort((a, b) => b.score - a.score || a.id - b.id);
  // Asked for videos (or books…) and the catalog has some: only those.
  if (u.types.length && ranked.some((c) => u.types.includes(c.contentType))) return ranked.filter((c) => u.types.includes(c.contentType));
  return ranked;
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

  async function retrieve(companyId: number, question: string, o: { locale: Lang; previous?: string | null }) {
    const skills = await vocabulary(companyId);
    let u = understand(question, { locale: o.locale, vocabulary: skills });
    const ownTopic = u.skills.length > 0 || u.keywords.length > 0;
    // A follow-up without a topic ("and in one week?") keeps the previous question's topic.
    if (!u.skills.length && !u.keywords.length && o.previous) {
      const before = understand(o.previous, { locale: o.locale, vocabulary: skills });
      u = {
        ...u,
        skills: before.skills,
        keywords: before.keywords,
        terms: before.terms,
        types: u.types.length ? u.types : before.types,
        jobs: u.jobs || before.jobs,
        beginner: u.beginner || before.beginner,
        span: u.span ?? before.span,
        availableS: u.availableS ?? before.availableS,
      };
    }
    const rows = await repo.candidates(companyId, { skills: u.skills, terms: u.terms, jobs: u.jobs, limit: CANDIDATES });
    const ranked = rankCandidates(rows, u);
    // Issue 26: with an embeddings model, the question's vector neighbours join the ranking (semantic.ts).
    const asked = ownTopic || !o.previous ? question : `${o.previous}\n${question}`;
    return { understanding: u, ranked: opts.semantic ? await opts.semantic.hybrid(companyId, asked, ranked, u) : ranked, vocabulary: skills };
  }

  return {
    vocabulary,
    retrieve,

    async answer(companyId: number, question: string, o: { locale: Lang; previous?: string | null }): Promise<LocalAnswer> {
      const { understanding: u, ranked, vocabulary: skills } = await retrieve(companyId, question, o);
      if (!ranked.length) {
        const suggestions = suggestFor(u.keywords.map(fold), skills);
        return { understanding: u, ranked, plan: null, found: false, text: composeNothingFound(u, suggestions), suggestions, refs: new Map() };
      }
      const plan = makePlan(ranked, u);
      const order = plan.sections.flatMap((s) => s.items);
      const refs = new Map(order.map((id, i) => [id, i + 1]));
      return { understanding: u, ranked, plan, found: true, text: composeAnswer(u, plan, (id) => refs.get(id)!), suggestions: [], refs };
    },
  };
}
export type CopilotEngine = ReturnType<typeof createCopilotEngine>;
