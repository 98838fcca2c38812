import { z } from "zod";
import type { NotificationKind } from "@learnward/contracts";
import type { Db } from "../../db/client.ts";
import type { Clock } from "../../lib/clock.ts";
import type { EventBus } from "../../lib/events.ts";
import type { JobDefinition } from "../../lib/jobs.ts";
import type { Notifier } from "../notifications/index.ts";
import type { ComplianceRepo } from "./compliance.repo.ts";
import type { ComplianceService, StandingRow } from "./compliance.service.ts";
import { dayOf, daysUntil, RENEWAL_WINDOW_DAYS } from "./compliance.status.ts";

const Data = z.object({});

/** Where a reminder leads: My tasks, where the person's required paths are listed with their due dates. */
const MY_TASKS = "/collaborative-network/myTasks";

/** Reminder points, farthest first: a day between two points belongs to the farther (7 days covers 2 to 7). */
const BEFORE_DUE = [7, 1] as const;
const BEFORE_EXPIRY = [RENEWAL_WINDOW_DAYS, 7] as const;
/** The point `days` falls in, or null outside every point (on the day itself, or already past). */
const pointOf = (points: readonly number[], days: number) => {
  if (days < 1) return null;
  let found: number | null = null;
  for (const p of points) if (days <= p) found = p;
  return found;
};

interface Reminder {
  kind: Extract<NotificationKind, "compliance_due_soon" | "certificate_expiring">;
  key: string;
  params: Record<string, string | number>;
}

/**
 * What one person is to be reminded of on `today`: an open cycle 7 days and 1 day before it is due,
 * a completion that recurs 30 and 7 days before it expires (when the next cycle must be done). The
 * key names the requirement, the day and the point, so a point is told once whatever the job's runs,
 * and a changed due date reminds again.
 */
export function reminderFor(s: StandingRow, today: string): Reminder | null {
  const collection = s.collectionTitle;
  if (s.status === "due") {
    const point = pointOf(BEFORE_DUE, daysUntil(today, s.dueOn));
    if (point === null) return null;
    return { kind: "compliance_due_soon", key: `compliance:${s.requirementId}:due:${s.dueOn}:${point}`, params: { collection, due_on: s.dueOn, days: point } };
  }
  if (s.status === "on_time" && s.expiresAt) {
    const expiresOn = dayOf(s.expiresAt);
    const point = pointOf(BEFORE_EXPIRY, daysUntil(today, expiresOn));
    if (point === null) return null;
    return {
      kind: "certificate_expiring",
      key: `compliance:${s.requirementId}:expiry:${expiresOn}:${point}`,
      params: { collection, expires_on: expiresOn, days: point },
    };
  }
  return null;
}

/**
 * Once a day: cycles renew by themselves (a person's standing is read from the date, see
 * compliance.status.ts), so the job only reminds, through the notifications: the bell and a mail in
 * the person's language. A company whose people it reminded anew hears of it too (the event
 * `compliance.reminded`, which its chat channels post), with how many are overdue. One transaction
 * per company.
 */
export function complianceRemindersJob(d: {
  db: Db;
  clock: Clock;
  events: EventBus;
  repo: ComplianceRepo;
  service: ComplianceService;
  notifier: Notifier;
}): JobDefinition<typeof Data> {
  return {
    name: "compliance.reminders",
    data: Data,
    cron: "0 6 * * *",
    retryLimit: 2,
    async run() {
      const today = d.clock.today();
      for (const companyId of await d.repo.companies()) {
        const byKey = new Map<string, { reminder: Reminder; to: number[] }>();
        const overdue = new Set<number>();
        for (const s of await d.service.standings({ companyId })) {
          if (s.status === "overdue") overdue.add(s.accountId);
          const reminder = reminderFor(s, today);
          if (!reminder) continue;
          const group = byKey.get(reminder.key) ?? { reminder, to: [] };
          group.to.push(s.accountId);
          byKey.set(reminder.key, group);
        }
        if (!byKey.size) continue;
        await d.db.transaction(async (tx) => {
          // Reminders given anew, by kind: one given already (by an earlier run today) counts no more.
          const told = { dueSoon: 0, expiring: 0 };
          for (const { reminder, to } of byKey.values()) {
            const ids = await d.notifier.notify(tx, { to, companyId, kind: reminder.kind, params: reminder.params, link: MY_TASKS, key: reminder.key });
            told[reminder.kind === "compliance_due_soon" ? "dueSoon" : "expiring"] += ids.length;
          }
          if (told.dueSoon + told.expiring === 0) return;
          await d.events.emit(tx, "compliance.reminded", { actorId: null, companyId, day: today, ...told, overdue: overdue.size });
        });
      }
    },
  };
}
