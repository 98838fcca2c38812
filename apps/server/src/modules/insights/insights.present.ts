import type { Insights, InsightsQuery } from "@learnward/contracts";
import type { OverdueRow } from "./insights.repo.ts";
import { fillSeries, type Scoped } from "./insights.slice.ts";

/** The answers' shapes of insights: the dashboard (contracts' Insights) and its overdue rows. */

export const presentOverdue = (r: OverdueRow) => ({
  account_id: r.accountId,
  display_name: r.name,
  team: r.team,
  plan_id: r.planId,
  plan_title: r.planTitle,
  deadline: r.deadline,
  days_overdue: r.daysOverdue,
  percent: r.percent,
  reminded_at: r.remindedAt?.toISOString() ?? null,
});

export function presentInsights(x: {
  s: Scoped;
  q: InsightsQuery;
  now: Date;
  from: Date | null;
  abilities: Insights["abilities"];
  kpis: Insights["kpis"];
  series: Parameters<typeof fillSeries<Insights["series"][number]>>[0];
  skills: Insights["top_skills"];
  content: Insights["top_content"];
  types: Insights["content_types"];
  plan: { plans: Insights["plans"]["results"]; overduePairs: number; overdue: OverdueRow[] };
  budget: Insights["budget"];
  pending: Insights["pending"];
  attention: Insights["attention"];
}): Insights {
  return {
    scope: x.s.scope,
    team: x.s.team,
    time: x.q.time,
    bucket: x.q.bucket,
    from: x.from?.toISOString() ?? null,
    generated_at: x.now.toISOString(),
    abilities: x.abilities,
    kpis: x.kpis,
    series: fillSeries(x.series, x.q.bucket, x.from, x.now),
    top_skills: x.skills,
    top_content: x.content,
    content_types: x.types,
    plans: { count: x.plan.plans.length, results: x.plan.plans.slice(0, 50) },
    overdue: { count: x.plan.overduePairs, results: x.plan.overdue.map(presentOverdue) },
    budget: x.budget,
    pending: x.pending,
    attention: x.attention,
  };
}
