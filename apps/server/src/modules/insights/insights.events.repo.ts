import { sql, type SQL } from "drizzle-orm";
import type { PgColumn } from "drizzle-orm/pg-core";
import type { Db, Tx } from "../../db/client.ts";
import {
  accounts,
  collections,
  contentItems,
  insightContents,
  insightLearnerPeriods,
  insightLearners,
  insightSkills,
  insightTotals,
  insightUnfolded,
  learningEvents,
  planAssignees,
  planCollections,
  planTeams,
  upskillingPlans,
  userContents,
} from "../../db/schema/index.ts";
import { aliased, names, textArray } from "../../db/sql.ts";
import { doneBy, notTeamLeader, planItemsFor } from "../network/index.ts";
import type { LearningEventKind } from "../../db/schema/insights.ts";

/** A database handle or an open transaction: events are written in the action's own transaction. */
export type Executor = Db | Tx;

/** Kinds that make someone an active learner; kinds that complete an item (learning time counts there). */
export const ACTIVE_KINDS = ["save", "start", "finish", "item_done", "plan_completed"] as const;
export const COMPLETION_KINDS = ["finish", "item_done"] as const;
const list = (values: readonly string[]) => sql.raw(`(${values.map((v) => `'${v}'`).join(", ")})`);
export const ACTIVE = list(ACTIVE_KINDS);
export const COMPLETES = list(COMPLETION_KINDS);

export interface LearningEvent {
  kind: LearningEventKind;
  /** The learner the event is about (the requester, for a decided request). */
  accountId: number;
  /** Who acted, when someone else did (the approver). */
  actorId?: number | null;
  contentId?: number | null;
  /** Several items at once (an import's saves): one event each. */
  contentIds?: readonly number[];
  collectionId?: number | null;
  planId?: number | null;
  requestId?: number | null;
  outcome?: string | null;
  durationS?: number | null;
  skills?: readonly string[];
  occurredAt?: Date;
}

// Raw SQL names tables and columns through the schema (db/sql.ts), so that a rename fails to compile.
const [E, e] = aliased(learningEvents, "e");
const [X, x] = aliased(learningEvents, "x");
const [A, a] = aliased(accounts, "a");
const [C, c] = aliased(contentItems, "c");
const [UC, uc] = aliased(userContents, "uc");
const [COL, col] = aliased(collections, "col");
const [P, p] = aliased(upskillingPlans, "p");
const [PA, pa] = aliased(planAssignees, "pa");
const [PT, pt] = aliased(planTeams, "pt");
const [PC, pc] = aliased(planCollections, "pc");
const le = learningEvents;

const rowsOf = (result: unknown) => (result as { rows: Record<string, unknown>[] }).rows;
const planSkills = (planId: SQL) => sql`(select array_agg(distinct ${pc.skill} order by ${pc.skill}) from ${PC} where ${pc.planId} = ${planId})`;

/**
 * Records a learning event (one per item, given several) in the caller's transaction, and leaves it
 * to foldEvents for the pre-aggregations. Company and team (at the time) come from the account; type, skills and duration from the catalog
 * row (the person's own copy wins for duration and type). Finishing an item may complete plans:
 * answers the plans it completed.
 */
export async function recordEvent(tx: Executor, ev: LearningEvent): Promise<number[]> {
  const skills = [...new Set((ev.skills ?? []).map((s) => s.trim().toLowerCase()).filter(Boolean))];
  const content = ev.contentId ?? null;
  // One array parameter, an empty one for an event about no item.
  const contents = `{${(ev.contentIds ?? (content === null ? [] : [content])).join(",")}}`;
  const collection = ev.collectionId ?? null;
  const plan = ev.planId ?? null;
  const inserted = rowsOf(
    await tx.execute(sql`
      insert into ${le} (${names(le.companyId, le.teamId, le.accountId, le.actorId, le.kind, le.contentId, le.contentType, le.collectionId, le.planId, le.requestId, le.skills, le.durationS, le.outcome, le.occurredAt)})
      select ${a.companyId}, ${a.teamId}, ${a.id}, ${ev.actorId ?? null}::int, ${ev.kind}, ${c.id}, coalesce(${uc.contentType}, ${c.contentType}), ${collection}::int, ${plan}::int, ${ev.requestId ?? null}::int,
        coalesce(
          nullif(${textArray(skills)}, '{}'::text[]),
          nullif(${c.skills}, '{}'::text[]),
          (select nullif(${col.skills}, '{}'::text[]) from ${COL} where ${col.id} = ${collection}::int and ${col.companyId} = ${a.companyId}),
          ${planSkills(sql`${plan}::int`)},
          '{}'::text[]),
        case when ${ev.kind} in ('finish', 'item_done') then coalesce(${ev.durationS ?? null}::int, ${uc.durationS}, ${c.durationS}) end,
        ${ev.outcome ?? null}::text,
        coalesce(${ev.occurredAt?.toISOString() ?? null}::timestamptz, now())
      from ${A}
      left join ${C} on ${c.id} = any(${contents}::int[]) and ${c.companyId} = ${a.companyId}
      left join ${UC} on ${uc.accountId} = ${a.id} and ${uc.contentId} = ${c.id}
      where ${a.id} = ${ev.accountId}::int and ${a.companyId} is not null
        -- a course done in a learning path is finalized too: its finish event counts it once
        and not (${ev.kind} = 'item_done' and coalesce(${uc.contentType}, ${c.contentType}) = 'course')
        -- starting or finishing the same item again (undo, redo) is not new learning
        and not (${ev.kind} in ('start', 'finish', 'item_done') and exists (
          select 1 from ${X} where ${x.accountId} = ${a.id} and ${x.contentId} = ${c.id} and ${x.kind} = ${ev.kind}))
      returning ${names(le.id)}`),
  );
  const ids = inserted.map((r) => Number(r.id));
  const completed = (ev.kind === "finish" || ev.kind === "item_done") && content !== null ? await completePlans(tx, ev.accountId, { contentId: content }) : [];
  await toFold(tx, [...ids, ...completed.map((c) => c.id)]);
  return completed.map((c) => c.planId);
}

/** After an item left the person's plans (taken out of one, or deleted): those now done in full are completed (answered). */
export async function recordPlansDone(tx: Executor, accountId: number, planId?: number): Promise<number[]> {
  const completed = await completePlans(tx, accountId, planId === undefined ? "any" : { planId });
  await toFold(
    tx,
    completed.map((c) => c.id),
  );
  return completed.map((c) => c.planId);
}

/**
 * Marks new events for the pre-aggregations: their rows are shared by everyone of the company, so
 * an action does not update them in its own transaction (all of the company's writers would wait on
 * each other there); foldEvents adds them once the action has committed, and before any read.
 */
async function toFold(tx: Executor, ids: number[]): Promise<void> {
  // One array parameter however many there are (an import records thousands).
  if (ids.length) await tx.execute(sql`insert into ${insightUnfolded} select unnest(${`{${ids.join(",")}}`}::bigint[])`);
}

/** One fold at a time: the pre-aggregations are updated by one transaction, never by two at once. */
const FOLD_LOCK = 727_275;

/**
 * Adds the committed events that are waiting to the pre-aggregations, in the caller's transaction,
 * and answers how many. Concurrent folds wait for each other (an advisory lock), so a fold that
 * returns has every event committed before it in the figures.
 */
export async function foldEvents(tx: Tx): Promise<number> {
  await tx.execute(sql`select pg_advisory_xact_lock(${FOLD_LOCK})`);
  const taken = rowsOf(await tx.execute(sql`delete from ${insightUnfolded} returning ${names(insightUnfolded.eventId)}`));
  if (!taken.length) return 0;
  // One array parameter however many there are (an import brings thousands).
  const ids = `{${taken.map((r) => Number(r.event_id)).join(",")}}`;
  await applyRollups(tx, sql`${e.id} = any(${ids}::bigint[])`);
  return taken.length;
}

/** Whether events are waiting to be folded (a read answers at once when none are). */
export async function hasUnfolded(db: Executor): Promise<boolean> {
  const rows = await db.select({ id: insightUnfolded.eventId }).from(insightUnfolded).limit(1);
  return rows.length > 0;
}

/** Everyone assigned a plan (directly or through a team) gets one plan_assigned event, once. */
export async function recordPlanAssigned(tx: Executor, planId: number, actorId: number | null): Promise<void> {
  const rows = rowsOf(
    await tx.execute(sql`
      insert into ${le} (${names(le.companyId, le.teamId, le.accountId, le.actorId, le.kind, le.planId, le.skills)})
      select ${a.companyId}, ${a.teamId}, ${a.id}, ${actorId}::int, 'plan_assigned', ${p.id}, coalesce(${planSkills(sql`${p.id}`)}, '{}'::text[])
      from ${P}
      join ${A} on ${a.companyId} = ${p.companyId} and ${a.status} = 'active'
        and (${a.id} in (select ${pa.accountId} from ${PA} where ${pa.planId} = ${p.id})
             or (${a.teamId} in (select ${pt.teamId} from ${PT} where ${pt.planId} = ${p.id}) and ${notTeamLeader(sql`${a.id}`, sql`${a.teamId}`)}))
      where ${p.id} = ${planId}::int
        and not exists (select 1 from ${X} where ${x.planId} = ${p.id} and ${x.accountId} = ${a.id} and ${x.kind} = 'plan_assigned')
      order by ${a.id}
      returning ${names(le.id)}`),
  );
  await toFold(
    tx,
    rows.map((r) => Number(r.id)),
  );
}

/**
 * Plans the person holds (those holding this content, or this plan, or any) that they have now done in
 * full: one plan_completed each, once. A plan's items are its paths' and the person's own counted
 * towards it, so taking out the one not done yet completes it as finishing it would.
 */
async function completePlans(
  tx: Executor,
  accountId: number,
  of: { contentId: number } | { planId: number } | "any",
): Promise<{ id: number; planId: number }[]> {
  const holding =
    of === "any"
      ? sql`true`
      : "planId" in of
        ? sql`${p.id} = ${of.planId}::int`
        : sql`exists (select 1 from (${planItemsFor(sql`${p.id}`, sql`${a.id}`)}) i where i.content_id = ${of.contentId}::int)`;
  const rows = rowsOf(
    await tx.execute(sql`
      insert into ${le} (${names(le.companyId, le.teamId, le.accountId, le.kind, le.planId, le.skills)})
      select ${a.companyId}, ${a.teamId}, ${a.id}, 'plan_completed', ${p.id}, coalesce(${planSkills(sql`${p.id}`)}, '{}'::text[])
      from ${A}
      join ${P} on ${p.companyId} = ${a.companyId}
      where ${a.id} = ${accountId}::int
        and ${holding}
        -- a plan with nothing in it is not done
        and exists (select 1 from (${planItemsFor(sql`${p.id}`, sql`${a.id}`)}) i)
        and (exists (select 1 from ${PA} where ${pa.planId} = ${p.id} and ${pa.accountId} = ${a.id})
             or exists (select 1 from ${PT} where ${pt.planId} = ${p.id} and ${pt.teamId} = ${a.teamId} and ${notTeamLeader(sql`${a.id}`, sql`${pt.teamId}`)}))
        and not exists (select 1 from ${PA} where ${pa.planId} = ${p.id} and ${pa.accountId} = ${a.id} and ${pa.status} = 'rejected')
        and not exists (select 1 from (${planItemsFor(sql`${p.id}`, sql`${a.id}`)}) i where not ${doneBy(sql`${a.id}`, sql`i.content_id`)})
        and not exists (select 1 from ${X} where ${x.planId} = ${p.id} and ${x.accountId} = ${a.id} and ${x.kind} = 'plan_completed')
      returning ${names(le.id, le.planId)}`),
  );
  return rows.map((r) => ({ id: Number(r.id), planId: Number(r.plan_id) }));
}

const GRAINS = sql`(values ('day'), ('month')) g(grain)`;
const PERIOD = sql`date_trunc(g.grain, ${e.occurredAt} at time zone 'UTC')::date`;
/** Each event counts for its team (0: no team) and for the whole company (-1). */
const TEAM_KEYS = sql`lateral (values (coalesce(${e.teamId}, 0)), (-1)) t(team_key)`;
const [tot, lrn, lp, sk, ct] = [insightTotals, insightLearners, insightLearnerPeriods, insightSkills, insightContents];
/** `column = table.column + excluded.column`, for an upsert that adds to a pre-aggregated row. */
const add = (...columns: PgColumn[]) =>
  sql.join(
    columns.map((column) => sql`${names(column)} = ${column} + excluded.${names(column)}`),
    sql`, `,
  );

/**
 * Adds the events matching `filter` (over learning_events e) to every pre-aggregation. The same
 * statements serve one new event and a full rebuild, so both always agree. Rows are upserted in key
 * order, so concurrent writers take their row locks in the same order.
 */
async function applyRollups(tx: Executor, filter: SQL): Promise<void> {
  await tx.execute(sql`
    insert into ${tot} (${names(tot.companyId, tot.teamKey, tot.grain, tot.period, tot.kind, tot.contentType, tot.n, tot.durationS)})
    select ${e.companyId}, t.team_key, g.grain, ${PERIOD}, ${e.kind}, coalesce(${e.contentType}, ''), count(*)::int, coalesce(sum(${e.durationS}), 0)
    from ${E} cross join ${GRAINS} cross join ${TEAM_KEYS}
    where ${filter}
    group by 1, 2, 3, 4, 5, 6 order by 1, 2, 3, 4, 5, 6
    on conflict (${names(tot.companyId, tot.teamKey, tot.grain, tot.period, tot.kind, tot.contentType)})
    do update set ${add(tot.n, tot.durationS)}`);

  await tx.execute(sql`
    with fresh as (
      insert into ${lp} (${names(lp.companyId, lp.grain, lp.period, lp.accountId, lp.teamKey)})
      select ${e.companyId}, g.grain, ${PERIOD}, ${e.accountId}, (array_agg(coalesce(${e.teamId}, 0) order by ${e.occurredAt}, ${e.id}))[1]
      from ${E} cross join ${GRAINS}
      where ${filter} and ${e.kind} in ${ACTIVE}
      group by 1, 2, 3, 4 order by 1, 2, 3, 4
      on conflict do nothing
      returning ${names(lp.companyId, lp.grain, lp.period, lp.teamKey)})
    insert into ${lrn} (${names(lrn.companyId, lrn.teamKey, lrn.grain, lrn.period, lrn.n)})
    select f.company_id, t.team_key, f.grain, f.period, count(*)::int
    from fresh f cross join lateral (values (f.team_key), (-1)) t(team_key)
    group by 1, 2, 3, 4 order by 1, 2, 3, 4
    on conflict (${names(lrn.companyId, lrn.teamKey, lrn.grain, lrn.period)}) do update set ${add(lrn.n)}`);

  await tx.execute(sql`
    insert into ${sk} (${names(sk.companyId, sk.teamKey, sk.grain, sk.period, sk.skill, sk.activity, sk.completions, sk.durationS)})
    select ${e.companyId}, t.team_key, g.grain, ${PERIOD}, s.skill, count(*)::int,
      (count(*) filter (where ${e.kind} in ${COMPLETES}))::int, coalesce(sum(${e.durationS}) filter (where ${e.kind} in ${COMPLETES}), 0)
    from ${E} cross join ${GRAINS} cross join ${TEAM_KEYS} cross join lateral unnest(${e.skills}) s(skill)
    where ${filter} and ${e.kind} in ${ACTIVE}
    group by 1, 2, 3, 4, 5 order by 1, 2, 3, 4, 5
    on conflict (${names(sk.companyId, sk.teamKey, sk.grain, sk.period, sk.skill)}) do update set ${add(sk.activity, sk.completions, sk.durationS)}`);

  await tx.execute(sql`
    insert into ${ct} (${names(ct.companyId, ct.teamKey, ct.grain, ct.period, ct.contentId, ct.saves, ct.starts, ct.completions, ct.durationS)})
    select ${e.companyId}, t.team_key, g.grain, ${PERIOD}, ${e.contentId},
      (count(*) filter (where ${e.kind} = 'save'))::int, (count(*) filter (where ${e.kind} = 'start'))::int,
      (count(*) filter (where ${e.kind} in ${COMPLETES}))::int, coalesce(sum(${e.durationS}) filter (where ${e.kind} in ${COMPLETES}), 0)
    from ${E} cross join ${GRAINS} cross join ${TEAM_KEYS}
    where ${filter} and ${e.contentId} is not null and ${e.kind} in ('save', 'start', 'finish', 'item_done')
      -- per team by month only: a team's days are few events, read off the events themselves
      and (g.grain = 'month' or t.team_key = -1)
    group by 1, 2, 3, 4, 5 order by 1, 2, 3, 4, 5
    on conflict (${names(ct.companyId, ct.teamKey, ct.grain, ct.period, ct.contentId)}) do update set ${add(ct.saves, ct.starts, ct.completions, ct.durationS)}`);
}

/**
 * Adds all of a company's events to its pre-aggregations (a seeded history), the waiting ones
 * included: they are no longer waiting.
 */
export async function rollUpCompany(tx: Executor, companyId: number): Promise<void> {
  await tx.execute(sql`delete from ${insightUnfolded} using ${E} where ${e.id} = ${insightUnfolded.eventId} and ${e.companyId} = ${companyId}::int`);
  await applyRollups(tx, sql`${e.companyId} = ${companyId}::int`);
}

/** Recomputes a company's pre-aggregations from its events (after a bulk load). */
export async function rebuildRollups(tx: Executor, companyId: number): Promise<void> {
  for (const table of [tot, lrn, lp, sk, ct]) {
    await tx.execute(sql`delete from ${table} where ${table.companyId} = ${companyId}::int`);
  }
  await rollUpCompany(tx, companyId);
}
