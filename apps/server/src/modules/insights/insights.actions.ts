import type { InsightActionKind, InsightActionResult, InsightScope } from "@learnward/contracts";
import { type Actor, authorize } from "../../lib/actor.ts";
import { AppError } from "../../lib/errors.ts";
import type { Mailer } from "../../lib/mailer.ts";
import { reminderMail } from "./insights.mail.tsx";
import { insightsPolicy, LINKS } from "./insights.policy.ts";
import type { InsightsRepo } from "./insights.repo.ts";
import type { OverdueRow } from "./insights.repo.ts";
import type { InsightsService } from "./insights.service.ts";
import { isoDay } from "./insights.slice.ts";
import type { Clock } from "../../lib/clock.ts";

export interface ActionInput {
  scope?: InsightScope;
  team?: number;
  account_ids?: number[];
}

/** The actions that resolve insights: reminding overdue people (a mail each), or the page to open. */
export function createInsightActions(d: {
  service: InsightsService;
  repo: InsightsRepo;
  mailer: Mailer;
  clock: Clock;
  publicUrl: string;
  onMailError?: (err: unknown) => void;
}) {
  /**
   * One reminder per overdue person in scope, listing all their overdue plans, at most once per
   * UTC day: the day's row is claimed before the mail goes, so two clicks (or two leaders) send one.
   */
  async function remind(actor: Actor, input: ActionInput, now: Date) {
    const s = await d.service.resolve(actor, input);
    authorize(actor, insightsPolicy.remind, s.scope);
    const wanted = input.account_ids ? new Set(input.account_ids) : null;
    if (wanted) {
      const found = new Map((await d.repo.people(s.companyId, [...wanted])).map((p) => [p.id, p]));
      const unknown = [...wanted].filter((id) => {
        const p = found.get(id);
        return !p || !insightsPolicy.namedPerson(actor, { people: s.people, person: { id, teamId: p.team?.id ?? null } });
      });
      if (unknown.length) throw new AppError("not_found", 404, "Person not found", { account_ids: unknown });
    }
    const today = isoDay(now);
    const byPerson = new Map<number, OverdueRow[]>();
    const remindedToday = new Set<number>();
    for (const r of await d.service.overdue(s, today)) {
      if (wanted && !wanted.has(r.accountId)) continue;
      if (r.remindedToday) remindedToday.add(r.accountId);
      else byPerson.set(r.accountId, [...(byPerson.get(r.accountId) ?? []), r]);
    }
    const already = remindedToday.size;
    const claimed = await d.repo.claimReminders(
      s.companyId,
      actor.accountId,
      today,
      [...byPerson.entries()].map(([accountId, rows]) => ({ accountId, planIds: rows.map((r) => r.planId) })),
    );
    const sender = (await d.repo.people(s.companyId, [actor.accountId]))[0]?.name ?? "";
    let reminded = 0;
    // A few mails at a time: SMTP round trips dominate when hundreds are overdue.
    const queue = [...claimed];
    const worker = async () => {
      for (let accountId = queue.shift(); accountId !== undefined; accountId = queue.shift()) {
        const rows = byPerson.get(accountId)!;
        const person = rows[0]!;
        try {
          await d.mailer.send(await reminderMail({ to: person.email, name: person.name, locale: person.locale, sender, plans: rows, publicUrl: d.publicUrl }));
          reminded++;
        } catch (err) {
          // Not sent: free today's slot so a later click can try again.
          await d.repo.releaseReminder(accountId, today);
          d.onMailError?.(err);
        }
      }
    };
    await Promise.all(Array.from({ length: 4 }, worker));
    if (claimed.length && !reminded) throw new AppError("service_unavailable", 503, "The reminder mails could not be sent; try again later");
    // Skipped: reminded earlier today (or by someone else a moment ago).
    return { reminded, skipped: already + byPerson.size - claimed.length };
  }

  return {
    async run(actor: Actor, kind: InsightActionKind, input: ActionInput, now = d.clock.now()): Promise<InsightActionResult> {
      if (kind === "remind_overdue") return { kind, href: null, ...(await remind(actor, input, now)) };
      authorize(actor, insightsPolicy.link, kind);
      return { kind, href: LINKS[kind].href(actor), reminded: 0, skipped: 0 };
    },
  };
}
export type InsightActions = ReturnType<typeof createInsightActions>;
