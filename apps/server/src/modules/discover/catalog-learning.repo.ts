import { eq, sql, type SQL } from "drizzle-orm";
import type { Db, Tx } from "../../db/client.ts";
import { accounts, catalogRelations, companies, contentItems } from "../../db/schema/index.ts";
import { aliased } from "../../db/sql.ts";
import type { Executor } from "../../lib/events.ts";
import { listedInCatalog } from "../library/index.ts";
import { doneItems } from "../network/index.ts";

/** A catalog item as learning reads it: all its text in one string, and its skills. */
export interface LearnItem {
  id: number;
  text: string;
  skills: string[];
}
export type Relation = { kind: "word" | "skill" | "finished"; term: string; skill: string; weight: number };

const [CI, ci] = aliased(contentItems, "ci");
const [A, a] = aliased(accounts, "a");
const [CR, cr] = aliased(catalogRelations, "cr");
const VISIBLE = listedInCatalog({ id: ci.id, privateOrigin: ci.privateOrigin, hiddenAt: ci.hiddenAt });
const rowsOf = async <T>(q: Promise<unknown>) => ((await q) as { rows: T[] }).rows;
const INSERT_BATCH = 1000;
const textArray = (values: readonly string[]) =>
  sql`array[${sql.join(
    values.map((v) => sql`${v}`),
    sql`, `,
  )}]::text[]`;

export function createCatalogLearningRepo(db: Db) {
  return {
    /** The company's catalog as discover shows it: title, description, author and provider, and skills. */
    async items(companyId: number): Promise<LearnItem[]> {
      return rowsOf<LearnItem>(
        db.execute(sql`select ${ci.id}, concat_ws(' ', ${ci.title}, ${ci.description}, ${ci.author}, ${ci.provider}) as text, coalesce(${ci.skills}, '{}') as skills
          from ${CI} where ${ci.companyId} = ${companyId} and ${VISIBLE}`),
      );
    },

    /** Pairs of the company's items (both orders) that at least two of its people finished both of. */
    async finishedTogether(companyId: number) {
      return rowsOf<{ a: number; b: number; people: number }>(
        db.execute(sql`with d as (select distinct x.account_id, x.content_id from ${doneItems} x join ${A} on ${a.id} = x.account_id where ${a.companyId} = ${companyId})
          select d1.content_id as a, d2.content_id as b, count(*)::int as people from d d1 join d d2 on d2.account_id = d1.account_id and d2.content_id <> d1.content_id
          group by 1, 2 having count(*) >= 2`),
      );
    },

    /** Replaces the company's learned relations: run it in a transaction, so readers never see them half written. */
    async replace(tx: Tx, companyId: number, relations: Relation[]) {
      await tx.delete(catalogRelations).where(eq(catalogRelations.companyId, companyId));
      for (let i = 0; i < relations.length; i += INSERT_BATCH)
        await tx.insert(catalogRelations).values(relations.slice(i, i + INSERT_BATCH).map((r) => ({ ...r, companyId })));
    },

    async companies() {
      return (await db.select({ id: companies.id }).from(companies)).map((c) => c.id);
    },

    async companyOf(on: Executor, accountId: number): Promise<number | null> {
      const [row] = await on.select({ companyId: accounts.companyId }).from(accounts).where(eq(accounts.id, accountId));
      return row?.companyId ?? null;
    },
  };
}
export type CatalogLearningRepo = ReturnType<typeof createCatalogLearningRepo>;

/**
 * A question word missing from the catalog is read as a catalog word that is a variant of it: similar
 * (pg_trgm, 0..1) and beginning alike ("cancelling" → "cancelled", "privacidad" → "privacy", "burned"
 * → "burnout"), or very similar whatever its start ("kuberntes" → "kubernetes", "baja" → "bajas");
 * short words need more alike: "bread" is not "breach", nor "feel" "fees".
 */
const MIN_SIMILARITY = 0.35;
const VERY_SIMILAR = 0.55;
const variant = (term: SQL, word: SQL) =>
  sql`(similarity(${term}, ${word}) >= ${VERY_SIMILAR} or (similarity(${term}, ${word}) >= ${MIN_SIMILARITY} and length(${word}) >= 6 and left(${term}, 4) = left(${word}, 4)))`;
/** A skill reached through another skill (filed together, finished together) weighs this much less. */
const SECOND_HOP = 0.6;

/** What the catalog's learned relations make of the question's words (engine.ts reads it). */
export interface Learned {
  /** Per question word (in order): the catalog words it stands for: itself, or the closest ones when the catalog lacks it. */
  words: string[][];
  /** Per skill: how strongly each question word leads to it (0..1), in the words' order. */
  skills: Map<string, number[]>;
}

/**
 * The question's words through what the company's catalog taught (catalog-learning.ts): each
 * word as the catalog has it, or else its closest catalog words by trigram similarity (typos,
 * word variants, cognates across English and Spanish), and the skills those words lead to,
 * directly or through a skill filed or finished together with them.
 */
export async function learnedFor(db: Db, companyId: number, words: readonly string[]): Promise<Learned> {
  const empty: Learned = { words: words.map((w) => [w]), skills: new Map() };
  if (!words.length) return empty;
  const idx = words.map((_, i) => i);
  const rows = await rowsOf<{ idx: number; kind: "word" | "skill"; name: string; weight: number }>(
    db.execute(sql`
    with q as (select * from unnest(${sql`array[${sql.join(
      idx.map((i) => sql`${i}`),
      sql`, `,
    )}]::int[]`}, ${textArray(words)}) as q(idx, word)),
    known as (select q.idx, q.word from q where exists (select 1 from ${CR} where ${cr.companyId} = ${companyId} and ${cr.kind} = 'word' and ${cr.term} = q.word)),
    terms as (
      select idx, word as term, 1::float8 as sim from known
      union all
      select q.idx, t.term, t.sim from q cross join lateral (
        select distinct ${cr.term} as term, similarity(${cr.term}, q.word)::float8 as sim from ${CR}
        where ${cr.companyId} = ${companyId} and ${cr.kind} = 'word' and ${cr.term} % q.word and ${variant(sql`${cr.term}`, sql`q.word`)}
        order by 2 desc, 1 limit 3) t
      where q.idx not in (select idx from known)),
    first as (
      select terms.idx, ${cr.skill} as skill, max(terms.sim * ${cr.weight}) as weight from terms join ${CR}
        on ${cr.companyId} = ${companyId} and ${cr.kind} = 'word' and ${cr.term} = terms.term group by 1, 2),
    second as (
      select first.idx, ${cr.skill} as skill, max(first.weight * ${cr.weight} * ${SECOND_HOP}) as weight from first join ${CR}
        on ${cr.companyId} = ${companyId} and ${cr.kind} in ('skill', 'finished') and ${cr.term} = first.skill group by 1, 2)
    select idx, 'word' as kind, term as name, sim::float8 as weight from terms
    union all
    select idx, 'skill', skill, max(weight)::float8 from (select * from first union all select * from second) s group by idx, skill`),
  );
  const out: Learned = { words: words.map(() => []), skills: new Map() };
  for (const r of rows) {
    if (r.kind === "word") out.words[r.idx]!.push(r.name);
    else {
      const per = out.skills.get(r.name) ?? words.map(() => 0);
      per[r.idx] = Number(r.weight);
      out.skills.set(r.name, per);
    }
  }
  out.words = out.words.map((found, i) => (found.length ? found : empty.words[i]!));
  return out;
}

/**
 * The skills the catalog relates to these skills (filed together, or finished together by the same
 * people: what links a course to its version in another language), with how strongly (0..1).
 */
export async function relatedSkillsFor(db: Db, companyId: number, skills: readonly string[]): Promise<Map<string, number>> {
  if (!skills.length) return new Map();
  const rows = await rowsOf<{ skill: string; weight: number }>(
    db.execute(sql`select ${cr.skill} as skill, max(${cr.weight})::float8 as weight from ${CR}
      where ${cr.companyId} = ${companyId} and ${cr.kind} in ('skill', 'finished') and ${cr.term} = any(${textArray(skills)})
      group by 1`),
  );
  return new Map(rows.map((r) => [r.skill, Number(r.weight)]));
}
