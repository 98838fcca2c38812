import { and, asc, count, eq, inArray, min, sql, type SQL } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { aliased, qualified } from "../../db/sql.ts";
import {
  accounts,
  authUsers,
  collectionItems,
  insightPlanDone,
  insightReminders,
  inviteRequests,
  planAssignees,
  planAttachments,
  planCollections,
  planTeams,
  publishRequests,
  removalRequests,
  teams,
  upskillingPlans,
} from "../../db/schema/index.ts";
import { doneBy, notTeamLeader } from "../network/index.ts";
import { createActivityInsightsRepo } from "./insights.activity.repo.ts";
import { createCertificateInsightsRepo } from "./insights.certificates.repo.ts";
import { num, rowsOf, type Row } from "./insights.rows.ts";

// Raw SQL names tables and columns through the schema (db/sql.ts), so that a rename fails to compile.
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
const [PX, px] = aliased(planAttachments, "px");

export function createInsightsRepo(db: Db) {
  const run = async (q: SQL) => rowsOf(await db.execute(q));

  return {
    ...createActivityInsightsRepo(db),
    ...createCertificateInsightsRepo(db),

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
    -- items of their own library people counted towards a plan beyond its paths' items (the network's
    -- planItemsFor): few rows, read live; the same "done" rule as the database's counts
    extra as (
      select ${px.planId} as plan_id, ${px.accountId} as account_id, count(*)::int as total,
        (count(*) filter (where ${doneBy(sql`${px.accountId}`, sql`${px.contentId}`)}))::int as n
      from ${PX} where ${px.planId} in (select id from plans)
        and not exists (select 1 from ${PC} join ${CI} on ${ci.collectionId} = ${pc.collectionId} where ${pc.planId} = ${px.planId} and ${ci.contentId} = ${px.contentId})
      group by 1, 2),
    counted as (
      select s.plan_id, s.account_id, s.stored, coalesce(t.total, 0) + coalesce(e.total, 0) as total, coalesce(d.n, 0) + coalesce(e.n, 0) as done
      from scoped s
      left join totals t on t.plan_id = s.plan_id
      left join done d on d.plan_id = s.plan_id and d.account_id = s.account_id
      left join extra e on e.plan_id = s.plan_id and e.account_id = s.account_id),
    progress as (
      select c.plan_id, c.account_id, p.title, p.deadline, c.total, c.done,
        case when c.stored = 'rejected' then 'rejected'
             when c.total > 0 and c.done = c.total then 'completed'
             when c.stored = 'active' or c.done > 0 then 'active'
             else 'pending' end as status
      from counted c join plans p on p.id = c.plan_id),
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

/** A person behind on a plan past its deadline (the dashboard's overdue list, the reminder mail). */
export type OverdueRow = Awaited<ReturnType<InsightsRepo["overdue"]>>[number];
