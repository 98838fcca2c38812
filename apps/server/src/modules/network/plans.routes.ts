import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { AddAssigneesRequest, CreatePlanRequest, ErrorBody, IdParam, MyTask, MyTasksQuery, Paginated, Plan, PlanAssignee, PlansQuery, UpdatePlanRequest } from "@learnward/contracts";
import { authorize, COMPANY_ROLES, requireActor, requireCompany } from "../../lib/actor.ts";
import { notFound } from "../../lib/errors.ts";
import { pageParams, toPage } from "../../lib/pagination.ts";
import { networkPolicy, PLANNERS } from "./network.policy.ts";
import type { PlansRepo } from "./plans.repo.ts";
import { isOverdue, type PlansService } from "./plans.service.ts";

const errors = { 400: ErrorBody, 401: ErrorBody, 403: ErrorBody, 404: ErrorBody, 409: ErrorBody };

/** Upskilling plans (spec §3): the L&D leader assigns to anyone, a team leader to their own team. */
export const plansRoutes: FastifyPluginAsyncZod<{ plans: PlansRepo; service: PlansService }> = async (app, { plans, service }) => {
  async function present(rows: Awaited<ReturnType<PlansRepo["myPlans"]>>) {
    const e = await service.evaluate(rows);
    return rows.map((p) => {
      const assignees = e.presentAssignees(p);
      return {
        ...e.presentPlan(p),
        assignees_count: assignees.length,
        completed_count: assignees.filter((a) => a.status === "completed").length,
        overdue_count: assignees.filter((a) => a.overdue).length,
      };
    });
  }

  app.get(
    "/api/b2b/v1/plans",
    { config: { access: PLANNERS }, schema: { tags: ["network"], summary: "Upskilling plans I may see", querystring: PlansQuery, response: { 200: Paginated(Plan), ...errors } } },
    async (req) => {
      const actor = requireActor(req.actor);
      const p = pageParams(req.query, req.query.page_size);
      const { rows, count } = await plans.list(requireCompany(actor), { all: actor.role === "ldleader", accountId: actor.accountId, teamId: actor.teamId }, req.query.team, p.limit, p.offset);
      return toPage(req, p, count, await present(rows));
    },
  );

  app.post(
    "/api/b2b/v1/plans",
    { config: { access: PLANNERS }, schema: { tags: ["network"], summary: "Assign an upskilling plan to people and/or teams", body: CreatePlanRequest, response: { 201: Plan, ...errors } } },
    async (req, reply) => {
      const plan = await service.create(requireActor(req.actor), req.body);
      return reply.status(201).send((await present([plan]))[0]!);
    },
  );

  app.get(
    "/api/b2b/v1/plans/:id",
    { config: { access: PLANNERS }, schema: { tags: ["network"], summary: "A plan", params: IdParam, response: { 200: Plan, ...errors } } },
    async (req) => (await present([await service.load(requireActor(req.actor), req.params.id)]))[0]!,
  );

  app.patch(
    "/api/b2b/v1/plans/:id",
    { config: { access: PLANNERS }, schema: { tags: ["network"], summary: "Rename a plan or move its deadline", params: IdParam, body: UpdatePlanRequest, response: { 200: Plan, ...errors } } },
    async (req) => {
      const actor = requireActor(req.actor);
      const plan = await service.load(actor, req.params.id);
      authorize(actor, networkPolicy.editPlan, plan);
      await plans.update(plan.id, req.body);
      return (await present([(await plans.get(plan.companyId, plan.id))!]))[0]!;
    },
  );

  app.delete(
    "/api/b2b/v1/plans/:id",
    { config: { access: PLANNERS }, schema: { tags: ["network"], summary: "Delete a plan", params: IdParam, response: { 204: z.null(), ...errors } } },
    async (req, reply) => {
      const actor = requireActor(req.actor);
      const plan = await service.load(actor, req.params.id);
      authorize(actor, networkPolicy.editPlan, plan);
      await plans.remove(plan.id);
      return reply.status(204).send(null);
    },
  );

  app.get(
    "/api/b2b/v1/plans/:id/assignees",
    { config: { access: PLANNERS }, schema: { tags: ["network"], summary: "Assignees with status, progress per skill and overdue flag", params: IdParam, response: { 200: z.array(PlanAssignee), ...errors } } },
    async (req) => {
      const actor = requireActor(req.actor);
      const plan = await service.load(actor, req.params.id);
      const all = (await service.evaluate([plan])).presentAssignees(plan);
      // A team leader sees the progress of their own team's people only.
      return actor.role === "ldleader" || plan.createdBy === actor.accountId ? all : all.filter((a) => a.account.team?.id === actor.teamId);
    },
  );

  app.post(
    "/api/b2b/v1/plans/:id/assignees",
    { config: { access: PLANNERS }, schema: { tags: ["network"], summary: "Assign the plan to more people or teams", params: IdParam, body: AddAssigneesRequest, response: { 200: z.array(PlanAssignee), ...errors } } },
    async (req) => {
      const actor = requireActor(req.actor);
      const plan = await service.load(actor, req.params.id);
      await service.addAssignees(actor, plan, req.body);
      return (await service.evaluate([plan])).presentAssignees(plan);
    },
  );

  app.get(
    "/api/b2b/v1/my-tasks",
    { config: { access: COMPANY_ROLES }, schema: { tags: ["network"], summary: "My upskilling plans with status, deadline and progress", querystring: MyTasksQuery, response: { 200: Paginated(MyTask), ...errors } } },
    async (req) => {
      const actor = requireActor(req.actor);
      const rows = await plans.myPlans(actor.accountId, actor.teamId);
      const e = await service.evaluate(rows);
      const tasks = rows
        .map((p) => {
          const me = e.presentAssignees(p).find((a) => a.account.id === actor.accountId);
          const status = me?.status ?? "pending";
          return { plan: e.presentPlan(p), status, overdue: isOverdue(p.deadline, status), progress: me?.progress ?? { done: 0, total: 0, percent: 0 } };
        })
        .filter((t) => req.query.status === "all" || t.status === req.query.status);
      const p = pageParams(req.query, req.query.page_size);
      return toPage(req, p, tasks.length, tasks.slice(p.offset, p.offset + p.limit));
    },
  );

  for (const verb of ["accept", "reject"] as const) {
    app.post(
      `/api/b2b/v1/my-tasks/:id/${verb}`,
      { config: { access: COMPANY_ROLES }, schema: { tags: ["network"], summary: verb === "accept" ? "Start a plan assigned to me" : "Decline a plan assigned to me", params: IdParam, response: { 200: MyTask, ...errors } } },
      async (req) => {
        const actor = requireActor(req.actor);
        const rows = (await plans.myPlans(actor.accountId, actor.teamId)).filter((p) => p.id === req.params.id);
        if (!rows.length) throw notFound("Task");
        const e = await service.evaluate(rows);
        const me = e.assignees.find((a) => a.accountId === actor.accountId && a.planId === req.params.id);
        await plans.setStatus(req.params.id, actor.accountId, verb === "accept" ? "active" : "rejected", me?.direct ?? false);
        const after = await service.evaluate(rows);
        const mine = after.presentAssignees(rows[0]!).find((a) => a.account.id === actor.accountId)!;
        return { plan: after.presentPlan(rows[0]!), status: mine.status, overdue: mine.overdue, progress: mine.progress };
      },
    );
  }
};
