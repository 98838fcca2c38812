import { and, eq, inArray, sql, type SQL } from "drizzle-orm";
import type { ContentType, DiscoverKind, DiscoverLanguage, DurationBucket } from "@learnward/contracts";
import type { Db } from "../../db/client.ts";
import {
  accounts,
  authUsers,
  collectionFollows,
  collectionItems,
  collections,
  contentItems,
  contentProgress,
  planAssignees,
  planCollections,
  planTeams,
  upskillingPlans,
  userContents,
} from "../../db/schema/index.ts";
import { aliased, qualified, textArray } from "../../db/sql.ts";
import { listedInCatalog, seenColleagueSave } from "../library/index.ts";
import { doneItems, notTeamLeader } from "../network/index.ts";
import { learnedFor, relatedSkillsFor, type Learned } from "./catalog-learning.repo.ts";

export type { Learned };

// The only place discover and the copilot read the catalog. Every query is scoped to one
// company; "visible" keeps out what reached the catalog only through someone's private save.
// Tables and columns are named through the schema (db/sql.ts), so that a rename fails to compile.

const [CI, ci] = aliased(contentItems, "ci");
const [COL, col] = aliased(collections, "col");

type Rows<T> = { rows: T[] };
const rowsOf = async <T>(q: Promise<unknown>) => ((await q) as Rows<T>).rows;

/** PRODUCT.md: the catalog leaves out what someone saved privately, and what an L&D leader hid (the library's rule, on the alias `ci`). */
const VISIBLE = listedInCatalog({ id: ci.id, privateOrigin: ci.privateOrigin, hiddenAt: ci.hiddenAt });

const BUCKET = sql`(case when ${ci.durationS} is null then null when ${ci.durationS} < 900 then 'under_15m' when ${ci.durationS} < 3600 then '15m_1h' when ${ci.durationS} < 18000 then '1h_5h' else 'over_5h' end)`;

/** Per catalog item of the company: public savers, and saves in the last 30 days (popularity). */
const [PU, pu] = aliased(userContents, "u");
const [PA, pa] = aliased(accounts, "pa");
const popularity = (companyId: number) => sql`pop as (
  select ${pu.contentId}, (count(*) filter (where not ${pu.isPrivate}))::int as savers, (count(*) filter (where ${pu.createdAt} > now() - interval '30 days'))::int as recent
  from ${PU} join ${PA} on ${pa.id} = ${pu.accountId}
  where ${pa.companyId} = ${companyId}
  group by ${pu.contentId})`;

const POPULARITY_SCORE = sql`(0.04 * ln(1 + coalesce(pop.savers, 0)) + 0.06 * ln(1 + coalesce(pop.recent, 0)))`;

/**
 * What the company curated (published learning paths, what an L&D leader imported or placed in a
 * published path) comes before one person's save of equal relevance: the bonus outweighs the
 * popularity a single fresh save earns (0.1 > 0.04·ln 2 + 0.06·ln 2), not that of several people.
 */
const CURATED = 0.1;
const [CUR, cur] = aliased(accounts, "curator");
const [CURI, curi] = aliased(collectionItems, "curated_item");
const [CURP, curp] = aliased(collections, "curated_path");
const CURATED_CONTENT_SCORE = sql`(case when exists (select 1 from ${CUR} where ${cur.id} = ${ci.createdBy} and ${cur.role} = 'ldleader')
  or exists (select 1 from ${CURI} join ${CURP} on ${curp.id} = ${curi.collectionId}
    where ${curi.contentId} = ${ci.id} and ${curp.status} = 'published') then ${sql.raw(String(CURATED))} else 0 end)`;

/** Words of a search as an unstemmed prefix query: "kube fund" → kube:* & fund:*. */
function words(term: string): string[] {
  return term
    .toLowerCase()
    .split(/[^\p{L}\p{N}]+/u)
    .filter(Boolean)
    .slice(0, 12);
}

/** Every word must match, stemmed in English or Spanish, or as a prefix (the search box). */
export function allWordsQuery(term: string): SQL | null {
  const w = words(term);
  if (!w.length) return null;
  return sql`(websearch_to_tsquery('english', ${term}) || websearch_to_tsquery('spanish', ${term}) || to_tsquery('simple', ${w.map((x) => `${x}:*`).join(" & ")}))`;
}

/** Any word may match (the copilot's retrieval); prefixes only for words of four letters or more. */
export function anyWordQuery(keywords: readonly string[]): SQL | null {
  const w = [...new Set(keywords.flatMap(words))];
  if (!w.length) return null;
  const plain = w.join(" | ");
  const prefix = w.map((x) => (x.length >= 4 ? `${x}:*` : x)).join(" | ");
  return sql`(to_tsquery('english', ${plain}) || to_tsquery('spanish', ${plain}) || to_tsquery('simple', ${prefix}))`;
}

export interface DiscoverFilter {
  companyId: number;
  q: SQL | null;
  type?: ContentType;
  provider?: string;
  skill?: string;
  duration?: DurationBucket;
  language?: DiscoverLanguage;
  kind?: DiscoverKind;
}
type Dimension = "type" | "provider" | "skill" | "duration" | "language";

/**
 * What the search box matches on a catalog item: its title, description and author (the stored
 * `search` column) and its skills, so a curator finds an item tagged "burnout" by that word.
 */
const SKILL_TEXT = sql`array_to_string(${ci.skills}, ' ')`;
const SEARCHED = sql`(${ci.search} || to_tsvector('simple', ${SKILL_TEXT}) || to_tsvector('english', ${SKILL_TEXT}) || to_tsvector('spanish', ${SKILL_TEXT}))`;

function contentWhere(f: DiscoverFilter, omit?: Dimension): SQL {
  const c: SQL[] = [sql`${ci.companyId} = ${f.companyId}`, VISIBLE];
  if (f.q) c.push(sql`${SEARCHED} @@ ${f.q}`);
  if (f.type && omit !== "type") c.push(sql`${ci.contentType} = ${f.type}`);
  if (f.provider && omit !== "provider") c.push(sql`${ci.provider} = ${f.provider}`);
  if (f.skill && omit !== "skill") c.push(sql`${ci.skills} @> array[${f.skill}]::text[]`);
  if (f.duration && omit !== "duration") c.push(sql`${BUCKET} = ${f.duration}`);
  if (f.language && omit !== "language") c.push(sql`${ci.language} = ${f.language}`);
  return sql.join(c, sql` and `);
}

const [TX, tx] = aliased(collectionItems, "tx");
const [TC, tc] = aliased(contentItems, "tc");
/** Published collections match the search, skill and type; provider, duration and language are content-only. */
function collectionWhere(f: DiscoverFilter): SQL | null {
  if (f.provider || f.duration || f.language) return null;
  const c: SQL[] = [sql`${col.companyId} = ${f.companyId}`, sql`${col.status} = 'published'`];
  if (f.q) c.push(sql`${col.search} @@ ${f.q}`);
  if (f.skill) c.push(sql`${col.skills} @> array[${f.skill}]::text[]`);
  if (f.type)
    c.push(sql`exists (select 1 from ${TX} join ${TC} on ${tc.id} = ${tx.contentId} where ${tx.collectionId} = ${col.id} and ${tc.contentType} = ${f.type})`);
  return sql.join(c, sql` and `);
}

/**
 * The copilot's retrieval text: the search column (title, description, author) with the skills and
 * the provider, so that a question finds an item by what it is filed under or who offers it.
 */
const PROVIDER_TEXT = sql`coalesce(${ci.provider}, '')`;
const FILED = sql`(${SKILL_TEXT} || ' ' || ${PROVIDER_TEXT})`;
const RETRIEVED = sql`(${ci.search} || to_tsvector('simple', ${FILED}) || to_tsvector('english', ${FILED}) || to_tsvector('spanish', ${FILED}))`;

export interface CandidateRow {
  id: number;
  title: string;
  content_type: ContentType;
  duration_s: number | null;
  language: DiscoverLanguage;
  skills: string[];
  savers: number;
  skill_hits: number;
  /** Whether the item's text matches each term of the question, in order (1 or 0). */
  term_hits: number[];
  /** Published collections and learning paths of the company holding it (curated), and people who finished it. */
  curated: number;
  finishers: number;
  /** Terms of the question the item matches, and those among them that named no skill. */
  word_hits: number;
  extra_hits: number;
  text_rank: number;
}

const [CF, cf] = aliased(collectionFollows, "cf");
const [SU, su] = aliased(userContents, "su");
const [A, a] = aliased(accounts, "a");
const [AU, au] = aliased(authUsers, "au");
const [U, u] = aliased(userContents, "u");
const [PC, pc] = aliased(planCollections, "pc");
const [P, p] = aliased(upskillingPlans, "p");
const [R, r] = aliased(planAssignees, "r");
const [PAS, pas] = aliased(planAssignees, "pa");
const [PT, pt] = aliased(planTeams, "pt");
const [MU, mu] = aliased(userContents, "mu");
const [MP, mp] = aliased(contentProgress, "mp");
const [CX, cx] = aliased(collectionItems, "cx");
const [CC, cc] = aliased(collections, "cc");

export function createDiscoverRepo(db: Db) {
  const execute = <T>(query: SQL) => rowsOf<T>(db.execute(query));

  return {
    /** One page of content and collections ranked together: text rank, then popularity and recency. */
    async search(f: DiscoverFilter, limit: number, offset: number) {
      const contentRank = f.q ? sql`ts_rank(${SEARCHED}, ${f.q}, 1)` : sql`0`;
      const collectionRank = f.q ? sql`ts_rank(${col.search}, ${f.q}, 1)` : sql`0`;
      const parts: SQL[] = [];
      if (f.kind !== "collection") {
        // Job openings are in the catalog, but learning comes first unless jobs are asked for.
        const jobs = f.type ? sql`0` : sql`(case when ${ci.contentType} = 'job' then -0.05 else 0 end)`;
        parts.push(sql`select 'content' as kind, ${ci.id}, (${contentRank} + ${POPULARITY_SCORE} + ${CURATED_CONTENT_SCORE} + 0.03 * exp(-extract(epoch from now() - ${ci.createdAt}) / 7776000) + ${jobs}) as score, ${ci.createdAt} as at
          from ${CI} left join pop on pop.content_id = ${ci.id} where ${contentWhere(f)}`);
      }
      const colWhere = collectionWhere(f);
      if (f.kind !== "content" && colWhere) {
        parts.push(sql`select 'collection' as kind, ${col.id}, (${collectionRank} + ${sql.raw(String(CURATED))} + 0.04 * ln(1 + (select count(*) from ${CF} where ${cf.collectionId} = ${col.id})) + 0.03 * exp(-extract(epoch from now() - coalesce(${col.publishedAt}, ${col.createdAt})) / 7776000)) as score, coalesce(${col.publishedAt}, ${col.createdAt}) as at
          from ${COL} where ${colWhere}`);
      }
      if (!parts.length) return [];
      return execute<{ kind: DiscoverKind; id: number }>(sql`with ${popularity(f.companyId)}
        select kind, id from (${sql.join(parts, sql` union all `)}) r
        order by score desc, at desc, kind, id desc limit ${limit} offset ${offset}`);
    },

    /** Counts per value of each filter, with every other filter applied. */
    async facets(f: DiscoverFilter) {
      const group = (value: SQL, omit: Dimension, extra?: SQL) =>
        execute<{ value: string; count: number }>(sql`select ${value} as value, count(*)::int as count from ${CI} ${extra ?? sql``}
          where ${contentWhere(f, omit)} and ${value} is not null group by 1 order by 2 desc, 1 limit 20`);
      const colWhere = collectionWhere(f);
      const [type, provider, skill, duration, language, [content], [collection]] = await Promise.all([
        group(sql`${ci.contentType}`, "type"),
        group(sql`${ci.provider}`, "provider"),
        group(sql`s.skill`, "skill", sql`cross join lateral unnest(${ci.skills}) as s(skill)`),
        group(BUCKET, "duration"),
        group(sql`${ci.language}`, "language"),
        execute<{ n: number }>(sql`select count(*)::int as n from ${CI} where ${contentWhere(f)}`),
        colWhere ? execute<{ n: number }>(sql`select count(*)::int as n from ${COL} where ${colWhere}`) : Promise.resolve([{ n: 0 }]),
      ]);
      const kind = [
        { value: "content", count: content?.n ?? 0 },
        { value: "collection", count: collection?.n ?? 0 },
      ];
      return { kind, type, provider, skill, duration, language };
    },

    /** Catalog items (public ones only: a colleague's private save is theirs) with people's public saves and the viewer's own copy, in the order of ids. */
    async contents(companyId: number, viewerId: number, ids: number[]) {
      if (!ids.length) return [];
      const rows = await db
        .select({
          id: contentItems.id,
          contentType: contentItems.contentType,
          title: contentItems.title,
          url: contentItems.url,
          author: contentItems.author,
          durationS: contentItems.durationS,
          description: contentItems.description,
          imageUrl: contentItems.imageUrl,
          provider: contentItems.provider,
          language: contentItems.language,
          skills: contentItems.skills,
          createdAt: contentItems.createdAt,
          mineId: userContents.id,
          mineStatus: userContents.courseStatus,
          saversCount: sql<number>`(select count(*)::int from ${SU} where ${su.contentId} = ${qualified(contentItems.id)} and not ${su.isPrivate})`,
          savedBy: sql<{ username: string; display_name: string }[]>`(select coalesce(json_agg(x), '[]'::json) from (
            select ${a.username}, ${au.name} as display_name from ${SU} join ${A} on ${a.id} = ${su.accountId} join ${AU} on ${au.id} = ${a.uid}
            where ${su.contentId} = ${qualified(contentItems.id)} and ${su.accountId} <> ${viewerId}
              and ${seenColleagueSave(companyId, { isPrivate: su.isPrivate, saverCompanyId: a.companyId, saverStatus: a.status })}
            order by ${su.createdAt} desc limit 3) x)`,
        })
        .from(contentItems)
        .leftJoin(userContents, and(eq(userContents.contentId, contentItems.id), eq(userContents.accountId, viewerId)))
        .where(
          and(
            eq(contentItems.companyId, companyId),
            inArray(contentItems.id, ids),
            listedInCatalog({ id: contentItems.id, privateOrigin: contentItems.privateOrigin, hiddenAt: contentItems.hiddenAt }),
          ),
        );
      const byId = new Map(rows.map((r) => [r.id, r]));
      return ids.map((id) => byId.get(id)).filter((r) => r !== undefined);
    },

    /** Saves and completions in the company over the last 30 days, most active first. */
    async trending(companyId: number, limit: number) {
      return execute<{ id: number; saves: number; completions: number }>(sql`
        with saves as (
          select ${u.contentId}, count(*)::int as n from ${U} join ${A} on ${a.id} = ${u.accountId}
          where ${a.companyId} = ${companyId} and ${u.createdAt} > now() - interval '30 days' group by ${u.contentId}),
        done as (
          select d.content_id, count(distinct d.account_id)::int as n from ${doneItems} d
          join ${A} on ${a.id} = d.account_id where ${a.companyId} = ${companyId} and d.at > now() - interval '30 days' group by d.content_id)
        select ${ci.id}, coalesce(s.n, 0) as saves, coalesce(d.n, 0) as completions
        from ${CI} left join saves s on s.content_id = ${ci.id} left join done d on d.content_id = ${ci.id}
        where ${ci.companyId} = ${companyId} and (s.n is not null or d.n is not null) and ${VISIBLE}
        order by coalesce(s.n, 0) + 2 * coalesce(d.n, 0) desc, ${ci.id} desc limit ${limit}`);
    },

    /** The skills of the plans assigned to me (directly or through my team, unless I turned them down). */
    async planSkills(companyId: number, accountId: number, teamId: number | null) {
      return execute<{ skill: string; title: string }>(sql`
        select distinct on (${pc.skill}) ${pc.skill}, ${p.title} from ${PC} join ${P} on ${p.id} = ${pc.planId}
        where ${p.companyId} = ${companyId}
          and not exists (select 1 from ${R} where ${r.planId} = ${p.id} and ${r.accountId} = ${accountId} and ${r.status} = 'rejected')
          and (exists (select 1 from ${PAS} where ${pas.planId} = ${p.id} and ${pas.accountId} = ${accountId})
               or exists (select 1 from ${PT} where ${pt.planId} = ${p.id} and ${pt.teamId} = ${teamId ?? -1} and ${notTeamLeader(sql`${accountId}::int`, sql`${pt.teamId}`)}))
        order by ${pc.skill}, ${p.deadline}`);
    },

    /** What I finished (marked done, or a finalized course), newest first, with its skills. */
    async finished(accountId: number, limit = 20) {
      return execute<{ id: number; title: string; skills: string[] }>(sql`
        select ${ci.id}, ${ci.title}, ${ci.skills} from ${CI} join ${doneItems} f on f.content_id = ${ci.id}
        where f.account_id = ${accountId}
        group by ${ci.id} order by max(f.at) desc limit ${limit}`);
    },

    /** Items with these skills that I have neither saved nor done, best overlap first (plan skills weigh double). */
    async recommend(companyId: number, accountId: number, planSkills: string[], finishedSkills: string[], limit: number) {
      const all = [...new Set([...planSkills, ...finishedSkills])];
      const skillScore = all.length
        ? sql`(2 * (select count(*) from unnest(${ci.skills}) s where s = any(${textArray(planSkills)})) + (select count(*) from unnest(${ci.skills}) s where s = any(${textArray(finishedSkills)}))) desc,`
        : sql``;
      return execute<{ id: number }>(sql`with ${popularity(companyId)}
        select ${ci.id} from ${CI} left join pop on pop.content_id = ${ci.id}
        where ${ci.companyId} = ${companyId} and ${ci.contentType} <> 'job' and ${VISIBLE}
          ${all.length ? sql`and ${ci.skills} && ${textArray(all)}` : sql``}
          and not exists (select 1 from ${MU} where ${mu.contentId} = ${ci.id} and ${mu.accountId} = ${accountId})
          and not exists (select 1 from ${MP} where ${mp.contentId} = ${ci.id} and ${mp.accountId} = ${accountId})
        order by ${skillScore} ${POPULARITY_SCORE} desc, ${ci.createdAt} desc, ${ci.id} desc limit ${limit}`);
    },

    /** The company catalog's skills, most used first. */
    async vocabulary(companyId: number) {
      const rows = await execute<{ skill: string }>(sql`select s.skill from ${CI} cross join lateral unnest(${ci.skills}) as s(skill)
        where ${ci.companyId} = ${companyId} and ${VISIBLE} group by s.skill order by count(*) desc, s.skill`);
      return rows.map((r) => r.skill);
    },

    /** The question's words through what the company's catalog taught (catalog-learning.repo.ts). */
    learned: (companyId: number, words: readonly string[]) => learnedFor(db, companyId, words),

    /** Skills the catalog relates to these (catalog-learning.repo.ts). */
    relatedSkills: (companyId: number, skills: readonly string[]) => relatedSkillsFor(db, companyId, skills),

    /**
     * The copilot's retrieval: items having any of the skills (asked, or learned from the question's
     * words) or matching any term, with which terms each matches, its text rank, and how the company
     * curated it and finished it. Jobs only when asked for.
     */
    async candidates(
      companyId: number,
      opts: { skills: string[]; terms: { words: string[]; covered: boolean }[]; jobs: boolean; limit: number; learnedSkills?: string[] },
    ): Promise<CandidateRow[]> {
      const learned = opts.learnedSkills ?? [];
      const any = anyWordQuery(opts.terms.flatMap((t) => t.words));
      const hit = (t: { words: string[] }) => {
        const q = anyWordQuery(t.words);
        return q ? sql`(case when d.doc @@ ${q} then 1 else 0 end)` : sql`0`;
      };
      const sum = (parts: SQL[]) => (parts.length ? sql.join(parts, sql` + `) : sql`0`);
      const match: SQL[] = [];
      if (opts.skills.length) match.push(sql`${ci.skills} && ${textArray(opts.skills)}`);
      if (learned.length) match.push(sql`${ci.skills} && ${textArray(learned)}`);
      // The stored, indexed column finds items by their text; skills and provider reach them through the learned skills.
      if (any) match.push(sql`${ci.search} @@ ${any}`);
      if (!match.length) return [];
      const termHits = opts.terms.length ? sql`array[${sql.join(opts.terms.map(hit), sql`, `)}]::int[]` : sql`'{}'::int[]`;
      const rows = await execute<CandidateRow>(sql`with ${popularity(companyId)},
        cur as (select ${cx.contentId}, count(distinct ${cc.id})::int as n from ${CX} join ${CC} on ${cc.id} = ${cx.collectionId}
          where ${cc.companyId} = ${companyId} and ${cc.status} = 'published' group by 1),
        fin as (select f.content_id, count(distinct f.account_id)::int as n from ${doneItems} f join ${A} on ${a.id} = f.account_id
          where ${a.companyId} = ${companyId} group by 1)
        select ${ci.id}, ${ci.title}, ${ci.contentType}, ${ci.durationS}, ${ci.language}, ${ci.skills}, coalesce(pop.savers, 0)::int as savers,
          (select count(*) from unnest(${ci.skills}) s where s = any(${textArray(opts.skills)}))::int as skill_hits,
          ${termHits} as term_hits,
          (${sum(opts.terms.map(hit))})::int as word_hits,
          (${sum(opts.terms.filter((t) => !t.covered).map(hit))})::int as extra_hits,
          ${any ? sql`ts_rank(d.doc, ${any}, 1)` : sql`0`}::float8 as text_rank,
          coalesce(cur.n, 0) as curated, coalesce(fin.n, 0) as finishers
        from ${CI} cross join lateral (select ${RETRIEVED} as doc) d
          left join pop on pop.content_id = ${ci.id} left join cur on cur.content_id = ${ci.id} left join fin on fin.content_id = ${ci.id}
        where ${ci.companyId} = ${companyId} and ${VISIBLE}
          and ${ci.contentType} ${opts.jobs ? sql`=` : sql`<>`} 'job'
          and (${sql.join(match, sql` or `)})
        order by skill_hits desc, word_hits desc, (select count(*) from unnest(${ci.skills}) s where s = any(${textArray(learned)})) desc, text_rank desc, ${ci.id}
        limit ${opts.limit}`);
      return rows.map((r) => ({ ...r, text_rank: Number(r.text_rank), skills: r.skills ?? [], term_hits: r.term_hits ?? [] }));
    },
  };
}
export type DiscoverRepo = ReturnType<typeof createDiscoverRepo>;
