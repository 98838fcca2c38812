import { sql, type SQL } from "drizzle-orm";
import type { InsightBucket, InsightTime } from "@learnward/contracts";
import type { Db } from "../../db/client.ts";
import type { PgColumn } from "drizzle-orm/pg-core";
import { aliased } from "../../db/sql.ts";
import {
  contentItems,
  insightContents,
  insightLearnerPeriods,
  insightLearners,
  insightSkills,
  insightTotals,
  learningEvents,
  userContents,
} from "../../db/schema/index.ts";
import { ACTIVE, COMPLETES } from "./insights.events.repo.ts";
import { num, rowsOf, type Row } from "./insights.rows.ts";
import { publicInCatalog } from "../library/index.ts";

// The learning activity of a slice (a company, a team or a person over a time window): the
// dashboard's figures, its series and its top skills, content and content types.

/** What to aggregate: a company, optionally one team (at the time of the events) or one person. */
export interface Slice {
  companyId: number;
  teamId: number | null;
  accountId: number | null;
  time: InsightTime;
  bucket: InsightBucket;
  now: Date;
}

const DAY_MS = 86_400_000;
/** Certificates issued count by their own event kind (they are no learning activity of their own). */
const CERTIFIED = sql.raw(`'${"certificate_issued" satisfies (typeof learningEvents.$inferSelect)["kind"]}'`);
const isoDay = (d: Date) => d.toISOString().slice(0, 10);
const addDays = (day: string, n: number) => isoDay(new Date(Date.parse(`${day}T00:00:00Z`) + n * DAY_MS));

/**
 * The window of a time filter. 30d and 7d are whole UTC days, today included (so daily
 * pre-aggregations answer them exactly); 24h is the last 24 hours to the second. `prev` is the
 * window just before, for comparisons; both are null for all time.
 */
export function windowOf(time: InsightTime, now: Date) {
  if (time === "all") return { from: null, prev: null };
  if (time === "24h") return { from: new Date(now.getTime() - DAY_MS), prev: new Date(now.getTime() - 2 * DAY_MS) };
  const days = time === "7d" ? 7 : 30;
  const today = isoDay(now);
  return { from: new Date(`${addDays(today, -(days - 1))}T00:00:00Z`), prev: new Date(`${addDays(today, -(2 * days - 1))}T00:00:00Z`) };
}

// Raw SQL names tables and columns through the schema (db/sql.ts), so that a rename fails to compile.
// Events are `e`; every pre-aggregation is `r` (one at a time).
const [E, e] = aliased(learningEvents, "e");
const [TOTALS, totals] = aliased(insightTotals, "r");
const [LEARNERS, learners] = aliased(insightLearners, "r");
const [PERIODS, periods] = aliased(insightLearnerPeriods, "r");
const [SKILLS, skills] = aliased(insightSkills, "r");
const [CONTENTS, contents] = aliased(insightContents, "r");
const [C, c] = aliased(contentItems, "c");
const [MINE, mine] = aliased(userContents, "mine");
/** A pre-aggregation's key columns (`r`): company, team key, grain and period. */
type Rollup = { companyId: PgColumn; teamKey: PgColumn; grain: PgColumn; period: PgColumn };

/**
 * Where the figures come from. One person's events, and the last 24 hours, are few: they are read off
 * the events table itself. Everything else reads the pre-aggregations: daily rows for 7 and 30
 * days, monthly rows for all time (daily rows for an all-time daily series).
 */
function sourceOf(s: Slice) {
  const w = windowOf(s.time, s.now);
  const raw = s.accountId !== null || s.time === "24h";
  const teamKey = s.teamId ?? -1;
  return { ...w, raw, teamKey, grain: s.time === "all" ? ("month" as const) : ("day" as const) };
}

export function createActivityInsightsRepo(db: Db) {
  const run = async (q: SQL) => rowsOf(await db.execute(q));

  /** Raw events of the slice from `since` on (alias e). */
  const rawWhere = (s: Slice, since: Date | null) => {
    const conds: SQL[] = [sql`${e.companyId} = ${s.companyId}::int`];
    if (s.accountId !== null) conds.push(sql`${e.accountId} = ${s.accountId}::int`);
    if (s.teamId !== null) conds.push(sql`${e.teamId} = ${s.teamId}::int`);
    if (since) conds.push(sql`${e.occurredAt} >= ${since.toISOString()}::timestamptz`);
    return sql.join(conds, sql` and `);
  };
  /** Pre-aggregated rows of the slice at a grain from `since` on (alias r). */
  const rollWhere = (r: Rollup, s: Slice, grain: "day" | "month", since: Date | null) =>
    sql`${r.companyId} = ${s.companyId}::int and ${r.teamKey} = ${s.teamId ?? -1}::int and ${r.grain} = ${grain} ${since ? sql`and ${r.period} >= ${isoDay(since)}::date` : sql``}`;
  const learnerWhere = (s: Slice, grain: "day" | "month", since: Date | null) =>
    sql`${periods.companyId} = ${s.companyId}::int and ${periods.grain} = ${grain} ${s.teamId !== null ? sql`and ${periods.teamKey} = ${s.teamId}::int` : sql``} ${since ? sql`and ${periods.period} >= ${isoDay(since)}::date` : sql``}`;
  /** Rows inside the current window (the query itself also reads the window before). */
  const sinceTs = (from: Date | null) => (from ? sql`${e.occurredAt} >= ${from.toISOString()}::timestamptz` : sql`true`);
  const sinceDay = (period: PgColumn, from: Date | null) => (from ? sql`${period} >= ${isoDay(from)}::date` : sql`true`);

  return {
    /** Active learners, completions and learning seconds in the window and in the one before. */
    async kpis(s: Slice) {
      const src = sourceOf(s);
      const since = src.prev ?? src.from;
      if (src.raw) {
        const cur = sinceTs(src.from);
        const [r] = await run(sql`
          select count(distinct ${e.accountId}) filter (where ${e.kind} in ${ACTIVE} and ${cur}) as learners,
                 count(distinct ${e.accountId}) filter (where ${e.kind} in ${ACTIVE} and not ${cur}) as prev_learners,
                 count(*) filter (where ${e.kind} in ${COMPLETES} and ${cur}) as completions,
                 count(*) filter (where ${e.kind} in ${COMPLETES} and not ${cur}) as prev_completions,
                 coalesce(sum(${e.durationS}) filter (where ${e.kind} in ${COMPLETES} and ${cur}), 0) as time_s,
                 coalesce(sum(${e.durationS}) filter (where ${e.kind} in ${COMPLETES} and not ${cur}), 0) as prev_time_s,
                 count(*) filter (where ${e.kind} = ${CERTIFIED} and ${cur}) as certificates,
                 count(*) filter (where ${e.kind} = ${CERTIFIED} and not ${cur}) as prev_certificates
          from ${E} where ${rawWhere(s, since)}`);
        return kpiRow(r, src.prev !== null);
      }
      const cur = sinceDay(totals.period, src.from);
      const curLearners = sinceDay(periods.period, src.from);
      const [sums, people] = await Promise.all([
        run(sql`
          select coalesce(sum(${totals.n}) filter (where ${totals.kind} in ${COMPLETES} and ${cur}), 0) as completions,
                 coalesce(sum(${totals.n}) filter (where ${totals.kind} in ${COMPLETES} and not ${cur}), 0) as prev_completions,
                 coalesce(sum(${totals.durationS}) filter (where ${totals.kind} in ${COMPLETES} and ${cur}), 0) as time_s,
                 coalesce(sum(${totals.durationS}) filter (where ${totals.kind} in ${COMPLETES} and not ${cur}), 0) as prev_time_s,
                 coalesce(sum(${totals.n}) filter (where ${totals.kind} = ${CERTIFIED} and ${cur}), 0) as certificates,
                 coalesce(sum(${totals.n}) filter (where ${totals.kind} = ${CERTIFIED} and not ${cur}), 0) as prev_certificates
          from ${TOTALS} where ${rollWhere(totals, s, src.grain, since)}`),
        run(sql`
          select count(distinct ${periods.accountId}) filter (where ${curLearners}) as learners,
                 count(distinct ${periods.accountId}) filter (where not ${curLearners}) as prev_learners
          from ${PERIODS} where ${learnerWhere(s, src.grain, since)}`),
      ]);
      return kpiRow({ ...sums[0], ...people[0] }, src.prev !== null);
    },

    /** Active learners, completions and learning seconds per bucket, oldest first (empty buckets left out). */
    async series(s: Slice) {
      const src = sourceOf(s);
      const bucket = sql.raw(`'${s.bucket}'`);
      if (src.raw) {
        return (
          await run(sql`
            select date_trunc(${bucket}, ${e.occurredAt} at time zone 'UTC')::date::text as period,
                   count(distinct ${e.accountId}) filter (where ${e.kind} in ${ACTIVE}) as learners,
                   count(*) filter (where ${e.kind} in ${COMPLETES}) as completions,
                   coalesce(sum(${e.durationS}) filter (where ${e.kind} in ${COMPLETES}), 0) as time_s
            from ${E} where ${rawWhere(s, src.from)}
            group by 1 order by 1`)
        ).map(seriesRow);
      }
      // An all-time series reads rows of its own step; a bounded window reads days.
      const grain = s.time === "all" ? s.bucket : "day";
      const [sums, people] = await Promise.all([
        run(sql`
          select date_trunc(${bucket}, ${totals.period})::date::text as period,
                 coalesce(sum(${totals.n}) filter (where ${totals.kind} in ${COMPLETES}), 0) as completions,
                 coalesce(sum(${totals.durationS}) filter (where ${totals.kind} in ${COMPLETES}), 0) as time_s
          from ${TOTALS} where ${rollWhere(totals, s, grain, src.from)}
          group by 1`),
        grain === s.bucket
          ? run(sql`select ${learners.period}::text as period, ${learners.n} as learners from ${LEARNERS} where ${rollWhere(learners, s, grain, src.from)}`)
          : // Months of a bounded window: distinct people over its days.
            run(sql`
              select date_trunc('month', ${periods.period})::date::text as period, count(distinct ${periods.accountId}) as learners
              from ${PERIODS} where ${learnerWhere(s, "day", src.from)} group by 1`),
      ]);
      const byPeriod = new Map<string, Row>();
      for (const r of sums) byPeriod.set(String(r.period), { ...r });
      for (const r of people) byPeriod.set(String(r.period), { ...byPeriod.get(String(r.period)), ...r });
      return [...byPeriod.entries()].sort(([a], [b]) => a.localeCompare(b)).map(([period, r]) => seriesRow({ ...r, period }));
    },

    /** Activity, completions and learning seconds per content type. */
    async contentTypes(s: Slice) {
      const src = sourceOf(s);
      const rows = src.raw
        ? await run(sql`
            select ${e.contentType} as content_type, count(*) filter (where ${e.kind} in ${ACTIVE}) as activity,
                   count(*) filter (where ${e.kind} in ${COMPLETES}) as completions,
                   coalesce(sum(${e.durationS}) filter (where ${e.kind} in ${COMPLETES}), 0) as time_s
            from ${E} where ${rawWhere(s, src.from)} and ${e.contentType} is not null group by 1`)
        : await run(sql`
            select ${totals.contentType} as content_type, coalesce(sum(${totals.n}) filter (where ${totals.kind} in ${ACTIVE}), 0) as activity,
                   coalesce(sum(${totals.n}) filter (where ${totals.kind} in ${COMPLETES}), 0) as completions,
                   coalesce(sum(${totals.durationS}) filter (where ${totals.kind} in ${COMPLETES}), 0) as time_s
            from ${TOTALS} where ${rollWhere(totals, s, src.grain, src.from)} and ${totals.contentType} <> '' group by 1`);
      return rows
        .map((r) => ({ content_type: String(r.content_type), activity: num(r.activity), completions: num(r.completions), learning_time_s: num(r.time_s) }))
        .filter((r) => r.activity > 0)
        .sort((a, b) => b.activity - a.activity || a.content_type.localeCompare(b.content_type));
    },

    /** Skills by completions, then activity. */
    async topSkills(s: Slice, limit: number) {
      const src = sourceOf(s);
      const rows = src.raw
        ? await run(sql`
            select k.skill, count(*) as activity, count(*) filter (where ${e.kind} in ${COMPLETES}) as completions,
                   coalesce(sum(${e.durationS}) filter (where ${e.kind} in ${COMPLETES}), 0) as time_s
            from ${E} cross join lateral unnest(${e.skills}) k(skill)
            where ${rawWhere(s, src.from)} and ${e.kind} in ${ACTIVE}
            group by 1 order by 3 desc, 2 desc, 1 limit ${limit}`)
        : await run(sql`
            select ${skills.skill} as skill, sum(${skills.activity}) as activity, sum(${skills.completions}) as completions, sum(${skills.durationS}) as time_s
            from ${SKILLS} where ${rollWhere(skills, s, src.grain, src.from)}
            group by 1 order by 3 desc, 2 desc, 1 limit ${limit}`);
      return rows.map((r) => ({ skill: String(r.skill), activity: num(r.activity), completions: num(r.completions), learning_time_s: num(r.time_s) }));
    },

    /** Catalog items by completions, then starts, then saves. */
    async topContent(s: Slice, limit: number) {
      const src = sourceOf(s);
      // Per-team content rows are kept by month only (a team's days hold few events).
      const ranked =
        src.raw || (s.teamId !== null && src.grain === "day")
          ? sql`
            select ${e.contentId} as content_id, count(*) filter (where ${e.kind} = 'save') as saves, count(*) filter (where ${e.kind} = 'start') as starts,
                   count(*) filter (where ${e.kind} in ${COMPLETES}) as completions, coalesce(sum(${e.durationS}) filter (where ${e.kind} in ${COMPLETES}), 0) as time_s
            from ${E}
            where ${rawWhere(s, src.from)} and ${e.contentId} is not null and ${e.kind} in ('save', 'start', 'finish', 'item_done')
            group by 1`
          : sql`
            select ${contents.contentId} as content_id, sum(${contents.saves}) as saves, sum(${contents.starts}) as starts, sum(${contents.completions}) as completions, sum(${contents.durationS}) as time_s
            from ${CONTENTS} where ${rollWhere(contents, s, src.grain, src.from)} group by 1`;
      const order = sql`completions desc, starts desc, saves desc, time_s desc, content_id`;
      // A colleague's private save is theirs alone: others' views leave it out; my own view names my items as I saved them.
      // Checked on the top candidates only (a few more than asked for), and again on more in the rare page that hides some.
      const columns = { id: c.id, privateOrigin: c.privateOrigin };
      const me = s.accountId;
      const top = (n: number) =>
        run(sql`
          select x.*, ${c.contentType} as content_type,
            ${me !== null ? sql`coalesce(${mine.title}, ${c.title}) as title, coalesce(${mine.url}, ${c.url}) as url, (${mine.id} is not null or ${publicInCatalog(columns)})` : sql`${c.title} as title, ${c.url} as url, ${publicInCatalog(columns)}`} as visible
          from (${ranked} order by ${order} limit ${n}) x join ${C} on ${c.id} = x.content_id and ${c.companyId} = ${s.companyId}::int
          ${me !== null ? sql`left join ${MINE} on ${mine.contentId} = ${c.id} and ${mine.accountId} = ${me}::int` : sql``}
          order by x.completions desc, x.starts desc, x.saves desc, x.time_s desc, x.content_id`);
      let n = Math.min(limit + 10, 1_000_000);
      let candidates = await top(n);
      while (candidates.filter((r) => r.visible).length < limit && candidates.length === n && n < 1_000_000)
        candidates = await top((n = Math.min(n * 4, 1_000_000)));
      const rows = candidates.filter((r) => r.visible).slice(0, limit);
      return rows.map((r) => ({
        content_id: num(r.content_id),
        title: String(r.title),
        url: String(r.url),
        content_type: String(r.content_type),
        saves: num(r.saves),
        starts: num(r.starts),
        completions: num(r.completions),
        learning_time_s: num(r.time_s),
      }));
    },
  };
}

function kpiRow(r: Row | undefined, hasPrevious: boolean) {
  const prev = (v: unknown) => (hasPrevious ? num(v) : null);
  return {
    active_learners: { value: num(r?.learners), previous: prev(r?.prev_learners) },
    completions: { value: num(r?.completions), previous: prev(r?.prev_completions) },
    learning_time_s: { value: num(r?.time_s), previous: prev(r?.prev_time_s) },
    certificates: { value: num(r?.certificates), previous: prev(r?.prev_certificates) },
  };
}

function seriesRow(r: Row) {
  return { period: String(r.period), active_learners: num(r.learners), completions: num(r.completions), learning_time_s: num(r.time_s) };
}
