import type { InsightsQuery, InsightTable } from "@learnward/contracts";
import type { Actor } from "../../lib/actor.ts";
import { toCsv } from "../../lib/csv.ts";
import type { InsightsRepo } from "./insights.repo.ts";
import { windowOf } from "./insights.activity.repo.ts";
import type { InsightsService } from "./insights.service.ts";
import { fillSeries, isoDay, sliceOf } from "./insights.slice.ts";
import type { Clock } from "../../lib/clock.ts";
import { certificateStatus } from "../certificates/index.ts";

const EVERY = 100_000;
const hours = (s: number) => (s / 3600).toFixed(2);
function major(minor: number, currency: string) {
  let digits = 2;
  try {
    digits = new Intl.NumberFormat("en", { style: "currency", currency }).resolvedOptions().maximumFractionDigits ?? 2;
  } catch {
    // unknown currency code: keep two decimals
  }
  return (minor / 10 ** digits).toFixed(digits);
}

/** Each table of the dashboard in full, as CSV (headers always; cells that look like formulas escaped, lib/csv.ts). */
export async function insightsCsv(
  d: { service: InsightsService; repo: InsightsRepo; clock: Clock },
  actor: Actor,
  q: InsightsQuery & { table: InsightTable },
  now = d.clock.now(),
) {
  const [s] = await Promise.all([d.service.resolve(actor, q), d.service.settle()]);
  const slice = sliceOf(s, q, now);
  const { fields, data } = await rowsOf();
  const csv = toCsv(fields, data);
  const who = s.scope === "team" && s.team ? `team-${s.team.id}` : s.scope;
  return { csv, filename: `insights-${q.table.replace(/_/g, "-")}-${who}-${q.time}-${isoDay(now)}.csv` };

  async function rowsOf(): Promise<{ fields: string[]; data: Record<string, string | number>[] }> {
    switch (q.table) {
      case "series": {
        const points = fillSeries(await d.repo.series(slice), q.bucket, windowOf(q.time, now).from, now);
        return {
          fields: ["period", "active_learners", "learning_time_hours", "completions"],
          data: points.map((p) => ({
            period: p.period,
            active_learners: p.active_learners,
            learning_time_hours: hours(p.learning_time_s),
            completions: p.completions,
          })),
        };
      }
      case "top_skills":
        return {
          fields: ["skill", "activity", "completions", "learning_time_hours"],
          data: (await d.repo.topSkills(slice, EVERY)).map((r) => ({ ...r, learning_time_hours: hours(r.learning_time_s) })),
        };
      case "top_content":
        return {
          fields: ["title", "url", "content_type", "saves", "starts", "completions", "learning_time_hours"],
          data: (await d.repo.topContent(slice, EVERY)).map((r) => ({ ...r, learning_time_hours: hours(r.learning_time_s) })),
        };
      case "content_types":
        return {
          fields: ["content_type", "activity", "completions", "learning_time_hours"],
          data: (await d.repo.contentTypes(slice)).map((r) => ({ ...r, learning_time_hours: hours(r.learning_time_s) })),
        };
      case "plans":
        return {
          fields: ["title", "deadline", "assignees", "completed", "overdue", "percent"],
          data: (await d.service.plans(s, isoDay(now), 0)).plans,
        };
      case "overdue": {
        const rows = await d.service.overdue(s, isoDay(now));
        return {
          fields: ["name", "email", "team", "plan", "deadline", "days_overdue", "percent", "reminded_at"],
          data: rows.map((r) => ({
            name: r.name,
            email: r.email,
            team: r.team?.name ?? "",
            plan: r.planTitle,
            deadline: r.deadline,
            days_overdue: r.daysOverdue,
            percent: r.percent,
            reminded_at: r.remindedAt?.toISOString() ?? "",
          })),
        };
      }
      case "budget": {
        const b = await d.service.budget(s, isoDay(now));
        return {
          fields: ["period_start", "period_end", "team", "currency", "allocated", "reserved", "paid", "remaining", "used_percent"],
          data: (b?.teams ?? []).map((t) => ({
            period_start: b!.period_start,
            period_end: b!.period_end,
            team: t.team.name,
            currency: b!.currency,
            allocated: major(t.allocated_minor, b!.currency),
            reserved: major(t.reserved_minor, b!.currency),
            paid: major(t.paid_minor, b!.currency),
            remaining: major(t.remaining_minor, b!.currency),
            used_percent: t.used_percent,
          })),
        };
      }
      case "certificates":
        return {
          fields: ["code", "issued_at", "name", "team", "kind", "title", "skills", "completed_at", "status", "expires_at", "revoked_at", "revoke_reason"],
          data: (await d.repo.certificatesIssued(slice)).map(({ c, team }) => ({
            code: c.code,
            issued_at: c.createdAt.toISOString(),
            name: c.recipientName,
            team: team ?? "",
            kind: c.kind,
            title: c.title,
            skills: c.skills.join("; "),
            completed_at: c.completedAt.toISOString(),
            status: certificateStatus(c, now),
            expires_at: c.expiresAt?.toISOString() ?? "",
            revoked_at: c.revokedAt?.toISOString() ?? "",
            revoke_reason: c.revokeReason ?? "",
          })),
        };
      case "pending": {
        // Plans waiting on the viewer only count in their own scope.
        const rows = await d.service.pending(s, s.scope === "me" ? (await d.service.plans(s, isoDay(now), 0)).pendingPlans : 0);
        return { fields: ["kind", "count", "oldest_at"], data: rows.map((r) => ({ kind: r.kind, count: r.count, oldest_at: r.oldest_at ?? "" })) };
      }
    }
  }
}
