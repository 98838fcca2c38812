import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { CreateTeamRequest, Employee, ErrorBody, IdParam, Paginated, Team, TeamMembersQuery, TeamsQuery, UpdateTeamRequest } from "@learnward/contracts";
import { authorize, COMPANY_ROLES } from "../../lib/actor.ts";
import { conflict, notFound } from "../../lib/errors.ts";
import { pageParams, toPage } from "../../lib/pagination.ts";
import type { PeopleRepo } from "./people.repo.ts";
import { presentEmployee, presentTeam } from "./people.present.ts";
import { peoplePolicy } from "./people.policy.ts";

const errors = { 400: ErrorBody, 401: ErrorBody, 403: ErrorBody, 404: ErrorBody, 409: ErrorBody };
/** Teams of my company: hr runs them; everyone may see the teams they are allowed to (people.policy). */
export const teamsRoutes: FastifyPluginAsyncZod<{ people: PeopleRepo }> = async (app, { people }) => {
  async function loadTeam(companyId: number, id: number) {
    const team = await people.team(companyId, id);
    if (!team) throw notFound("Team");
    return team;
  }
  async function checkLeader(companyId: number, leaderId: number | null | undefined) {
    if (leaderId === null || leaderId === undefined) return;
    const leader = await people.employee(companyId, leaderId);
    if (!leader || leader.status !== "active") throw notFound("Leader");
  }

  app.get(
    "/api/b2b/v1/teams",
    { config: { access: COMPANY_ROLES }, schema: { tags: ["people"], summary: "Teams I may see", querystring: TeamsQuery, response: { 200: Paginated(Team), ...errors } } },
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
    async (req, reply) => {
      const { actor, companyId } = req;
      await checkLeader(companyId, req.body.leader_id);
      if (await people.teamByName(companyId, req.body.name)) throw conflict("team_name_taken", "A team with this name already exists");
      const created = await people.createTeam(companyId, req.body.name, actor.accountId);
      if (!created) throw conflict("team_name_taken", "A team with this name already exists");
      if (req.body.leader_id) await people.setLeader(created.id, req.body.leader_id);
      return reply.status(201).send(presentTeam(await loadTeam(companyId, created.id)));
    },
  );

  app.get(
    "/api/b2b/v1/teams/:id",
    { config: { access: COMPANY_ROLES }, schema: { tags: ["people"], summary: "A team", params: IdParam, response: { 200: Team, ...errors } } },
    async (req) => {
      const { actor } = req;
      const team = await loadTeam(req.companyId, req.params.id);
      authorize(actor, peoplePolicy.readTeam, team.team, "not_found");
      return presentTeam(team);
    },
  );

  app.get(
    "/api/b2b/v1/teams/:id/members",
    {
      config: { access: COMPANY_ROLES },
      schema: { tags: ["people"], summary: "A page of a team's active members, by name", params: IdParam, querystring: TeamMembersQuery, response: { 200: Paginated(Employee), ...errors } },
    },
    async (req) => {
      const { actor, companyId } = req;
      const team = await loadTeam(companyId, req.params.id);
      authorize(actor, peoplePolicy.readTeam, team.team, "not_found");
      const p = pageParams(req.query, req.query.page_size);
      const { rows, count } = await people.employees({ companyId, teamId: team.team.id, status: "active", ordering: "name", sort: "asc", limit: p.limit, offset: p.offset });
      return toPage(req, p, count, rows.map(presentEmployee));
    },
  );

  app.patch(
    "/api/b2b/v1/teams/:id",
    {
      config: { access: ["hr"] },
      schema: { tags: ["people"], summary: "Rename a team or set its leader", params: IdParam, body: UpdateTeamRequest, response: { 200: Team, ...errors } },
    },
    async (req) => {
      const { actor, companyId } = req;
      const team = await loadTeam(companyId, req.params.id);
      authorize(actor, peoplePolicy.manageTeams, team.team);
      // The leader named in the body is checked before the rename: a refused call changes nothing.
      await checkLeader(companyId, req.body.leader_id);
      if (req.body.name !== undefined && req.body.name.toLowerCase() !== team.team.name.toLowerCase()) {
        if (await people.teamByName(companyId, req.body.name)) throw conflict("team_name_taken", "A team with this name already exists");
        if (!(await people.renameTeam(team.team.id, req.body.name))) throw conflict("team_name_taken", "A team with this name already exists");
      }
      if (req.body.leader_id !== undefined) {
        await people.setLeader(team.team.id, req.body.leader_id);
      }
      return presentTeam(await loadTeam(companyId, team.team.id));
    },
  );

  app.delete(
    "/api/b2b/v1/teams/:id",
    { config: { access: ["hr"] }, schema: { tags: ["people"], summary: "Delete an empty team", params: IdParam, response: { 204: z.null(), ...errors } } },
    async (req, reply) => {
      const { actor } = req;
      const team = await loadTeam(req.companyId, req.params.id);
      authorize(actor, peoplePolicy.manageTeams, team.team);
      if (!(await people.deleteEmptyTeam(team.team.id))) throw conflict("team_not_empty", "Only an empty team can be deleted: move its people first");
      return reply.status(204).send(null);
    },
  );
};
