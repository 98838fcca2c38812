import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import {
  AddAssigneesRequest,
  CreatePlanRequest,
  ErrorBody,
  IdParam,
  MyTask,
  MyTasksQuery,
  Paginated,
  Plan,
  PlanAssignee,
  PlanAssigneesQuery,
  PlansQuery,
  TeamProgressPage,
  TeamProgressQuery,
  UpdatePlanRequest,
} from "@learnward/contracts";
import { authorize, COMPANY_ROLES } from "../../lib/actor.ts";
import { forbidden, notFound } from "../../lib/errors.ts";
import { pageParams, toPage } from "../../lib/pagination.ts";
import { networkPolicy, PLANNERS } from "./network.policy.ts";
import type { PlansRepo } from "./plans.repo.ts";
import type { PeopleRepo } from "../people/index.ts";
import type { PlansService } from "./plans.service.ts";

const errors = { 400: ErrorBody, 401: ErrorBody, 403: ErrorBody, 404: ErrorBody, 409: ErrorBody };

/** Upskilling plans (spec §3): the L&D leader assigns to anyone, a team leader to their own team. */
export const plansRoutes: FastifyPluginAsyncZod<{ plans: PlansRepo; people: PeopleRepo; service: PlansService }> = async (app, { plans, people, service }) => {
  // A plan's skills are keys of its body (spec §3) and people's words: "__proto__" is one like any
  // other here. JSON.parse makes it a plain own key; the contract (userKeyed) keeps it without a
  // prototype. Everywhere else the server's default refuses such bodies.
  app.removeContentTypeParser("application/json");
  app.addContentTypeParser("application/json", { parseAs: "string" }, app.getDefaultJsonParser("ignore", "error"));

  async function present(rows: Awaited<ReturnType<PlansRepo["byIds"]>>) {
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
    {
      config: { access: PLANNERS },
      schema: { tags: ["network"], summary: "Upskilling plans I may see", querystring: PlansQuery, response: { 200: Paginated(Plan), ...errors } },
    },
    async (req) => {
      const { actor } = req;
      const p = pageParams(req.query, req.query.page_size);
      const { rows, count } = await plans.list(req.companyId, networkPolicy.planScope(actor), req.query.team, p.limit, p.offset);
      return toPage(req, p, count, await present(rows));
    },
  );

  app.post(
    "/api/b2b/v1/plans",
    {
      config: { access: PLANNERS },
      schema: { tags: ["network"], summary: "Assign an upskilling plan to people and/or teams", body: CreatePlanRequest, response: { 201: Plan, ...errors } },
    },
    async (req, reply) => {
      const plan = await service.create(req.actor, req.body);
      return reply.status(201).send((await present([plan]))[0]!);
    },
  );

  app.get(
    "/api/b2b/v1/plans/:id",
    { config: { access: PLANNERS }, schema: { tags: ["network"], summary: "A plan", params: IdParam, response: { 200: Plan, ...errors } } },
    async (req) => (await present([await service.load(req.actor, req.params.id)]))[0]!,
  );

  app.patch(
    "/api/b2b/v1/plans/:id",
    {
      config: { access: PLANNERS },
      schema: {
        tags: ["network"],
        summary: "Rename a plan, move its deadline or replace its skills",
        params: IdParam,
        body: UpdatePlanRequest,
        response: { 200: Plan, ...errors },
      },
    },
    async (req) => {
      const { actor } = req;
      const plan = await service.load(actor, req.params.id);
      authorize(actor, networkPolicy.editPlan, plan);
      await service.update(actor, plan, req.body);
      return (await present([(await plans.get(plan.companyId, plan.id))!]))[0]!;
    },
  );

  app.delete(
    "/api/b2b/v1/plans/:id",
    { config: { access: PLANNERS }, schema: { tags: ["network"], summary: "Delete a plan", params: IdParam, response: { 204: z.null(), ...errors } } },
    async (req, reply) => {
      const { actor } = req;
      const plan = await service.load(actor, req.params.id);
      authorize(actor, networkPolicy.editPlan, plan);
      await service.remove(actor, plan);
      return reply.status(204).send(null);
    },
  );

  app.get(
    "/api/b2b/v1/plans/:id/assignees",
    {
      config: { access: PLANNERS },
      schema: {
        tags: ["network"],
        summary: "Assignees with status, progress per skill and overdue flag, by name",
        params: IdParam,
        querystring: PlanAssigneesQuery,
        response: { 200: Paginated(PlanAssignee), ...errors },
      },
    },
    async (req) => {
      const { actor } = req;
      const plan = await service.load(actor, req.params.id);
      let team = req.query.team;
      // A team leader sees the progress of their own team's people only, unless the plan is theirs.
      if (!networkPolicy.readAllProgress(actor, plan)) {
        if (team !== undefined && team !== actor.teamId) throw forbidden("You can only see your own team's progress");
        team = actor.teamId ?? -1;
      }
      const p = pageParams(req.query, req.query.page_size);
      const { count, results } = await service.assigneesPage(plan, team, p.limit, p.offset);
      return toPage(req, p, count, results);
    },
  );

  app.post(
    "/api/b2b/v1/plans/:id/assignees",
    {
      config: { access: PLANNERS },
      schema: {
        tags: ["network"],
        summary: "Assign the plan to more people or teams; answers the plan with its counts",
        params: IdParam,
        body: AddAssigneesRequest,
        response: { 200: Plan, ...errors },
      },
    },
    async (req) => {
      const { actor } = req;
      const plan = await service.load(actor, req.params.id);
      await service.addAssignees(actor, plan, req.body);
      return (await present([plan]))[0]!;
    },
  );

  app.get(
    "/api/b2b/v1/teams/:id/progress",
    {
      config: { access: PLANNERS },
      schema: {
        tags: ["network"],
        summary: "A page of a team's active members (by name) with the plans each holds and their progress, and the skills of those plans",
        params: IdParam,
        querystring: TeamProgressQuery,
        response: { 200: TeamProgressPage, ...errors },
      },
    },
    async (req) => {
      const { actor, companyId } = req;
      const team = await people.team(companyId, req.params.id);
      if (!team) throw notFound("Team");
      authorize(actor, networkPolicy.readTeamProgress, team.team, "not_found");
      const p = pageParams(req.query, req.query.page_size);
      const [members, skills] = await Promise.all([
        people.employees({ companyId, teamId: team.team.id, status: "active", ordering: "name", sort: "asc", limit: p.limit, offset: p.offset }),
        plans.skillsOfTeam(team.team.id),
      ]);
      const plansOf = await service.plansOf(members.rows.map((m) => m.id));
      const rows = members.rows.map((m) => ({
        account: { id: m.id, display_name: m.name, email: m.email },
        plans: plansOf(m.id).map((x) => ({
          plan: { id: x.plan.id, title: x.plan.title, deadline: x.plan.deadline },
          status: x.status,
          overdue: x.overdue,
          progress: x.progress,
          skills: x.skills,
        })),
      }));
      return { ...toPage(req, p, members.count, rows), skills };
    },
  );

  /** The plans one person holds, with their status and progress on each. */
  const heldBy = async (accountId: number) => (await service.plansOf([accountId]))(accountId);
  /** A plan held, as a task of mine: the plan, my status, overdue flag and progress. */
  const asTask = ({ plan, status, overdue, progress }: Awaited<ReturnType<typeof heldBy>>[number]) => ({ plan, status, overdue, progress });

  app.get(
    "/api/b2b/v1/my-tasks",
    {
      config: { access: COMPANY_ROLES },
      schema: {
        tags: ["network"],
        summary: "My upskilling plans with status, deadline and progress",
        querystring: MyTasksQuery,
        response: { 200: Paginated(MyTask), ...errors },
      },
    },
    async (req) => {
      const { actor } = req;
      const tasks = (await heldBy(actor.accountId)).map(asTask).filter((t) => req.query.status === "all" || t.status === req.query.status);
      const p = pageParams(req.query, req.query.page_size);
      return toPage(req, p, tasks.length, tasks.slice(p.offset, p.offset + p.limit));
    },
  );

  for (const verb of ["accept", "reject"] as const) {
    app.post(
      `/api/b2b/v1/my-tasks/:id/${verb}`,
      {
        config: { access: COMPANY_ROLES },
        schema: {
          tags: ["network"],
          summary: verb === "accept" ? "Start a plan assigned to me" : "Decline a plan assigned to me",
          params: IdParam,
          response: { 200: MyTask, ...errors },
        },
      },
      async (req) => {
        const { actor } = req;
        const thisPlan = (held: { plan: { id: number } }) => held.plan.id === req.params.id;
        const held = (await heldBy(actor.accountId)).find(thisPlan);
        if (!held) throw notFound("Task");
        await service.respond(actor.accountId, req.params.id, verb === "accept" ? "active" : "rejected", !held.via_team);
        return asTask((await heldBy(actor.accountId)).find(thisPlan)!);
      },
    );
  }
};
