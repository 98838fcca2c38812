import ical, { ICalAlarmType } from "ical-generator";
import type { CalendarFeed, Locale } from "@learnward/contracts";
import type { Db } from "../../db/client.ts";
import { type Actor, authorize } from "../../lib/actor.ts";
import type { ComplianceService } from "../compliance/index.ts";
import type { PlansRepo } from "../network/index.ts";
import { calendarPolicy } from "./calendar.policy.ts";
import { type CalendarRepo, newSecret } from "./calendar.repo.ts";

/** Where a person follows their plans in the app (My tasks lists every plan they hold). */
const PLANS_PATH = "/collaborative-network/myTasks";
/** The reminder rings at 9:00 the day before the deadline (all-day events start at midnight). */
const REMIND_SECONDS_BEFORE = 15 * 60 * 60;

/** The feed's own words, in its owner's language; plan titles stay as their authors wrote them. */
const WORDS: Record<Locale, { name: string; description: (link: string) => string; required: (link: string) => string; alarm: (title: string) => string }> = {
  en: {
    name: "Learnward deadlines",
    description: (link) => `Deadline of this upskilling plan. See your progress in Learnward: ${link}`,
    required: (link) => `This learning path is required of you by this day. See it in Learnward: ${link}`,
    alarm: (title) => `Due tomorrow: ${title}`,
  },
  es: {
    name: "Plazos de Learnward",
    description: (link) => `Fecha límite de este plan de formación. Mira tu progreso en Learnward: ${link}`,
    required: (link) => `Debes completar esta ruta de aprendizaje antes de este día. Mírala en Learnward: ${link}`,
    alarm: (title) => `Vence mañana: ${title}`,
  },
};

const nextDay = (date: string) => {
  const d = new Date(`${date}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + 1);
  return d.toISOString().slice(0, 10);
};

export function createCalendarService(d: { db: Db; repo: CalendarRepo; plans: PlansRepo; compliance: Pick<ComplianceService, "openOf">; publicUrl: string }) {
  const present = (feed: { secret: string; createdAt: Date }): CalendarFeed => ({
    url: `${d.publicUrl}/api/calendar/${feed.secret}.ics`,
    created_at: feed.createdAt.toISOString(),
  });
  const uidHost = new URL(d.publicUrl).hostname;

  return {
    /** My feed's URL, made on first ask. */
    async feedOf(actor: Actor) {
      const feed = await d.repo.ensure(actor.accountId);
      authorize(actor, calendarPolicy.manageFeed, feed);
      return present(feed);
    },

    /**
     * Replaces my feed's secret: calendars subscribed to the old URL stop getting answers. Recorded in
     * the audit trail (without the secret), as changes to other sign-in credentials are.
     */
    async rotate(actor: Actor) {
      authorize(actor, calendarPolicy.manageFeed, { accountId: actor.accountId });
      const { accountId, companyId } = actor;
      const secret = newSecret();
      const feed = await d.db.transaction(async (tx) => {
        const feed = await d.repo.saveSecret(tx, accountId, secret);
        await d.repo.recordAudit(tx, { actorId: accountId, companyId, entity: "calendar_feed", entityId: accountId, action: "rotate" });
        return feed;
      });
      return present(feed);
    },

    /** The iCalendar text of the feed a secret opens, or null when it opens none (unknown, or its owner can't sign in). */
    async ics(secret: string): Promise<string | null> {
      const owner = await d.repo.ownerOf(secret);
      if (!owner || !calendarPolicy.feedAnswers(owner)) return null;
      // Every plan the person holds, directly or through their team, but those they turned down.
      const held = (await d.plans.assignmentsOf([owner.accountId])).filter((a) => a.status !== "rejected");
      const plans = await d.plans.byIds([...new Set(held.map((a) => a.planId))]);
      const words = WORDS[owner.locale];
      const link = `${d.publicUrl}${PLANS_PATH}`;
      const calendar = ical({ name: words.name, prodId: { company: "Learnward", product: "Learnward", language: owner.locale.toUpperCase() }, ttl: 60 * 60 });
      for (const plan of plans) {
        const event = calendar.createEvent({
          // One per plan and person: a calendar app updates the event when the deadline moves.
          id: `plan-${plan.id}-account-${owner.accountId}@${uidHost}`,
          allDay: true,
          start: plan.deadline,
          end: nextDay(plan.deadline),
          summary: plan.title,
          description: words.description(link),
          url: link,
          stamp: plan.updatedAt,
          lastModified: plan.updatedAt,
        });
        event.createAlarm({ type: ICalAlarmType.display, trigger: REMIND_SECONDS_BEFORE, description: words.alarm(plan.title) });
      }
      // The learning paths required of the person and not done yet, on the day each is due.
      for (const path of owner.companyId === null ? [] : await d.compliance.openOf(owner.companyId, owner.accountId)) {
        const event = calendar.createEvent({
          // One per requirement and person: the event moves with the due day.
          id: `compliance-${path.requirementId}-account-${owner.accountId}@${uidHost}`,
          allDay: true,
          start: path.dueOn,
          end: nextDay(path.dueOn),
          summary: path.title,
          description: words.required(link),
          url: link,
        });
        event.createAlarm({ type: ICalAlarmType.display, trigger: REMIND_SECONDS_BEFORE, description: words.alarm(path.title) });
      }
      return calendar.toString();
    },
  };
}
export type CalendarService = ReturnType<typeof createCalendarService>;
