import { and, asc, count, eq, inArray, min, sql, type SQL } from "drizzle-orm";
import type { InsightBucket, InsightTime } from "@learnward/contracts";
import type { Db } from "../../db/client.ts";
import type { PgColumn } from "drizzle-orm/pg-core";
import { aliased, qualified } from "../../db/sql.ts";
import {
  accounts,
  authUsers,
  collectionItems,
  contentItems,
  insightContents,
  insightLearnerPeriods,
  insightLearners,
  insightPlanDone,
  insightReminders,
  insightSkills,
  insightTotals,
  inviteRequests,
  learningEvents,
  planAssignees,
  planCollections,
  planTeams,
  publishRequests,
  removalRequests,
  teams,
  upskillingPlans,
  userContents,
} from "../../db/schema/index.ts";
import { notTeamLeader } from "../network/index.ts";
import { ACTIVE, COMPLETES } from "./insights.events.repo.ts";
import { publicInCatalog } from "../library/index.ts";

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
const [RM, rm] = aliased(insightReminders, "rm");
const [R, r] = aliased(insightReminders, "r");
const [P, p] = aliased(upskillingPlans, "p");
const [PC, pc] = aliased(planCollections, "pc");
const [CI, ci] = aliased(collectionItems, "ci");
const [PA, pa] = aliased(planAssignees, "pa");
const [PT, pt] = aliased(planTeams, "pt");
const [A, a] = aliased(accounts, "a");
const [U, u] = aliased(authUsers, "u");
const [T, t] = aliased(teams, "t");
const [D, d] = aliased(insightPlanDone, "d");
/** A pre-aggregation's key columns (`r`): company, team key, grain and period. */
type Rollup = { companyId: PgColumn; teamKey: PgColumn; grain: PgColumn; period: PgColumn };

type Row = Record<string, unknown>;
const num = (v: unknown) => (v === null || v === undefined ? 0 : Number(v));
const rowsOf = (result: unknown) => (result as { rows: Row[] }).rows;

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

export function createInsightsRepo(db: Db) {
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
                 coalesce(sum(${e.durationS}) filter (where ${e.kind} in ${COMPLETES} and not ${cur}), 0) as prev_time_s
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
                 coalesce(sum(${totals.durationS}) filter (where ${totals.kind} in ${COMPLETES} and not ${cur}), 0) as prev_time_s
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

    /**
     * The company's upskilling plans among the people in scope, computed in the database (a company
     * has thousands of assignments): per plan, its assignees, completed, overdue and average
     * progress; and the overdue (person, plan) pairs, longest overdue first (the first `limit`, or
     * all). Same rules as the plans' own pages (network/plans.service.ts assigneeStatus, isOverdue):
     * direct assignees plus active members of assigned teams; done = marked done or a finalized
     * course; declined stays declined, all items done is completed, started or any item done is
     * active; overdue = past the deadline and neither completed nor declined.
     */
    async planInsights(companyId: number, people: People, today: string, limit: number) {
      const [r] = await run(sql`
        ${progressOf(companyId, people, today)}
        select
          (select coalesce(json_agg(x order by x.overdue desc, x.deadline, x.plan_id), '[]') from (
             select plan_id, title, deadline::text as deadline, count(*)::int as assignees,
               (count(*) filter (where status = 'completed'))::int as completed, (count(*) filter (where overdue))::int as overdue,
               coalesce(round(avg(percent) filter (where status <> 'rejected')), 0)::int as percent
             from rows group by plan_id, title, deadline) x) as plans,
          (select coalesce(json_agg(y order by y.deadline, y.percent, y.account_id, y.plan_id), '[]') from (${overdueOf(today, limit)}) y) as overdue,
          (select count(*) from rows where overdue)::int as overdue_pairs,
          (select count(distinct account_id) from rows where overdue)::int as overdue_people,
          (select coalesce(json_agg(distinct o.account_id), '[]') from rows o join ${RM} on ${rm.accountId} = o.account_id and ${rm.day} = ${today}::date where o.overdue) as reminded_today,
          (select count(*) from rows where status = 'pending')::int as pending`);
      const json = <T>(v: unknown): T => (typeof v === "string" ? JSON.parse(v) : v) as T;
      return {
        plans: json<{ plan_id: number; title: string; deadline: string; assignees: number; completed: number; overdue: number; percent: number }[]>(
          r?.plans ?? [],
        ),
        overdue: json<Row[]>(r?.overdue ?? []).map(overdueRow),
        overduePairs: num(r?.overdue_pairs),
        overduePeople: num(r?.overdue_people),
        /** Overdue people already reminded today. */
        remindedToday: json<number[]>(r?.reminded_today ?? []),
        pendingPlans: num(r?.pending),
      };
    },

    /**
     * Every overdue (person, plan) pair in scope, longest overdue first, as plain rows: the CSV
     * export and the reminders read thousands of them, which JSON aggregation made 2x slower.
     */
    async overdue(companyId: number, people: People, today: string) {
      const rows = await run(sql`
        ${progressOf(companyId, people, today, { pastDeadlineOnly: true })}
        select y.* from (${overdueOf(today, null)}) y order by y.days_overdue desc, y.percent, y.account_id, y.plan_id`);
      return rows.map(overdueRow);
    },

    /** Names, teams and last reminder of these people. */
    async people(companyId: number, accountIds: number[]) {
      if (!accountIds.length) return [];
      const rows = await db
        .select({
          id: accounts.id,
          name: authUsers.name,
          email: authUsers.email,
          locale: accounts.locale,
          teamId: teams.id,
          teamName: teams.name,
          remindedAt: sql<
            string | Date | null
          >`(select max(${qualified(insightReminders.createdAt)}) from ${insightReminders} where ${qualified(insightReminders.accountId)} = ${qualified(accounts.id)})`,
        })
        .from(accounts)
        .innerJoin(authUsers, eq(authUsers.id, accounts.uid))
        .leftJoin(teams, eq(teams.id, accounts.teamId))
        .where(and(eq(accounts.companyId, companyId), inArray(accounts.id, accountIds)));
      return rows.map((r) => ({
        id: r.id,
        name: r.name,
        email: r.email,
        locale: (r.locale === "es" ? "es" : "en") as "en" | "es",
        team: r.teamId === null ? null : { id: r.teamId, name: String(r.teamName) },
        remindedAt: r.remindedAt === null ? null : new Date(r.remindedAt),
      }));
    },

    /** Claims today's reminder for each person; answers those not reminded yet today (race-safe). */
    async claimReminders(companyId: number, sentBy: number, day: string, people: { accountId: number; planIds: number[] }[]) {
      if (!people.length) return [];
      const rows = await db
        .insert(insightReminders)
        .values(people.map((p) => ({ accountId: p.accountId, day, companyId, sentBy, planIds: p.planIds })))
        .onConflictDoNothing()
        .returning({ accountId: insightReminders.accountId });
      return rows.map((r) => r.accountId);
    },

    async releaseReminder(accountId: number, day: string) {
      await db.delete(insightReminders).where(and(eq(insightReminders.accountId, accountId), eq(insightReminders.day, day)));
    },

    async teams(companyId: number) {
      return db.select({ id: teams.id, name: teams.name }).from(teams).where(eq(teams.companyId, companyId)).orderBy(asc(teams.name), asc(teams.id));
    },

    /** Requests waiting on the viewer: how many and since when. */
    async pending(companyId: number, viewer: { publishRequests: boolean; peopleRequests: boolean }) {
      const agg = async (kind: string, table: typeof publishRequests | typeof inviteRequests | typeof removalRequests) => {
        const [row] = await db
          .select({ n: count(), oldest: min(table.createdAt) })
          .from(table)
          .where(and(eq(table.companyId, companyId), eq(table.status, "pending")));
        return { kind, count: row?.n ?? 0, oldest: row?.oldest ? new Date(row.oldest) : null };
      };
      // Purchase requests: the budgeting service counts them (budgeting.policy decideScope).
      return Promise.all([
        ...(viewer.publishRequests ? [agg("publish_requests", publishRequests)] : []),
        ...(viewer.peopleRequests ? [agg("invite_requests", inviteRequests), agg("removal_requests", removalRequests)] : []),
      ]);
    },
  };
}
export type InsightsRepo = ReturnType<typeof createInsightsRepo>;

type People = { teamId: number | null; accountId: number | null };

/**
 * The company's upskilling plans among the people in scope, computed in the database (a company
 * has thousands of assignments): one row per (plan, person) with progress, status and whether it
 * is overdue. Same rules as the plans' own pages (network/plans.service.ts assigneeStatus,
 * isOverdue): direct assignees plus active members of assigned teams but their leaders; done = marked done or a
 * finalized course; declined stays declined, all items done is completed, started or any item
 * done is active; overdue = past the deadline and neither completed nor declined.
 */
function progressOf(companyId: number, people: People, today: string, opts: { pastDeadlineOnly?: boolean } = {}): SQL {
  const scope =
    people.accountId !== null ? sql`${a.id} = ${people.accountId}::int` : people.teamId !== null ? sql`${a.teamId} = ${people.teamId}::int` : sql`true`;
  // Only a plan whose deadline has passed can be overdue: the overdue list skips the others.
  const plans = opts.pastDeadlineOnly ? sql`and ${p.deadline} < ${today}::date` : sql``;
  return sql`
    with plans as (select ${p.id} as id, ${p.title} as title, ${p.deadline} as deadline from ${P} where ${p.companyId} = ${companyId}::int ${plans}),
    totals as (
      select ${pc.planId} as plan_id, count(distinct ${ci.contentId})::int as total from ${PC}
      join ${CI} on ${ci.collectionId} = ${pc.collectionId} where ${pc.planId} in (select id from plans) group by 1),
    -- direct assignees (with their answer), and members of assigned teams; a direct assignment wins
    -- (one sort, where an anti-join probed plan_assignees once per team member)
    scoped as (
      select distinct on (x.plan_id, x.account_id) x.plan_id, x.account_id, x.stored from (
        select ${pa.planId} as plan_id, ${pa.accountId} as account_id, ${pa.status} as stored, 0 as rank
        from ${PA} join ${A} on ${a.id} = ${pa.accountId} and ${a.status} = 'active' and ${a.companyId} = ${companyId}::int
        where ${pa.planId} in (select id from plans) and ${scope}
        union all
        select ${pt.planId}, ${a.id}, 'pending', 1
        from ${PT} join ${A} on ${a.teamId} = ${pt.teamId} and ${a.status} = 'active' and ${a.companyId} = ${companyId}::int
        where ${pt.planId} in (select id from plans) and ${scope} and ${notTeamLeader(sql`${a.id}`, sql`${pt.teamId}`)}) x
      order by x.plan_id, x.account_id, x.rank),
    -- items done per (plan, person): kept by the database (migration 0008_insights_sql)
    done as (select ${d.planId} as plan_id, ${d.accountId} as account_id, ${d.done} as n from ${D}),
    progress as (
      select s.plan_id, s.account_id, p.title, p.deadline, coalesce(t.total, 0) as total, coalesce(d.n, 0) as done,
        case when s.stored = 'rejected' then 'rejected'
             when coalesce(t.total, 0) > 0 and coalesce(d.n, 0) = t.total then 'completed'
             when s.stored = 'active' or coalesce(d.n, 0) > 0 then 'active'
             else 'pending' end as status
      from scoped s join plans p on p.id = s.plan_id
      left join totals t on t.plan_id = s.plan_id
      left join done d on d.plan_id = s.plan_id and d.account_id = s.account_id),
    rows as (
      -- integer rounding half up (numeric division was a fifth of the overdue list's time)
      select *, case when total > 0 then (200 * done + total) / (2 * total) else 0 end as percent,
        deadline < ${today}::date and status not in ('completed', 'rejected') as overdue
      from progress)`;
}

/** The overdue pairs of progressOf's rows (the first `limit`, or all), with names, teams and reminders. */
function overdueOf(today: string, limit: number | null): SQL {
  return sql`
    select o.account_id, ${u.name} as name, ${u.email} as email, ${a.locale} as locale, ${t.id} as team_id, ${t.name} as team_name, o.plan_id, o.title, o.deadline::text as deadline,
      (${today}::date - o.deadline)::int as days_overdue, o.percent, rm.last as reminded_at, rm.today as reminded_today
    -- longest overdue first, then least progress; names only for the rows shown
    from (select * from rows o where o.overdue ${limit === null ? sql`` : sql`order by o.deadline, o.percent, o.account_id, o.plan_id limit ${limit}`}) o
    join ${A} on ${a.id} = o.account_id join ${U} on ${u.id} = ${a.uid} left join ${T} on ${t.id} = ${a.teamId}
    -- the person's latest reminder (one a day at most: the latest day is the last one), by index
    left join lateral (select ${r.createdAt} as last, ${r.day} = ${today}::date as today from ${R}
                       where ${r.accountId} = o.account_id order by ${r.day} desc limit 1) rm on true`;
}

function overdueRow(o: Row) {
  return {
    accountId: num(o.account_id),
    name: String(o.name),
    email: String(o.email),
    locale: (o.locale === "es" ? "es" : "en") as "en" | "es",
    team: o.team_id === null ? null : { id: num(o.team_id), name: String(o.team_name) },
    planId: num(o.plan_id),
    planTitle: String(o.title),
    deadline: String(o.deadline),
    daysOverdue: num(o.days_overdue),
    percent: num(o.percent),
    remindedAt: o.reminded_at === null || o.reminded_at === undefined ? null : new Date(o.reminded_at as string),
    remindedToday: o.reminded_today === true,
  };
}

function kpiRow(r: Row | undefined, hasPrevious: boolean) {
  const prev = (v: unknown) => (hasPrevious ? num(v) : null);
  return {
    active_learners: { value: num(r?.learners), previous: prev(r?.prev_learners) },
    completions: { value: num(r?.completions), previous: prev(r?.prev_completions) },
    learning_time_s: { value: num(r?.time_s), previous: prev(r?.prev_time_s) },
  };
}

function seriesRow(r: Row) {
  return { period: String(r.period), active_learners: num(r.learners), completions: num(r.completions), learning_time_s: num(r.time_s) };
}

/** A person behind on a plan past its deadline (the dashboard's overdue list, the reminder mail). */
export type OverdueRow = Awaited<ReturnType<InsightsRepo["overdue"]>>[number];
