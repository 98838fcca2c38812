import { sql, type SQL } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { doneBy } from "../network/done.scope.ts";
import { notTeamLeader } from "../network/plans.scope.ts";
import type { LearningEventKind } from "../../db/schema/insights.ts";

type Tx = Parameters<Parameters<Db["transaction"]>[0]>[0];
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
  collectionId?: number | null;
  planId?: number | null;
  requestId?: number | null;
  outcome?: string | null;
  durationS?: number | null;
  skills?: readonly string[];
  occurredAt?: Date;
}

const rowsOf = (result: unknown) => (result as { rows: Record<string, unknown>[] }).rows;
const textArray = (values: readonly string[]) =>
  values.length
    ? sql`array[${sql.join(
        values.map((v) => sql`${v}`),
        sql`, `,
      )}]::text[]`
    : sql`'{}'::text[]`;
const planSkills = (planId: SQL) => sql`(select array_agg(distinct pc.skill order by pc.skill) from plan_collections pc where pc.plan_id = ${planId})`;

/**
 * Records one learning event in the caller's transaction and keeps the pre-aggregations in step.
 * Company and team (at the time) come from the account; type, skills and duration from the catalog
 * row (the person's own copy wins for duration and type). Finishing an item may complete plans.
 */
export async function recordEvent(tx: Executor, e: LearningEvent): Promise<void> {
  const skills = [...new Set((e.skills ?? []).map((s) => s.trim().toLowerCase()).filter(Boolean))];
  const content = e.contentId ?? null;
  const collection = e.collectionId ?? null;
  const plan = e.planId ?? null;
  const inserted = rowsOf(
    await tx.execute(sql`
      insert into learning_events (company_id, team_id, account_id, actor_id, kind, content_id, content_type, collection_id, plan_id, request_id, skills, duration_s, outcome, occurred_at)
      select a.company_id, a.team_id, a.id, ${e.actorId ?? null}::int, ${e.kind}, c.id, coalesce(uc.content_type, c.content_type), ${collection}::int, ${plan}::int, ${e.requestId ?? null}::int,
        coalesce(
          nullif(${textArray(skills)}, '{}'::text[]),
          nullif(c.skills, '{}'::text[]),
          (select nullif(col.skills, '{}'::text[]) from collections col where col.id = ${collection}::int and col.company_id = a.company_id),
          ${planSkills(sql`${plan}::int`)},
          '{}'::text[]),
        case when ${e.kind} in ('finish', 'item_done') then coalesce(${e.durationS ?? null}::int, uc.duration_s, c.duration_s) end,
        ${e.outcome ?? null}::text,
        coalesce(${e.occurredAt?.toISOString() ?? null}::timestamptz, now())
      from accounts a
      left join content_items c on c.id = ${content}::int and c.company_id = a.company_id
      left join user_contents uc on uc.account_id = a.id and uc.content_id = c.id
      where a.id = ${e.accountId}::int and a.company_id is not null
        -- a course done in a learning path is finalized too: its finish event counts it once
        and not (${e.kind} = 'item_done' and coalesce(uc.content_type, c.content_type) = 'course')
        -- starting or finishing the same item again (undo, redo) is not new learning
        and not (${e.kind} in ('start', 'finish', 'item_done') and exists (
          select 1 from learning_events x where x.account_id = a.id and x.content_id = c.id and x.kind = ${e.kind}))
      returning id`),
  );
  const ids = inserted.map((r) => Number(r.id));
  if ((e.kind === "finish" || e.kind === "item_done") && content !== null) {
    ids.push(...(await completePlans(tx, e.accountId, content)));
  }
  if (ids.length)
    await applyRollups(
      tx,
      sql`e.id in (${sql.join(
        ids.map((id) => sql`${id}`),
        sql`, `,
      )})`,
    );
}

/** Everyone assigned a plan (directly or through a team) gets one plan_assigned event, once. */
export async function recordPlanAssigned(tx: Executor, planId: number, actorId: number | null): Promise<void> {
  const rows = rowsOf(
    await tx.execute(sql`
      insert into learning_events (company_id, team_id, account_id, actor_id, kind, plan_id, skills)
      select a.company_id, a.team_id, a.id, ${actorId}::int, 'plan_assigned', p.id, coalesce(${planSkills(sql`p.id`)}, '{}'::text[])
      from upskilling_plans p
      join accounts a on a.company_id = p.company_id and a.status = 'active'
        and (a.id in (select pa.account_id from plan_assignees pa where pa.plan_id = p.id)
             or (a.team_id in (select pt.team_id from plan_teams pt where pt.plan_id = p.id) and ${notTeamLeader(sql`a.id`, sql`a.team_id`)}))
      where p.id = ${planId}::int
        and not exists (select 1 from learning_events x where x.plan_id = p.id and x.account_id = a.id and x.kind = 'plan_assigned')
      order by a.id
      returning id`),
  );
  if (rows.length)
    await applyRollups(
      tx,
      sql`e.id in (${sql.join(
        rows.map((r) => sql`${Number(r.id)}`),
        sql`, `,
      )})`,
    );
}

/** Plans holding this content that the person has now done in full: one plan_completed each, once. */
async function completePlans(tx: Executor, accountId: number, contentId: number): Promise<number[]> {
  const rows = rowsOf(
    await tx.execute(sql`
      insert into learning_events (company_id, team_id, account_id, kind, plan_id, skills)
      select a.company_id, a.team_id, a.id, 'plan_completed', p.id, coalesce(${planSkills(sql`p.id`)}, '{}'::text[])
      from accounts a
      join upskilling_plans p on p.company_id = a.company_id
      where a.id = ${accountId}::int
        and exists (select 1 from plan_collections pc join collection_items ci on ci.collection_id = pc.collection_id where pc.plan_id = p.id and ci.content_id = ${contentId}::int)
        and (exists (select 1 from plan_assignees pa where pa.plan_id = p.id and pa.account_id = a.id)
             or exists (select 1 from plan_teams pt where pt.plan_id = p.id and pt.team_id = a.team_id and ${notTeamLeader(sql`a.id`, sql`pt.team_id`)}))
        and not exists (select 1 from plan_assignees pa where pa.plan_id = p.id and pa.account_id = a.id and pa.status = 'rejected')
        and not exists (select 1 from plan_collections pc join collection_items ci on ci.collection_id = pc.collection_id where pc.plan_id = p.id and not ${doneBy(sql`a.id`, sql`ci.content_id`)})
        and not exists (select 1 from learning_events x where x.plan_id = p.id and x.account_id = a.id and x.kind = 'plan_completed')
      returning id`),
  );
  return rows.map((r) => Number(r.id));
}

const GRAINS = sql`(values ('day'), ('month')) g(grain)`;
const PERIOD = sql`date_trunc(g.grain, e.occurred_at at time zone 'UTC')::date`;
/** Each event counts for its team (0: no team) and for the whole company (-1). */
const TEAM_KEYS = sql`lateral (values (coalesce(e.team_id, 0)), (-1)) t(team_key)`;

/**
 * Adds the events matching `filter` (over learning_events e) to every pre-aggregation. The same
 * statements serve one new event and a full rebuild, so both always agree. Rows are upserted in key
 * order, so concurrent writers take their row locks in the same order.
 */
export async function applyRollups(tx: Executor, filter: SQL): Promise<void> {
  await tx.execute(sql`
    insert into insight_totals (company_id, team_key, grain, period, kind, content_type, n, duration_s)
    select e.company_id, t.team_key, g.grain, ${PERIOD}, e.kind, coalesce(e.content_type, ''), count(*)::int, coalesce(sum(e.duration_s), 0)
    from learning_events e cross join ${GRAINS} cross join ${TEAM_KEYS}
    where ${filter}
    group by 1, 2, 3, 4, 5, 6 order by 1, 2, 3, 4, 5, 6
    on conflict (company_id, team_key, grain, period, kind, content_type)
    do update set n = insight_totals.n + excluded.n, duration_s = insight_totals.duration_s + excluded.duration_s`);

  await tx.execute(sql`
    with fresh as (
      insert into insight_learner_periods (company_id, grain, period, account_id, team_key)
      select e.company_id, g.grain, ${PERIOD}, e.account_id, (array_agg(coalesce(e.team_id, 0) order by e.occurred_at, e.id))[1]
      from learning_events e cross join ${GRAINS}
      where ${filter} and e.kind in ${ACTIVE}
      group by 1, 2, 3, 4 order by 1, 2, 3, 4
      on conflict do nothing
      returning company_id, grain, period, team_key)
    insert into insight_learners (company_id, team_key, grain, period, n)
    select f.company_id, t.team_key, f.grain, f.period, count(*)::int
    from fresh f cross join lateral (values (f.team_key), (-1)) t(team_key)
    group by 1, 2, 3, 4 order by 1, 2, 3, 4
    on conflict (company_id, team_key, grain, period) do update set n = insight_learners.n + excluded.n`);

  await tx.execute(sql`
    insert into insight_skills (company_id, team_key, grain, period, skill, activity, completions, duration_s)
    select e.company_id, t.team_key, g.grain, ${PERIOD}, s.skill, count(*)::int,
      (count(*) filter (where e.kind in ${COMPLETES}))::int, coalesce(sum(e.duration_s) filter (where e.kind in ${COMPLETES}), 0)
    from learning_events e cross join ${GRAINS} cross join ${TEAM_KEYS} cross join lateral unnest(e.skills) s(skill)
    where ${filter} and e.kind in ${ACTIVE}
    group by 1, 2, 3, 4, 5 order by 1, 2, 3, 4, 5
    on conflict (company_id, team_key, grain, period, skill) do update set activity = insight_skills.activity + excluded.activity,
      completions = insight_skills.completions + excluded.completions, duration_s = insight_skills.duration_s + excluded.duration_s`);

  await tx.execute(sql`
    insert into insight_contents (company_id, team_key, grain, period, content_id, saves, starts, completions, duration_s)
    select e.company_id, t.team_key, g.grain, ${PERIOD}, e.content_id,
      (count(*) filter (where e.kind = 'save'))::int, (count(*) filter (where e.kind = 'start'))::int,
      (count(*) filter (where e.kind in ${COMPLETES}))::int, coalesce(sum(e.duration_s) filter (where e.kind in ${COMPLETES}), 0)
    from learning_events e cross join ${GRAINS} cross join ${TEAM_KEYS}
    where ${filter} and e.content_id is not null and e.kind in ('save', 'start', 'finish', 'item_done')
      -- per team by month only: a team's days are few events, read from learning_events itself
      and (g.grain = 'month' or t.team_key = -1)
    group by 1, 2, 3, 4, 5 order by 1, 2, 3, 4, 5
    on conflict (company_id, team_key, grain, period, content_id) do update set saves = insight_contents.saves + excluded.saves,
      starts = insight_contents.starts + excluded.starts, completions = insight_contents.completions + excluded.completions,
      duration_s = insight_contents.duration_s + excluded.duration_s`);
}

/** Recomputes a company's pre-aggregations from its events (after a bulk load). */
export async function rebuildRollups(tx: Executor, companyId: number): Promise<void> {
  for (const table of ["insight_totals", "insight_learners", "insight_learner_periods", "insight_skills", "insight_contents"]) {
    await tx.execute(sql`delete from ${sql.identifier(table)} where company_id = ${companyId}::int`);
  }
  await applyRollups(tx, sql`e.company_id = ${companyId}::int`);
}
