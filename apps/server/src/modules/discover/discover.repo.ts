import { and, eq, inArray, sql, type SQL } from "drizzle-orm";
import type { ContentType, DiscoverKind, DiscoverLanguage, DurationBucket } from "@learnward/contracts";
import type { Db } from "../../db/client.ts";
import { contentItems, userContents } from "../../db/schema/index.ts";
import { publicInCatalog } from "../library/catalog.scope.ts";
import { doneItems } from "../network/done.scope.ts";
import { notTeamLeader } from "../network/plans.scope.ts";

// The only place discover and the copilot read the catalog. Every query is scoped to one
// company; "visible" keeps out what reached the catalog only through someone's private save.

type Rows<T> = { rows: T[] };
const rowsOf = async <T>(q: Promise<unknown>) => ((await q) as Rows<T>).rows;

/** PRODUCT.md: the catalog leaves out what someone saved privately (the library's rule, on the alias `ci`). */
const VISIBLE = publicInCatalog({ id: sql`ci.id`, privateOrigin: sql`ci.private_origin` });

const BUCKET = sql`(case when ci.duration_s is null then null when ci.duration_s < 900 then 'under_15m' when ci.duration_s < 3600 then '15m_1h' when ci.duration_s < 18000 then '1h_5h' else 'over_5h' end)`;

/** Per catalog item of the company: public savers, and saves in the last 30 days (popularity). */
const popularity = (companyId: number) => sql`pop as (
  select u.content_id, (count(*) filter (where not u.is_private))::int as savers, (count(*) filter (where u.created_at > now() - interval '30 days'))::int as recent
  from user_contents u join accounts pa on pa.id = u.account_id
  where pa.company_id = ${companyId}
  group by u.content_id)`;

const POPULARITY_SCORE = sql`(0.04 * ln(1 + coalesce(pop.savers, 0)) + 0.06 * ln(1 + coalesce(pop.recent, 0)))`;

export const textArray = (values: readonly string[]) =>
  values.length
    ? sql`array[${sql.join(
        values.map((v) => sql`${v}`),
        sql`, `,
      )}]::text[]`
    : sql`'{}'::text[]`;

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

function contentWhere(f: DiscoverFilter, omit?: Dimension): SQL {
  const c: SQL[] = [sql`ci.company_id = ${f.companyId}`, VISIBLE];
  if (f.q) c.push(sql`ci.search @@ ${f.q}`);
  if (f.type && omit !== "type") c.push(sql`ci.content_type = ${f.type}`);
  if (f.provider && omit !== "provider") c.push(sql`ci.provider = ${f.provider}`);
  if (f.skill && omit !== "skill") c.push(sql`ci.skills @> array[${f.skill}]::text[]`);
  if (f.duration && omit !== "duration") c.push(sql`${BUCKET} = ${f.duration}`);
  if (f.language && omit !== "language") c.push(sql`ci.language = ${f.language}`);
  return sql.join(c, sql` and `);
}

/** Published collections match the search, skill and type; provider, duration and language are content-only. */
function collectionWhere(f: DiscoverFilter): SQL | null {
  if (f.provider || f.duration || f.language) return null;
  const c: SQL[] = [sql`col.company_id = ${f.companyId}`, sql`col.status = 'published'`];
  if (f.q) c.push(sql`col.search @@ ${f.q}`);
  if (f.skill) c.push(sql`col.skills @> array[${f.skill}]::text[]`);
  if (f.type)
    c.push(
      sql`exists (select 1 from collection_items tx join content_items tc on tc.id = tx.content_id where tx.collection_id = col.id and tc.content_type = ${f.type})`,
    );
  return sql.join(c, sql` and `);
}

export interface CandidateRow {
  id: number;
  title: string;
  content_type: ContentType;
  duration_s: number | null;
  language: DiscoverLanguage;
  skills: string[];
  savers: number;
  skill_hits: number;
  /** Terms of the question the item matches, and those among them that named no skill. */
  word_hits: number;
  extra_hits: number;
  text_rank: number;
}

export function createDiscoverRepo(db: Db) {
  const execute = <T>(query: SQL) => rowsOf<T>(db.execute(query));

  return {
    /** One page of content and collections ranked together: text rank, then popularity and recency. */
    async search(f: DiscoverFilter, limit: number, offset: number) {
      const contentRank = f.q ? sql`ts_rank(ci.search, ${f.q}, 1)` : sql`0`;
      const collectionRank = f.q ? sql`ts_rank(col.search, ${f.q}, 1)` : sql`0`;
      const parts: SQL[] = [];
      if (f.kind !== "collection") {
        // Job openings are in the catalog, but learning comes first unless jobs are asked for.
        const jobs = f.type ? sql`0` : sql`(case when ci.content_type = 'job' then -0.05 else 0 end)`;
        parts.push(sql`select 'content' as kind, ci.id, (${contentRank} + ${POPULARITY_SCORE} + 0.03 * exp(-extract(epoch from now() - ci.created_at) / 7776000) + ${jobs}) as score, ci.created_at as at
          from content_items ci left join pop on pop.content_id = ci.id where ${contentWhere(f)}`);
      }
      const colWhere = collectionWhere(f);
      if (f.kind !== "content" && colWhere) {
        parts.push(sql`select 'collection' as kind, col.id, (${collectionRank} + 0.04 * ln(1 + (select count(*) from collection_follows cf where cf.collection_id = col.id)) + 0.03 * exp(-extract(epoch from now() - coalesce(col.published_at, col.created_at)) / 7776000)) as score, coalesce(col.published_at, col.created_at) as at
          from collections col where ${colWhere}`);
      }
      if (!parts.length) return [];
      return execute<{ kind: DiscoverKind; id: number }>(sql`with ${popularity(f.companyId)}
        select kind, id from (${sql.join(parts, sql` union all `)}) r
        order by score desc, at desc, kind, id desc limit ${limit} offset ${offset}`);
    },

    /** Counts per value of each filter, with every other filter applied. */
    async facets(f: DiscoverFilter) {
      const group = (value: SQL, omit: Dimension, extra?: SQL) =>
        execute<{ value: string; count: number }>(sql`select ${value} as value, count(*)::int as count from content_items ci ${extra ?? sql``}
          where ${contentWhere(f, omit)} and ${value} is not null group by 1 order by 2 desc, 1 limit 20`);
      const colWhere = collectionWhere(f);
      const [type, provider, skill, duration, language, [content], [collection]] = await Promise.all([
        group(sql`ci.content_type`, "type"),
        group(sql`ci.provider`, "provider"),
        group(sql`s.skill`, "skill", sql`cross join lateral unnest(ci.skills) as s(skill)`),
        group(BUCKET, "duration"),
        group(sql`ci.language`, "language"),
        execute<{ n: number }>(sql`select count(*)::int as n from content_items ci where ${contentWhere(f)}`),
        colWhere ? execute<{ n: number }>(sql`select count(*)::int as n from collections col where ${colWhere}`) : Promise.resolve([{ n: 0 }]),
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
          saversCount: sql<number>`(select count(*)::int from user_contents su where su.content_id = content_items.id and not su.is_private)`,
          savedBy: sql<{ username: string; display_name: string }[]>`(select coalesce(json_agg(x), '[]'::json) from (
            select a.username, au.name as display_name from user_contents su join accounts a on a.id = su.account_id join auth_users au on au.id = a.uid
            where su.content_id = content_items.id and not su.is_private and su.account_id <> ${viewerId} and a.status = 'active'
            order by su.created_at desc limit 3) x)`,
        })
        .from(contentItems)
        .leftJoin(userContents, and(eq(userContents.contentId, contentItems.id), eq(userContents.accountId, viewerId)))
        .where(
          and(
            eq(contentItems.companyId, companyId),
            inArray(contentItems.id, ids),
            publicInCatalog({ id: contentItems.id, privateOrigin: contentItems.privateOrigin }),
          ),
        );
      const byId = new Map(rows.map((r) => [r.id, r]));
      return ids.map((id) => byId.get(id)).filter((r) => r !== undefined);
    },

    /** Saves and completions in the company over the last 30 days, most active first. */
    async trending(companyId: number, limit: number) {
      return execute<{ id: number; saves: number; completions: number }>(sql`
        with saves as (
          select u.content_id, count(*)::int as n from user_contents u join accounts a on a.id = u.account_id
          where a.company_id = ${companyId} and u.created_at > now() - interval '30 days' group by u.content_id),
        done as (
          select d.content_id, count(distinct d.account_id)::int as n from ${doneItems} d
          join accounts a on a.id = d.account_id where a.company_id = ${companyId} and d.at > now() - interval '30 days' group by d.content_id)
        select ci.id, coalesce(s.n, 0) as saves, coalesce(d.n, 0) as completions
        from content_items ci left join saves s on s.content_id = ci.id left join done d on d.content_id = ci.id
        where ci.company_id = ${companyId} and (s.n is not null or d.n is not null) and ${VISIBLE}
        order by coalesce(s.n, 0) + 2 * coalesce(d.n, 0) desc, ci.id desc limit ${limit}`);
    },

    /** The skills of the plans assigned to me (directly or through my team, unless I turned them down). */
    async planSkills(companyId: number, accountId: number, teamId: number | null) {
      return execute<{ skill: string; title: string }>(sql`
        select distinct on (pc.skill) pc.skill, p.title from plan_collections pc join upskilling_plans p on p.id = pc.plan_id
        where p.company_id = ${companyId}
          and not exists (select 1 from plan_assignees r where r.plan_id = p.id and r.account_id = ${accountId} and r.status = 'rejected')
          and (exists (select 1 from plan_assignees pa where pa.plan_id = p.id and pa.account_id = ${accountId})
               or exists (select 1 from plan_teams pt where pt.plan_id = p.id and pt.team_id = ${teamId ?? -1} and ${notTeamLeader(sql`${accountId}::int`, sql`pt.team_id`)}))
        order by pc.skill, p.deadline`);
    },

    /** What I finished (marked done, or a finalized course), newest first, with its skills. */
    async finished(accountId: number, limit = 20) {
      return execute<{ id: number; title: string; skills: string[] }>(sql`
        select ci.id, ci.title, ci.skills from content_items ci join ${doneItems} f on f.content_id = ci.id
        where f.account_id = ${accountId}
        group by ci.id order by max(f.at) desc limit ${limit}`);
    },

    /** Items with these skills that I have neither saved nor done, best overlap first (plan skills weigh double). */
    async recommend(companyId: number, accountId: number, planSkills: string[], finishedSkills: string[], limit: number) {
      const all = [...new Set([...planSkills, ...finishedSkills])];
      const skillScore = all.length
        ? sql`(2 * (select count(*) from unnest(ci.skills) s where s = any(${textArray(planSkills)})) + (select count(*) from unnest(ci.skills) s where s = any(${textArray(finishedSkills)}))) desc,`
        : sql``;
      return execute<{ id: number }>(sql`with ${popularity(companyId)}
        select ci.id from content_items ci left join pop on pop.content_id = ci.id
        where ci.company_id = ${companyId} and ci.content_type <> 'job' and ${VISIBLE}
          ${all.length ? sql`and ci.skills && ${textArray(all)}` : sql``}
          and not exists (select 1 from user_contents mu where mu.content_id = ci.id and mu.account_id = ${accountId})
          and not exists (select 1 from content_progress mp where mp.content_id = ci.id and mp.account_id = ${accountId})
        order by ${skillScore} ${POPULARITY_SCORE} desc, ci.created_at desc, ci.id desc limit ${limit}`);
    },

    /** The company catalog's skills, most used first. */
    async vocabulary(companyId: number) {
      const rows = await execute<{ skill: string }>(sql`select s.skill from content_items ci cross join lateral unnest(ci.skills) as s(skill)
        where ci.company_id = ${companyId} and ${VISIBLE} group by s.skill order by count(*) desc, s.skill`);
      return rows.map((r) => r.skill);
    },

    /**
     * The copilot's retrieval: items having any of the skills or matching any term, with how many
     * skills and terms each matches and its text rank. Jobs only when asked for.
     */
    async candidates(
      companyId: number,
      opts: { skills: string[]; terms: { words: string[]; covered: boolean }[]; jobs: boolean; limit: number },
    ): Promise<CandidateRow[]> {
      const any = anyWordQuery(opts.terms.flatMap((t) => t.words));
      const hit = (t: { words: string[] }) => {
        const q = anyWordQuery(t.words);
        return q ? sql`(case when ci.search @@ ${q} then 1 else 0 end)` : sql`0`;
      };
      const sum = (parts: SQL[]) => (parts.length ? sql.join(parts, sql` + `) : sql`0`);
      const match: SQL[] = [];
      if (opts.skills.length) match.push(sql`ci.skills && ${textArray(opts.skills)}`);
      if (any) match.push(sql`ci.search @@ ${any}`);
      if (!match.length) return [];
      const rows = await execute<CandidateRow>(sql`with ${popularity(companyId)}
        select ci.id, ci.title, ci.content_type, ci.duration_s, ci.language, ci.skills, coalesce(pop.savers, 0)::int as savers,
          (select count(*) from unnest(ci.skills) s where s = any(${textArray(opts.skills)}))::int as skill_hits,
          (${sum(opts.terms.map(hit))})::int as word_hits,
          (${sum(opts.terms.filter((t) => !t.covered).map(hit))})::int as extra_hits,
          ${any ? sql`ts_rank(ci.search, ${any}, 1)` : sql`0`}::float8 as text_rank
        from content_items ci left join pop on pop.content_id = ci.id
        where ci.company_id = ${companyId} and ${VISIBLE}
          and ci.content_type ${opts.jobs ? sql`=` : sql`<>`} 'job'
          and (${sql.join(match, sql` or `)})
        order by skill_hits desc, word_hits desc, text_rank desc, ci.id
        limit ${opts.limit}`);
      return rows.map((r) => ({ ...r, text_rank: Number(r.text_rank), skills: r.skills ?? [] }));
    },
  };
}
export type DiscoverRepo = ReturnType<typeof createDiscoverRepo>;
