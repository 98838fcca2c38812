import type { InsightAttention, Insights, InsightScope, InsightsQuery } from "@learnward/contracts";
import { type Actor, authorize, requireCompany } from "../../lib/actor.ts";
import { AppError, notFound } from "../../lib/errors.ts";
import type { BudgetingService } from "../budgeting/index.ts";
import { allowedScopes, insightsPolicy, LINKS } from "./insights.policy.ts";
import type { InsightsRepo } from "./insights.repo.ts";
import { windowOf } from "./insights.activity.repo.ts";
import { presentInsights } from "./insights.present.ts";
import { isoDay, type Scoped, sliceOf } from "./insights.slice.ts";
import type { Clock } from "../../lib/clock.ts";
import type { Db } from "../../db/client.ts";
import { foldEvents, hasUnfolded } from "./insights.events.repo.ts";

const pct = (done: number, total: number) => (total ? Math.round((done / total) * 100) : 0);

const PENDING_ACTION = {
  purchase_requests: "review_requests",
  publish_requests: "review_publish",
  invite_requests: "review_people",
  removal_requests: "review_people",
  plan_invitations: "open_tasks",
} as const;

/** What insights reads from budgeting, through its service: budgeting alone applies its rules (who decides a request). */
export type BudgetingReads = Pick<BudgetingService, "budgetsOn" | "pendingToDecide">;

export function createInsightsService(d: { db: Db; repo: InsightsRepo; budgeting: BudgetingReads; clock: Clock }) {
  const { repo } = d;

  /**
   * Brings the pre-aggregations up to date with every committed learning event (actions append
   * events and leave the shared rows to this fold): the figures read after it agree with the events.
   */
  async function settle(): Promise<void> {
    if (await hasUnfolded(d.db)) await d.db.transaction(foldEvents);
  }

  async function resolve(actor: Actor, q: { scope?: InsightScope; team?: number }): Promise<Scoped> {
    const companyId = requireCompany(actor);
    const scopes = allowedScopes(actor);
    const scope = q.scope ?? scopes[scopes.length - 1]!;
    authorize(actor, insightsPolicy.scope, scope);
    const teamScope = insightsPolicy.teamScope(actor);
    const companyTeams = teamScope === "none" ? [] : await repo.teams(companyId);
    const teams = typeof teamScope === "object" ? companyTeams.filter((t) => t.id === teamScope.teamId) : companyTeams;
    let team: Scoped["team"] = null;
    if (scope === "team") {
      const teamId = q.team ?? actor.teamId;
      if (teamId === null) throw new AppError("team_not_chosen", 400, "Pick a team", { team: "required" });
      authorize(actor, insightsPolicy.team, teamId);
      team = companyTeams.find((t) => t.id === teamId) ?? null;
      if (!team) throw notFound("Team");
    }
    const people = { teamId: team?.id ?? null, accountId: scope === "me" ? actor.accountId : null };
    return { actor, companyId, scope, team, teams, people };
  }

  /** Plans in scope, with counts and the first `limit` overdue (person, plan) pairs. */
  const plans = (s: Scoped, today: string, limit: number) => repo.planInsights(s.companyId, s.people, today, limit);
  /** Every overdue (person, plan) pair in scope. */
  const overdue = (s: Scoped, today: string) => repo.overdue(s.companyId, s.people, today);

  async function budgetFor(s: Scoped, today: string) {
    if (!insightsPolicy.budget(s.actor, s.scope)) return null;
    const { rows, allocs } = await d.budgeting.budgetsOn(s.companyId, today);
    // The budget a request would be approved against: a monthly one before a yearly one.
    const budget = [...rows].sort((a, b) => (a.period === b.period ? 0 : a.period === "month" ? -1 : 1))[0];
    if (!budget) return null;
    const teams = allocs
      .filter((a) => a.a.budgetId === budget.id && (s.team === null || a.a.teamId === s.team.id))
      .map((a) => {
        const allocated = Number(a.a.amountMinor);
        const reserved = Number(a.reserved);
        const paid = Number(a.paid);
        return {
          team: { id: a.a.teamId, name: a.teamName },
          allocated_minor: allocated,
          reserved_minor: reserved,
          paid_minor: paid,
          remaining_minor: allocated - reserved - paid,
          used_percent: pct(reserved + paid, allocated),
        };
      });
    if (s.team && !teams.length) return null;
    const allocated = teams.reduce((n, t) => n + t.allocated_minor, 0);
    return {
      budget_id: budget.id,
      period: budget.period,
      period_start: budget.periodStart,
      period_end: budget.periodEnd,
      currency: budget.currency,
      amount_minor: s.team ? allocated : Number(budget.amountMinor),
      allocated_minor: allocated,
      used_minor: teams.reduce((n, t) => n + t.reserved_minor + t.paid_minor, 0),
      teams,
    };
  }

  /** Requests waiting on the viewer; `pendingPlans` (their own plans not started yet) counts in their own scope. */
  async function pendingFor(s: Scoped, pendingPlans: number | Promise<number>) {
    // Purchase requests wait on whoever budgeting says decides them: the "to decide" list counts the same.
    const [purchases, counts, plansWaiting] = await Promise.all([
      d.budgeting.pendingToDecide(s.actor),
      repo.pending(s.companyId, insightsPolicy.pendingKinds(s.actor)),
      pendingPlans,
    ]);
    const rows = [...(purchases ? [{ kind: "purchase_requests", ...purchases }] : []), ...counts].map((p) => ({
      kind: p.kind as keyof typeof PENDING_ACTION,
      count: p.count,
      oldest_at: p.oldest?.toISOString() ?? null,
    }));
    // Plans assigned to me that wait for me to start them.
    if (s.scope === "me") rows.push({ kind: "plan_invitations", count: plansWaiting, oldest_at: null });
    return rows.map((r) => {
      const link = PENDING_ACTION[r.kind];
      return { ...r, href: LINKS[link].href(s.actor) };
    });
  }

  return {
    resolve,
    settle,
    plans,
    overdue,
    budget: budgetFor,
    pending: pendingFor,

    async dashboard(actor: Actor, q: InsightsQuery, now = d.clock.now()): Promise<Insights> {
      const [s] = await Promise.all([resolve(actor, q), settle()]);
      const today = isoDay(now);
      const slice = sliceOf(s, q, now);
      const planInsights = plans(s, today, 100);
      const [kpis, series, types, skills, content, plan, budget, pending] = await Promise.all([
        repo.kpis(slice),
        repo.series(slice),
        repo.contentTypes(slice),
        repo.topSkills(slice, 10),
        repo.topContent(slice, 10),
        planInsights,
        budgetFor(s, today),
        pendingFor(
          s,
          planInsights.then((p) => p.pendingPlans),
        ),
      ]);
      const remindable = plan.overduePeople - plan.remindedToday.length;
      const canRemind = insightsPolicy.remind(actor, s.scope);

      const attention: InsightAttention[] = [];
      if (plan.overduePeople && s.scope !== "me") {
        attention.push({
          id: "overdue_people",
          kind: "overdue_people",
          severity: "error",
          count: plan.overduePeople,
          params: { reminded_today: plan.remindedToday.length },
          action: { kind: "remind_overdue", method: "post", href: null, enabled: canRemind && remindable > 0 },
        });
      }
      if (plan.overduePairs && s.scope === "me") {
        attention.push({
          id: "my_overdue_tasks",
          kind: "my_overdue_tasks",
          severity: "error",
          count: plan.overduePairs,
          params: {},
          action: link(actor, "open_tasks"),
        });
      }
      for (const p of pending) {
        if (p.count)
          attention.push({
            id: `pending_${p.kind}`,
            kind: "pending",
            severity: "warning",
            count: p.count,
            params: { pending: p.kind },
            action: link(actor, PENDING_ACTION[p.kind]),
          });
      }
      for (const t of budget?.teams ?? []) {
        if (t.allocated_minor > 0 && t.used_percent >= 90) {
          attention.push({
            id: `team_near_limit_${t.team.id}`,
            kind: "team_near_limit",
            severity: "warning",
            count: 1,
            params: { team: t.team.name, percent: t.used_percent },
            action: link(actor, "rebalance_budget"),
          });
        }
      }
      if (!budget && s.scope === "company" && insightsPolicy.link(actor, "set_budget")) {
        attention.push({ id: "no_budget", kind: "no_budget", severity: "info", count: 1, params: {}, action: link(actor, "set_budget") });
      }

      return presentInsights({
        s,
        q,
        now,
        from: windowOf(q.time, now).from,
        abilities: { scopes: allowedScopes(actor), teams: s.teams, remind: canRemind },
        kpis: { ...kpis, overdue_people: { value: plan.overduePeople, previous: null } },
        series,
        skills,
        content: content as Insights["top_content"],
        types: types as Insights["content_types"],
        plan,
        budget,
        pending,
        attention,
      });
    },
  };

  function link(actor: Actor, kind: keyof typeof LINKS) {
    return { kind, method: "link" as const, href: LINKS[kind].href(actor), enabled: insightsPolicy.link(actor, kind) };
  }
}
export type InsightsService = ReturnType<typeof createInsightsService>;
