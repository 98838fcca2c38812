import { z } from "zod";
import { Id, IdText } from "./common.ts";
import { ContentType } from "./library.ts";

/** PRODUCT.md "Actionable insights" (/dashboard/content). */
export const InsightScope = z.enum(["me", "team", "company"]);
export type InsightScope = z.infer<typeof InsightScope>;
/** spec §3 time filters: all, 30 days, 7 days, 24 hours. */
export const InsightTime = z.enum(["all", "30d", "7d", "24h"]);
export type InsightTime = z.infer<typeof InsightTime>;
/** spec §3: daily or monthly. */
export const InsightBucket = z.enum(["day", "month"]);
export type InsightBucket = z.infer<typeof InsightBucket>;

export const InsightsQuery = z.object({
  scope: InsightScope.optional().describe(
    "me, team or company; defaults to the widest the viewer may see (member: me, team leader: team, L&D leader and hr: company)",
  ),
  team: IdText.optional().describe("With scope=team: which team (L&D leader and hr pick any of the company's; a team leader only their own)"),
  time: InsightTime.default("30d").describe("all, or the last 30 days, 7 days (UTC days, today included) or 24 hours"),
  bucket: InsightBucket.default("day").describe("Series step"),
});
export type InsightsQuery = z.infer<typeof InsightsQuery>;

export const INSIGHT_TABLES = ["series", "top_skills", "top_content", "content_types", "plans", "overdue", "budget", "pending", "certificates"] as const;
export const InsightTable = z.enum(INSIGHT_TABLES);
export type InsightTable = z.infer<typeof InsightTable>;
export const InsightsExportQuery = InsightsQuery.extend({ table: InsightTable.describe("Which table of the dashboard") });

/** What resolves an insight that needs attention: a call to make, or a page to open. */
export const InsightActionKind = z.enum([
  "remind_overdue",
  "open_tasks",
  "review_requests",
  "review_publish",
  "review_people",
  "rebalance_budget",
  "set_budget",
]);
export type InsightActionKind = z.infer<typeof InsightActionKind>;
export const InsightAction = z.object({
  kind: InsightActionKind,
  method: z.enum(["post", "link"]).describe("post: POST /api/b2b/v1/insights/actions/{kind}/; link: open href"),
  href: z.string().nullable().describe("The page that resolves it (links), or where to follow up"),
  enabled: z.boolean().describe("false when there is nothing left to do now (everyone was reminded today)"),
});
export type InsightAction = z.infer<typeof InsightAction>;

const Kpi = z.object({
  value: z.number(),
  previous: z.number().nullable().describe("The same figure over the period before (null for all time)"),
});
const Team = z.object({ id: z.number().int(), name: z.string() });

export const InsightSeriesPoint = z.object({
  period: z.string().describe("First day of the bucket (YYYY-MM-DD, UTC)"),
  active_learners: z.number().int(),
  learning_time_s: z.number().int(),
  completions: z.number().int(),
});
export const InsightSkillRow = z.object({ skill: z.string(), activity: z.number().int(), completions: z.number().int(), learning_time_s: z.number().int() });
export const InsightContentRow = z.object({
  content_id: z.number().int(),
  title: z.string(),
  url: z.string(),
  content_type: ContentType,
  saves: z.number().int(),
  starts: z.number().int(),
  completions: z.number().int(),
  learning_time_s: z.number().int(),
});
export const InsightTypeRow = z.object({
  content_type: ContentType,
  activity: z.number().int(),
  completions: z.number().int(),
  learning_time_s: z.number().int(),
});
export const InsightPlanRow = z.object({
  plan_id: z.number().int(),
  title: z.string(),
  deadline: z.string(),
  assignees: z.number().int(),
  completed: z.number().int(),
  overdue: z.number().int(),
  percent: z.number().int().describe("Average progress of the assignees in scope"),
});
export const InsightOverdueRow = z.object({
  account_id: z.number().int(),
  display_name: z.string(),
  team: Team.nullable(),
  plan_id: z.number().int(),
  plan_title: z.string(),
  deadline: z.string(),
  days_overdue: z.number().int(),
  percent: z.number().int(),
  reminded_at: z.string().nullable().describe("Last reminder mail, if any"),
});
export const InsightBudgetTeam = z.object({
  team: Team,
  allocated_minor: z.number().int(),
  reserved_minor: z.number().int(),
  paid_minor: z.number().int(),
  remaining_minor: z.number().int(),
  used_percent: z.number().int(),
});
export const InsightBudget = z.object({
  budget_id: z.number().int(),
  period: z.enum(["year", "month"]),
  period_start: z.string(),
  period_end: z.string(),
  currency: z.string().length(3),
  amount_minor: z.number().int().describe("The budget (company scope) or the team's allocation (team scope)"),
  allocated_minor: z.number().int(),
  used_minor: z.number().int().describe("Reserved (approved) plus paid"),
  teams: z.array(InsightBudgetTeam),
});
export const InsightPendingKind = z.enum(["purchase_requests", "publish_requests", "invite_requests", "removal_requests", "plan_invitations"]);
export const InsightPendingRow = z.object({ kind: InsightPendingKind, count: z.number().int(), oldest_at: z.string().nullable(), href: z.string() });
export const InsightAttentionKind = z.enum(["overdue_people", "my_overdue_tasks", "pending", "team_near_limit", "no_budget"]);
export const InsightAttention = z.object({
  id: z.string().describe("Stable within a response"),
  kind: InsightAttentionKind,
  severity: z.enum(["error", "warning", "info"]),
  count: z.number().int(),
  params: z.record(z.string(), z.union([z.string(), z.number()])).describe("Values the message shows (team, pending kind, percent)"),
  action: InsightAction,
});
export type InsightAttention = z.infer<typeof InsightAttention>;

export const Insights = z.object({
  scope: InsightScope,
  team: Team.nullable(),
  time: InsightTime,
  bucket: InsightBucket,
  from: z.string().nullable().describe("Start of the window (null for all time)"),
  generated_at: z.string(),
  abilities: z.object({
    scopes: z.array(InsightScope).describe("Scopes the viewer may ask for"),
    teams: z.array(Team).describe("Teams the viewer may pick with scope=team"),
    remind: z.boolean().describe("May send reminders to overdue people in this scope"),
  }),
  kpis: z.object({
    active_learners: Kpi,
    learning_time_s: Kpi,
    completions: Kpi,
    overdue_people: Kpi,
    certificates: Kpi.describe("Certificates of completion issued in the window"),
  }),
  series: z.array(InsightSeriesPoint),
  top_skills: z.array(InsightSkillRow),
  top_content: z.array(InsightContentRow),
  content_types: z.array(InsightTypeRow),
  plans: z.object({ count: z.number().int(), results: z.array(InsightPlanRow) }),
  overdue: z.object({ count: z.number().int(), results: z.array(InsightOverdueRow) }),
  budget: InsightBudget.nullable().describe("Company budget (company scope) or team allocation covering today; null when the viewer does not manage budgets"),
  pending: z.array(InsightPendingRow).describe("Requests waiting on the viewer"),
  attention: z.array(InsightAttention).describe("Insights that need attention, each with the action that resolves it"),
});
export type Insights = z.infer<typeof Insights>;

export const InsightActionParams = z.object({ kind: InsightActionKind });
export const InsightActionRequest = z
  .object({
    scope: InsightScope.optional(),
    team: Id.optional(),
    account_ids: z.array(Id).min(1).max(5000).optional().describe("Only these overdue people (default: everyone overdue in scope)"),
  })
  .strict();
export const InsightActionResult = z.object({
  kind: InsightActionKind,
  href: z.string().nullable().describe("Where to go next (the page for link actions)"),
  reminded: z.number().int().describe("Reminder mails sent"),
  skipped: z.number().int().describe("Overdue people already reminded today"),
});
export type InsightActionResult = z.infer<typeof InsightActionResult>;
