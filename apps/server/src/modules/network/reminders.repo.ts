import { sql } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { accounts, authUsers, notifications, planAssignees, teams, upskillingPlans } from "../../db/schema/index.ts";
import { aliased } from "../../db/sql.ts";
import { doneBy } from "./done.scope.ts";
import { holderAliases, holders } from "./plans.repo.ts";
import { planItemsFor } from "./plans.scope.ts";

const [P, p] = aliased(upskillingPlans, "rp");
const [A, a] = aliased(accounts, "ra");
const [U, u] = aliased(authUsers, "ru");
const [T, t] = aliased(teams, "rt");
const [S, s] = aliased(planAssignees, "rs");
const [N, n] = aliased(notifications, "rn");
const ACTIVE = sql.raw(`'${"active" satisfies (typeof accounts.$inferSelect)["status"]}'`);
const REJECTED = sql.raw(`'${"rejected" satisfies (typeof planAssignees.$inferSelect)["status"]}'`);

export type ReminderKind = "plan_due_soon" | "plan_due_tomorrow" | "plan_overdue";

/** One person's unfinished plan at a reminder point, and who is still to be told of it. */
export interface DueReminder {
  planId: number;
  companyId: number;
  title: string;
  deadline: string;
  accountId: number;
  name: string;
  kind: ReminderKind;
  /** The notification key of this person, plan, deadline and point; null once they were told. */
  personKey: string | null;
  /** Their team leader, when the plan is 3 days overdue and the leader is still to be told. */
  leader: { accountId: number; teamId: number; key: string } | null;
}

export function createRemindersRepo(db: Db) {
  return {
    /**
     * Every (person, plan) at a reminder point on `today` that someone is still to be told about.
     * Points: 7 to 2 days before the deadline (due soon), the day before (due tomorrow),
     * after it (overdue, up to 30 days), and from 3 days after it their team leader; none on the deadline day itself
     * ("tomorrow" has passed, and it is not overdue yet). Only the point a day falls in
     * counts, so a plan assigned late gets its most recent point and none before it. Holders as the
     * plans count them (plans.repo.ts), active, not having declined it, and not finished (done.scope.ts:
     * every item of the plan done). Keys carry the deadline: a moved deadline reminds again.
     */
    async due(today: string): Promise<DueReminder[]> {
      const day = sql`${today}::date`;
      const { pa, pt } = holderAliases;
      // Plans due within a week, or overdue for at most 30 days: older ones are not news any more
      // (and the first run after an upgrade must not remind everyone of every old plan).
      const soon = sql`(select ${p.id} from ${P} where ${p.deadline} between ${day} - 30 and ${day} + 7)`;
      const base = sql`'plan:' || c.plan_id || ':' || c.deadline || ':'`;
      const result = (await db.execute(sql`
        select x.* from (
          select k.*,
            not exists (select 1 from ${N} where ${n.accountId} = k.account_id and ${n.key} = k.person_key) as tell_person,
            k.leader_key is not null and not exists (select 1 from ${N} where ${n.accountId} = k.leader_id and ${n.key} = k.leader_key) as tell_leader
          from (
            select c.*, ${base} || c.kind as person_key,
              case when c.days <= -3 and c.leader_id is not null and c.leader_id <> c.account_id
                then ${base} || 'plan_overdue_in_team:' || c.account_id end as leader_key
            from (
              select h.plan_id, ${p.companyId} as company_id, ${p.title} as title, ${p.deadline}::text as deadline, h.account_id,
                ${u.name} as name, ${t.id} as team_id, ${t.leaderAccountId} as leader_id, ${p.deadline} - ${day} as days,
                case when ${p.deadline} - ${day} between 2 and 7 then 'plan_due_soon'
                     when ${p.deadline} - ${day} = 1 then 'plan_due_tomorrow'
                     else 'plan_overdue' end as kind
              from (${holders(sql`${pa.planId} in ${soon}`, sql`${pt.planId} in ${soon}`)}) h
              join ${P} on ${p.id} = h.plan_id
              join ${A} on ${a.id} = h.account_id and ${a.status} = ${ACTIVE}
              join ${U} on ${u.id} = ${a.uid}
              left join ${T} on ${t.id} = ${a.teamId}
              left join ${S} on ${s.planId} = h.plan_id and ${s.accountId} = h.account_id
              where ${p.deadline} <> ${day} and coalesce(${s.status}, 'pending') <> ${REJECTED}
            ) c
          ) k
        ) x
        where (x.tell_person or x.tell_leader)
          and not (
            exists (${planItemsFor(sql`x.plan_id`, sql`x.account_id`)})
            and not exists (
              select 1 from (${planItemsFor(sql`x.plan_id`, sql`x.account_id`)}) i where not ${doneBy(sql`x.account_id`, sql`i.content_id`)}))
        order by x.plan_id, x.account_id`)) as { rows: Record<string, unknown>[] };
      return result.rows.map((r) => ({
        planId: Number(r.plan_id),
        companyId: Number(r.company_id),
        title: String(r.title),
        deadline: String(r.deadline),
        accountId: Number(r.account_id),
        name: String(r.name),
        kind: String(r.kind) as ReminderKind,
        personKey: r.tell_person ? String(r.person_key) : null,
        leader: r.tell_leader ? { accountId: Number(r.leader_id), teamId: Number(r.team_id), key: String(r.leader_key) } : null,
      }));
    },
  };
}
export type RemindersRepo = ReturnType<typeof createRemindersRepo>;
