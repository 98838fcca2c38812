import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { AllocateRequest, AuditEntry, AuditQuery, Budget, BudgetsQuery, BudgetUsage, BudgetUsageQuery, CreateBudgetRequest, ErrorBody, IdParam, Paginated, UpdateBudgetRequest } from "@learnward/contracts";
import { authorize, requireCompany } from "../../lib/actor.ts";
import { AppError, forbidden, notFound } from "../../lib/errors.ts";
import { pageParams, toPage } from "../../lib/pagination.ts";
import { snakeKeys } from "../../lib/snake.ts";
import type { IdentityRepo } from "../identity/identity.repo.ts";
import type { PeopleRepo } from "../people/people.repo.ts";
import { budgetingPolicy } from "./budgeting.policy.ts";
import type { BudgetingRepo, BudgetRow } from "./budgeting.repo.ts";

const errors = { 400: ErrorBody, 401: ErrorBody, 403: ErrorBody, 404: ErrorBody, 409: ErrorBody };
export const todayIso = () => new Date().toISOString().slice(0, 10);

/** A year starts on 1 January, a month on its 1st; the period ends on its last day. */
function periodEnd(period: "year" | "month", start: string): string {
  const [y, m, d] = start.split("-").map(Number) as [number, number, number];
  if (d !== 1 || (period === "year" && m !== 1)) throw new AppError("budget_start_invalid", 400, period === "year" ? "A yearly budget starts on 1 January" : "A monthly budget starts on the 1st", { period });
  const end = period === "year" ? new Date(Date.UTC(y, 11, 31)) : new Date(Date.UTC(y, m, 0));
  return end.toISOString().slice(0, 10);
}

function present(b: BudgetRow, allocs: Awaited<ReturnType<BudgetingRepo["allocations"]>>) {
  const mine = allocs.filter((a) => a.a.budgetId === b.id);
  const allocations = mine.map((a) => {
    const reserved = Number(a.reserved);
    const paid = Number(a.paid);
    return { id: a.a.id, team: { id: a.a.teamId, name: a.teamName }, amount_minor: Number(a.a.amountMinor), reserved_minor: reserved, paid_minor: paid, remaining_minor: Number(a.a.amountMinor) - reserved - paid };
  });
  const sum = (k: "amount_minor" | "reserved_minor" | "paid_minor") => allocations.reduce((s, a) => s + a[k], 0);
  return {
    id: b.id,
    period: b.period,
    period_start: b.periodStart,
    period_end: b.periodEnd,
    frequency: b.frequency,
    amount_minor: Number(b.amountMinor),
    currency: b.currency,
    allocated_minor: sum("amount_minor"),
    unallocated_minor: Number(b.amountMinor) - sum("amount_minor"),
    reserved_minor: sum("reserved_minor"),
    paid_minor: sum("paid_minor"),
    allocations,
    created_at: b.createdAt.toISOString(),
  };
}

/** Cumulative committed (approved or paid) and paid money at the end of each month or day, up to today. */
export function usagePoints(b: Pick<BudgetRow, "period" | "periodStart" | "periodEnd">, held: { price: number | bigint | string; decidedAt: Date | null; paidAt: string | null }[], today: string) {
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

/** Company budgets per period and their allocation to teams (L&D leader); team leaders read their team's. */
export const budgetsRoutes: FastifyPluginAsyncZod<{ repo: BudgetingRepo; identity: IdentityRepo; people: PeopleRepo }> = async (app, { repo, identity, people }) => {
  async function loadOne(companyId: number, id: number, teamId?: number) {
    const b = await repo.budget(companyId, id);
    if (!b) throw notFound("Budget");
    return present(b, await repo.allocations([b.id], teamId));
  }

  app.get(
    "/api/b2b/v1/budgets",
    { config: { access: ["ldleader", "teamleader"] }, schema: { tags: ["budgeting"], summary: "Company budgets (a team leader sees their team's allocation only)", querystring: BudgetsQuery, response: { 200: Paginated(Budget), ...errors } } },
    async (req) => {
      const { actor } = req;
      const p = pageParams(req.query, req.query.page_size);
      const { teamId } = budgetingPolicy.budgetScope(actor);
      const { rows, allocs, count } = await repo.budgets(requireCompany(actor), { period: req.query.period, on: req.query.current ? todayIso() : undefined, teamId }, p.limit, p.offset);
      return toPage(req, p, count, rows.map((b) => present(b, allocs)));
    },
  );

  app.post(
    "/api/b2b/v1/budgets",
    { config: { access: ["ldleader"] }, schema: { tags: ["budgeting"], summary: "Set the company budget for a year or a month", body: CreateBudgetRequest, response: { 201: Budget, ...errors } } },
    async (req, reply) => {
      const { actor, companyId } = req;
      const company = (await identity.companyById(companyId))!;
      const b = req.body;
      const row = await repo.createBudget(actor.accountId, { companyId, period: b.period, periodStart: b.period_start, periodEnd: periodEnd(b.period, b.period_start), frequency: b.frequency ?? null, amountMinor: b.amount_minor, currency: company.currency, createdBy: actor.accountId });
      return reply.status(201).send(present(row, []));
    },
  );

  app.get(
    "/api/b2b/v1/budgets/:id",
    { config: { access: ["ldleader", "teamleader"] }, schema: { tags: ["budgeting"], summary: "A budget with its allocations", params: IdParam, response: { 200: Budget, ...errors } } },
    async (req) => {
      const { actor } = req;
      return loadOne(requireCompany(actor), req.params.id, budgetingPolicy.budgetScope(actor).teamId);
    },
  );

  app.patch(
    "/api/b2b/v1/budgets/:id",
    { config: { access: ["ldleader"] }, schema: { tags: ["budgeting"], summary: "Change a budget's amount or recurrence", params: IdParam, body: UpdateBudgetRequest, response: { 200: Budget, ...errors } } },
    async (req) => {
      const { actor, companyId } = req;
      authorize(actor, budgetingPolicy.manageBudgets, null);
      const b = await repo.budget(companyId, req.params.id);
      if (!b) throw notFound("Budget");
      await repo.updateBudget(actor.accountId, b, { amountMinor: req.body.amount_minor, frequency: req.body.frequency });
      return loadOne(companyId, b.id);
    },
  );

  app.get(
    "/api/b2b/v1/budgets/:id/allocations",
    { config: { access: ["ldleader", "teamleader"] }, schema: { tags: ["budgeting"], summary: "A budget's allocations to teams", params: IdParam, response: { 200: Budget.shape.allocations, ...errors } } },
    async (req) => {
      const { actor } = req;
      return (await loadOne(requireCompany(actor), req.params.id, budgetingPolicy.budgetScope(actor).teamId)).allocations;
    },
  );

  app.get(
    "/api/b2b/v1/budgets/:id/usage",
    {
      config: { access: ["ldleader", "teamleader"] },
      schema: { tags: ["budgeting"], summary: "Committed and paid money over the budget's period, for the chart of a team budget", params: IdParam, querystring: BudgetUsageQuery, response: { 200: BudgetUsage, ...errors } },
    },
    async (req) => {
      const { actor, companyId } = req;
      let teamId = req.query.team;
      const scoped = budgetingPolicy.budgetScope(actor).teamId;
      if (scoped !== undefined) {
        if (teamId !== undefined && teamId !== actor.teamId) throw forbidden("You can only see your own team's budget");
        teamId = scoped;
      }
      const b = await repo.budget(companyId, req.params.id);
      if (!b) throw notFound("Budget");
      const [allocs, held] = await Promise.all([repo.allocations([b.id], teamId), repo.heldOver(b.id, teamId)]);
      if (teamId !== undefined && allocs.length === 0 && scoped === undefined && !(await people.team(companyId, teamId))) throw notFound("Team");
      return {
        budget_id: b.id,
        team_id: teamId ?? null,
        step: b.period === "year" ? ("month" as const) : ("day" as const),
        allocated_minor: allocs.reduce((sum, a) => sum + Number(a.a.amountMinor), 0),
        points: usagePoints(b, held, todayIso()),
      };
    },
  );

  app.post(
    "/api/b2b/v1/budgets/:id/allocations",
    { config: { access: ["ldleader"] }, schema: { tags: ["budgeting"], summary: "Set a team's allocation (their sum never exceeds the budget)", params: IdParam, body: AllocateRequest, response: { 200: Budget, ...errors } } },
    async (req) => {
      const { actor, companyId } = req;
      const b = await repo.budget(companyId, req.params.id);
      if (!b) throw notFound("Budget");
      if (!(await people.team(companyId, req.body.team_id))) throw notFound("Team");
      await repo.allocate(actor.accountId, b, req.body.team_id, req.body.amount_minor);
      return loadOne(companyId, b.id);
    },
  );

  app.get(
    "/api/b2b/v1/budget-audit",
    { config: { access: ["ldleader"] }, schema: { tags: ["budgeting"], summary: "Every change to budgets, allocations and purchase requests", querystring: AuditQuery, response: { 200: Paginated(AuditEntry), ...errors } } },
    async (req) => {
      const { actor } = req;
      const p = pageParams(req.query, req.query.page_size);
      const { rows, count } = await repo.audit(requireCompany(actor), { entity: req.query.entity, entityId: req.query.entity_id }, p.limit, p.offset);
      return toPage(
        req,
        p,
        count,
        rows.map((r) => ({
          id: r.e.id,
          actor: r.e.actorId !== null && r.actorName !== null ? { id: r.e.actorId, display_name: r.actorName } : null,
          entity: r.e.entity,
          entity_id: r.e.entityId,
          action: r.e.action,
          before: snakeKeys(r.e.before),
          after: snakeKeys(r.e.after),
          created_at: r.e.createdAt.toISOString(),
        })),
      );
    },
  );
};
