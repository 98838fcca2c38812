import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import {
  AllocateRequest,
  AuditEntry,
  AuditQuery,
  Budget,
  BudgetsQuery,
  BudgetUsage,
  BudgetUsageQuery,
  CreateBudgetRequest,
  ErrorBody,
  IdParam,
  Paginated,
  UpdateBudgetRequest,
} from "@learnward/contracts";
import { presentPage } from "../../lib/pagination.ts";
import { presentAuditEntry, presentBudget, presentUsage } from "./budgeting.present.ts";
import type { AllocationView, BudgetRow } from "./budgeting.repo.ts";
import type { BudgetingService } from "./budgeting.service.ts";

const errors = { 400: ErrorBody, 401: ErrorBody, 403: ErrorBody, 404: ErrorBody, 409: ErrorBody };

/** Company budgets per period and their allocation to teams (L&D leader); team leaders read their team's. */
export const budgetsRoutes: FastifyPluginAsyncZod<{ service: BudgetingService }> = async (app, { service }) => {
  const one = ({ b, allocs }: { b: BudgetRow; allocs: AllocationView[] }) => presentBudget(b, allocs);

  app.get(
    "/api/b2b/v1/budgets",
    {
      config: { access: ["ldleader", "teamleader"] },
      schema: {
        tags: ["budgeting"],
        summary: "Company budgets (a team leader sees their team's allocation only)",
        querystring: BudgetsQuery,
        response: { 200: Paginated(Budget), ...errors },
      },
    },
    async (req) =>
      presentPage(
        req,
        (p) => service.budgets(req.actor, req.companyId, req.query, p.limit, p.offset),
        (b, { allocs }) => presentBudget(b, allocs),
      ),
  );

  app.post(
    "/api/b2b/v1/budgets",
    {
      config: { access: ["ldleader"] },
      schema: { tags: ["budgeting"], summary: "Set the company budget for a year or a month", body: CreateBudgetRequest, response: { 201: Budget, ...errors } },
    },
    async (req, reply) => reply.status(201).send(presentBudget(await service.createBudget(req.actor, req.companyId, req.body), [])),
  );

  app.get(
    "/api/b2b/v1/budgets/:id",
    {
      config: { access: ["ldleader", "teamleader"] },
      schema: { tags: ["budgeting"], summary: "A budget with its allocations", params: IdParam, response: { 200: Budget, ...errors } },
    },
    async (req) => one(await service.budget(req.actor, req.companyId, req.params.id)),
  );

  app.patch(
    "/api/b2b/v1/budgets/:id",
    {
      config: { access: ["ldleader"] },
      schema: {
        tags: ["budgeting"],
        summary: "Change a budget's amount or recurrence",
        params: IdParam,
        body: UpdateBudgetRequest,
        response: { 200: Budget, ...errors },
      },
    },
    async (req) =>
      one(await service.updateBudget(req.actor, req.companyId, req.params.id, { amountMinor: req.body.amount_minor, frequency: req.body.frequency })),
  );

  app.get(
    "/api/b2b/v1/budgets/:id/allocations",
    {
      config: { access: ["ldleader", "teamleader"] },
      schema: { tags: ["budgeting"], summary: "A budget's allocations to teams", params: IdParam, response: { 200: Budget.shape.allocations, ...errors } },
    },
    async (req) => one(await service.budget(req.actor, req.companyId, req.params.id)).allocations,
  );

  app.get(
    "/api/b2b/v1/budgets/:id/usage",
    {
      config: { access: ["ldleader", "teamleader"] },
      schema: {
        tags: ["budgeting"],
        summary: "Committed and paid money over the budget's period, for the chart of a team budget",
        params: IdParam,
        querystring: BudgetUsageQuery,
        response: { 200: BudgetUsage, ...errors },
      },
    },
    async (req) => {
      const { b, teamId, allocs, points } = await service.usage(req.actor, req.companyId, req.params.id, req.query.team);
      return presentUsage(b, teamId, allocs, points);
    },
  );

  app.post(
    "/api/b2b/v1/budgets/:id/allocations",
    {
      config: { access: ["ldleader"] },
      schema: {
        tags: ["budgeting"],
        summary: "Set a team's allocation (their sum never exceeds the budget)",
        params: IdParam,
        body: AllocateRequest,
        response: { 200: Budget, ...errors },
      },
    },
    async (req) => one(await service.allocate(req.actor, req.companyId, req.params.id, req.body.team_id, req.body.amount_minor)),
  );

  app.get(
    "/api/b2b/v1/budget-audit",
    {
      config: { access: ["ldleader"] },
      schema: {
        tags: ["budgeting"],
        summary: "Every change to budgets, allocations and purchase requests",
        querystring: AuditQuery,
        response: { 200: Paginated(AuditEntry), ...errors },
      },
    },
    async (req) =>
      presentPage(
        req,
        (p) => service.audit(req.companyId, { entity: req.query.entity, entityId: req.query.entity_id }, p.limit, p.offset),
        (row) => presentAuditEntry(row),
      ),
  );
};
