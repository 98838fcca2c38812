import { z } from "zod";
import type { Db } from "../../db/client.ts";
import type { Clock } from "../../lib/clock.ts";
import type { JobDefinition } from "../../lib/jobs.ts";
import type { Notifier } from "../notifications/index.ts";
import type { DueReminder, RemindersRepo } from "./reminders.repo.ts";

const Data = z.object({});

/** Where a person's reminder leads: their plans (My tasks); a leader's, the team's progress page. */
const MY_TASKS = "/collaborative-network/myTasks";
const teamPage = (teamId: number) => `/peopleManagement/team/${teamId}`;

/**
 * Deadline reminders and overdue escalation, every 15 minutes: each person with an
 * unfinished plan is told 7 days before its deadline, the day before, and once it is overdue; 3
 * days after it, their team leader is told. The notifications' keys make each point happen once per
 * person however often the job runs, on however many processes at once (the key is unique per
 * person, so a second writer's insert is dropped, and with it its mail).
 */
export function planRemindersJob(d: { db: Db; clock: Clock; repo: RemindersRepo; notifier: Notifier }): JobDefinition<typeof Data> {
  return {
    name: "network.plan_reminders",
    data: Data,
    cron: "*/15 * * * *",
    retryLimit: 2,
    async run() {
      const byPlan = new Map<number, DueReminder[]>();
      for (const r of await d.repo.due(d.clock.today())) byPlan.set(r.planId, [...(byPlan.get(r.planId) ?? []), r]);
      // One transaction per plan: its reminders are written together, and a failing plan keeps no others back.
      for (const rows of byPlan.values()) {
        const plan = rows[0]!;
        await d.db.transaction(async (tx) => {
          const byKey = new Map<string, DueReminder[]>();
          for (const r of rows) if (r.personKey) byKey.set(r.personKey, [...(byKey.get(r.personKey) ?? []), r]);
          for (const [key, told] of byKey) {
            await d.notifier.notify(tx, {
              to: told.map((r) => r.accountId),
              companyId: plan.companyId,
              kind: told[0]!.kind,
              params: { plan: plan.title, due_on: plan.deadline },
              link: MY_TASKS,
              key,
            });
          }
          for (const r of rows) {
            if (!r.leader) continue;
            await d.notifier.notify(tx, {
              to: [r.leader.accountId],
              companyId: plan.companyId,
              kind: "plan_overdue_in_team",
              params: { plan: plan.title, person: r.name, due_on: plan.deadline },
              link: teamPage(r.leader.teamId),
              key: r.leader.key,
            });
          }
        });
      }
    },
  };
}
