import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { CreateTeamRequest, Employee, ErrorBody, IdParam, Paginated, Team, TeamMembersQuery, TeamsQuery, UpdateTeamRequest } from "@learnward/contracts";
import { COMPANY_ROLES } from "../../lib/actor.ts";
import { pageParams, toPage } from "../../lib/pagination.ts";
import type { PeopleRepo } from "./people.repo.ts";
import type { PeopleService } from "./people.service.ts";
import { presentEmployee, presentTeam } from "./people.present.ts";
import { peoplePolicy } from "./people.policy.ts";

const errors = { 400: ErrorBody, 401: ErrorBody, 403: ErrorBody, 404: ErrorBody, 409: ErrorBody };
/** Teams of my company: hr runs them; everyone may see the teams they are allowed to (people.policy). */
export const teamsRoutes: FastifyPluginAsyncZod<{ people: PeopleRepo; service: PeopleService }> = async (app, { people, service }) => {
  app.get(
    "/api/b2b/v1/teams",
    {
      config: { access: COMPANY_ROLES },
      schema: { tags: ["people"], summary: "Teams I may see", querystring: TeamsQuery, response: { 200: Paginated(Team), ...errors } },
    },
    async (req) => {
      const { actor, companyId } = req;
      const all = peoplePolicy.listAllEmployees(actor, null);
      const p = pageParams(req.query, req.query.page_size);
      const { rows, count } = await people.teams(companyId, req.query.search, p.limit, p.offset, all ? undefined : actor.teamId ? [actor.teamId] : []);
      return toPage(req, p, count, rows.map(presentTeam));
    },
  );

  app.post(
    "/api/b2b/v1/teams",
    { config: { access: ["hr"] }, schema: { tags: ["people"], summary: "Create a team", body: CreateTeamRequest, response: { 201: Team, ...errors } } },
    async (req, reply) => reply.status(201).send(presentTeam(await service.createTeam(req.actor, req.companyId, req.body))),
  );

  app.get(
    "/api/b2b/v1/teams/:id",
    { config: { access: COMPANY_ROLES }, schema: { tags: ["people"], summary: "A team", params: IdParam, response: { 200: Team, ...errors } } },
    async (req) => presentTeam(await service.team(req.actor, req.companyId, req.params.id)),
  );

  app.get(
    "/api/b2b/v1/teams/:id/members",
    {
      config: { access: COMPANY_ROLES },
      schema: {
        tags: ["people"],
        summary: "A page of a team's active members, by name",
        params: IdParam,
        querystring: TeamMembersQuery,
        response: { 200: Paginated(Employee), ...errors },
      },
    },
    async (req) => {
      const { companyId } = req;
      const team = await service.team(req.actor, companyId, req.params.id);
      const p = pageParams(req.query, req.query.page_size);
      const { rows, count } = await people.employees({
        companyId,
        teamId: team.team.id,
        status: "active",
        ordering: "name",
        sort: "asc",
        limit: p.limit,
        offset: p.offset,
      });
      return toPage(req, p, count, rows.map(presentEmployee));
    },
  );

  app.patch(
    "/api/b2b/v1/teams/:id",
    {
      config: { access: ["hr"] },
      schema: { tags: ["people"], summary: "Rename a team or set its leader", params: IdParam, body: UpdateTeamRequest, response: { 200: Team, ...errors } },
    },
    async (req) => presentTeam(await service.updateTeam(req.actor, req.companyId, req.params.id, req.body)),
  );

  app.delete(
    "/api/b2b/v1/teams/:id",
    { config: { access: ["hr"] }, schema: { tags: ["people"], summary: "Delete an empty team", params: IdParam, response: { 204: z.null(), ...errors } } },
    async (req, reply) => {
      await service.deleteTeam(req.actor, req.companyId, req.params.id);
      return reply.status(204).send(null);
    },
  );
};
