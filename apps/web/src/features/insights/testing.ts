import type { Insights } from "@learnward/contracts";

// Test fixtures of the insights dashboard, shaped as the server answers (packages/contracts).

const kpi = (value: number, previous: number | null = null) => ({ value, previous });
/** The L&D leader's company-wide dashboard, as the server answers it. */
export const companyInsights: Insights = {
  scope: "company",
  team: null,
  time: "30d",
  bucket: "day",
  from: "2026-10-24T00:00:00.000Z",
  generated_at: "2026-11-22T10:00:00.000Z",
  abilities: {
    scopes: ["me", "team", "company"],
    teams: [
      { id: 7, name: "Engineering" },
      { id: 8, name: "Marketing" },
    ],
    remind: true,
  },
  kpis: { active_learners: kpi(1234, 1000), learning_time_s: kpi(5400, 5400), completions: kpi(43, 45), overdue_people: kpi(2), certificates: kpi(4, 1) },
  series: [
    { period: "2026-11-21", active_learners: 3, learning_time_s: 7200, completions: 2 },
    { period: "2026-11-22", active_learners: 1, learning_time_s: 0, completions: 0 },
  ],
  top_skills: [{ skill: "sql", activity: 17, completions: 7, learning_time_s: 178_260 }],
  top_content: [
    {
      content_id: 5,
      title: "SQL for analysts",
      url: "https://www.udemy.com/course/sql/",
      content_type: "course",
      saves: 4,
      starts: 4,
      completions: 3,
      learning_time_s: 43_200,
    },
  ],
  content_types: [
    { content_type: "course", activity: 30, completions: 10, learning_time_s: 360_000 },
    { content_type: "article", activity: 10, completions: 8, learning_time_s: 7_200 },
  ],
  plans: { count: 1, results: [{ plan_id: 3, title: "SQL plan", deadline: "2024-01-31", assignees: 2, completed: 0, overdue: 2, percent: 25 }] },
  overdue: {
    count: 2,
    results: [
      {
        account_id: 11,
        display_name: "Marco Bianchi",
        team: { id: 7, name: "Engineering" },
        plan_id: 3,
        plan_title: "SQL plan",
        deadline: "2024-01-31",
        days_overdue: 1026,
        percent: 50,
        reminded_at: null,
      },
      {
        account_id: 12,
        display_name: "Tessa Lind",
        team: { id: 7, name: "Engineering" },
        plan_id: 3,
        plan_title: "SQL plan",
        deadline: "2024-01-31",
        days_overdue: 1026,
        percent: 0,
        reminded_at: new Date().toISOString(),
      },
    ],
  },
  budget: {
    budget_id: 1,
    period: "year",
    period_start: "2026-01-01",
    period_end: "2026-12-31",
    currency: "USD",
    amount_minor: 500_000,
    allocated_minor: 100_000,
    used_minor: 95_000,
    teams: [
      { team: { id: 7, name: "Engineering" }, allocated_minor: 100_000, reserved_minor: 95_000, paid_minor: 0, remaining_minor: 5_000, used_percent: 95 },
    ],
  },
  pending: [{ kind: "purchase_requests", count: 3, oldest_at: "2026-11-20T10:00:00.000Z", href: "/budgetingPlan/purchaseRequest" }],
  attention: [
    {
      id: "overdue_people",
      kind: "overdue_people",
      severity: "error",
      count: 2,
      params: { reminded_today: 1 },
      action: { kind: "remind_overdue", method: "post", href: null, enabled: true },
    },
    {
      id: "pending_purchase_requests",
      kind: "pending",
      severity: "warning",
      count: 3,
      params: { pending: "purchase_requests" },
      action: { kind: "review_requests", method: "link", href: "/budgetingPlan/purchaseRequest", enabled: true },
    },
    {
      id: "team_near_limit_7",
      kind: "team_near_limit",
      severity: "warning",
      count: 1,
      params: { team: "Engineering", percent: 95 },
      action: { kind: "rebalance_budget", method: "link", href: "/budgetingPlan/companyBudget", enabled: true },
    },
  ],
};
