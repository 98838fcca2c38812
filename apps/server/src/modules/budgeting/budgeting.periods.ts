import { AppError } from "../../lib/errors.ts";
import type { BudgetRow } from "./budgeting.repo.ts";

// Budget periods as dates: where one ends, what a list's period filter starts from, and the usage
// chart's points. Plain arithmetic on ISO days, kept apart from the service's units of work.

/** A year starts on 1 January, a month on its 1st; the period ends on its last day. */
export function periodEnd(period: "year" | "month", start: string): string {
  const [y, m, d] = start.split("-").map(Number) as [number, number, number];
  if (d !== 1 || (period === "year" && m !== 1))
    throw new AppError("budget_start_invalid", 400, period === "year" ? "A yearly budget starts on 1 January" : "A monthly budget starts on the 1st", {
      period,
    });
  const end = period === "year" ? new Date(Date.UTC(y, 11, 31)) : new Date(Date.UTC(y, m, 0));
  return end.toISOString().slice(0, 10);
}

/** Cumulative committed (approved or paid) and paid money at the end of each month or day, up to today. */
export function usagePoints(
  b: Pick<BudgetRow, "period" | "periodStart" | "periodEnd">,
  held: { price: number | bigint | string; decidedAt: Date | null; paidAt: string | null }[],
  today: string,
) {
  const steps: { start: string; end: string }[] = [];
  const [y, m] = b.periodStart.split("-").map(Number) as [number, number];
  const last = today < b.periodEnd ? today : b.periodEnd;
  if (b.period === "year") {
    for (let month = 0; month < 12; month++) {
      const start = new Date(Date.UTC(y, month, 1)).toISOString().slice(0, 10);
      if (start > last) break;
      steps.push({ start, end: new Date(Date.UTC(y, month + 1, 0)).toISOString().slice(0, 10) });
    }
  } else {
    for (let day = 1; ; day++) {
      const date = new Date(Date.UTC(y, m - 1, day)).toISOString().slice(0, 10);
      if (date > last || date > b.periodEnd) break;
      steps.push({ start: date, end: date });
    }
  }
  const items = held.map((h) => ({ price: Number(h.price), decided: h.decidedAt ? h.decidedAt.toISOString().slice(0, 10) : null, paid: h.paidAt }));
  return steps.map((step) => ({
    ...step,
    committed_minor: items.reduce((sum, i) => (i.decided !== null && i.decided <= step.end ? sum + i.price : sum), 0),
    paid_minor: items.reduce((sum, i) => (i.paid !== null && i.paid <= step.end ? sum + i.price : sum), 0),
  }));
}

/** "period" filters: requests made in the current year or month (as of `now`). */
export const since = (period: "year" | "month" | undefined, now: Date) => {
  if (!period) return undefined;
  return new Date(Date.UTC(now.getUTCFullYear(), period === "year" ? 0 : now.getUTCMonth(), 1));
};
