import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { Employee, EmployeesQuery, ErrorBody, IdParam, Paginated, UpdateEmployeeRequest } from "@learnward/contracts";
import { authorize } from "../../lib/actor.ts";
import { notFound } from "../../lib/errors.ts";
import { pageParams, toPage } from "../../lib/pagination.ts";
import type { PeopleRepo } from "./people.repo.ts";
import type { PeopleService } from "./people.service.ts";
import { presentEmployee } from "./people.present.ts";
import { peoplePolicy } from "./people.policy.ts";

const errors = { 400: ErrorBody, 401: ErrorBody, 403: ErrorBody, 404: ErrorBody, 409: ErrorBody };

/** The people of my company: hr and the L&D leader see everyone, a team leader their own team. */
export const employeesRoutes: FastifyPluginAsyncZod<{ people: PeopleRepo; service: PeopleService }> = async (app, { people, service }) => {
  app.get(
    "/api/b2b/v1/employees",
    {
      config: { access: ["hr", "ldleader", "teamleader"] },
      schema: {
        tags: ["people"],
        summary: "Employees, searchable and filterable",
        querystring: EmployeesQuery,
        response: { 200: Paginated(Employee), ...errors },
      },
    },
    async (req) => {
      const { actor } = req;
      const q = req.query;
      const all = peoplePolicy.listAllEmployees(actor, null);
      authorize(actor, (a) => all || peoplePolicy.listOwnTeam(a, null), null);
      // A team leader's list is their own team, whatever team filter they send.
      const teamId = all ? q.team : actor.teamId!;
      const p = pageParams(q, q.page_size);
      const { rows, count } = await people.employees({
        companyId: req.companyId,
        teamId,
        role: q.role,
        status: q.status,
        search: q.search,
        ordering: q.ordering,
        sort: q.sort,
        limit: p.limit,
        offset: p.offset,
      });
      return toPage(req, p, count, rows.map(presentEmployee));
    },
  );

  app.get(
    "/api/b2b/v1/employees/:id",
    {
      config: { access: ["hr", "ldleader", "teamleader"] },
      schema: { tags: ["people"], summary: "One employee", params: IdParam, response: { 200: Employee, ...errors } },
    },
    async (req) => {
      const { actor } = req;
      const row = await people.employee(req.companyId, req.params.id);
      if (!row || !(peoplePolicy.listAllEmployees(actor, null) || (actor.teamId !== null && row.teamId === actor.teamId))) throw notFound("Employee");
      return presentEmployee(row);
    },
  );

  app.patch(
    "/api/b2b/v1/employees/:id",
    {
      config: { access: ["hr"] },
      schema: {
        tags: ["people"],
        summary: "Change role, move to a team, or deactivate",
        params: IdParam,
        body: UpdateEmployeeRequest,
        response: { 200: Employee, ...errors },
      },
    },
    async (req) => presentEmployee(await service.updateEmployee(req.actor, req.companyId, req.params.id, req.body)),
  );
};
