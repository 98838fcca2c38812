import type { InsightScope, InsightsQuery } from "@learnward/contracts";
import type { Actor } from "../../lib/actor.ts";
import type { Slice } from "./insights.activity.repo.ts";

/**
 * What a dashboard is about and when: the viewer's checked scope, the slice of time its figures
 * cover and the buckets of its series. Shared by the service, its presenter and the CSV export.
 */

export const isoDay = (d: Date) => d.toISOString().slice(0, 10);

/** The viewer's scope, checked: which company, team or person the figures are about. */
export interface Scoped {
  actor: Actor;
  companyId: number;
  scope: InsightScope;
  team: { id: number; name: string } | null;
  teams: { id: number; name: string }[];
  people: { teamId: number | null; accountId: number | null };
}

export const sliceOf = (s: Scoped, q: InsightsQuery, now: Date): Slice => ({
  companyId: s.companyId,
  teamId: s.people.teamId,
  accountId: s.people.accountId,
  time: q.time,
  bucket: q.bucket,
  now,
});

/** Every bucket of the window, empty ones as zeros, so a chart's axis is continuous. */
export function fillSeries<T extends { period: string }>(
  points: T[],
  bucket: "day" | "month",
  from: Date | null,
  now: Date,
): (T | { period: string; active_learners: number; learning_time_s: number; completions: number })[] {
  const start = from ?? (points[0] ? new Date(`${points[0].period}T00:00:00Z`) : null);
  if (!start) return [];
  const byPeriod = new Map(points.map((p) => [p.period, p]));
  const out = [];
  const cursor = new Date(Date.UTC(start.getUTCFullYear(), start.getUTCMonth(), bucket === "day" ? start.getUTCDate() : 1));
  // Guard against absurd ranges (years of daily buckets are still fine: a few thousand points).
  for (let i = 0; cursor.getTime() <= now.getTime() && i < 5000; i++) {
    const period = isoDay(cursor);
    out.push(byPeriod.get(period) ?? { period, active_learners: 0, learning_time_s: 0, completions: 0 });
    if (bucket === "day") cursor.setUTCDate(cursor.getUTCDate() + 1);
    else cursor.setUTCMonth(cursor.getUTCMonth() + 1);
  }
  return out;
}
