import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import {
  ComplianceByTeamResponse,
  ComplianceRequirement,
  ComplianceRequirementPage,
  CreateComplianceRequirementRequest,
  ErrorBody,
  IdParam,
  ComplianceAssignment,
  MyComplianceResponse,
  PageQuery,
  UpdateComplianceRequirementRequest,
} from "@learnward/contracts";
import type { Clock } from "../../lib/clock.ts";
import { pageParams, toPage } from "../../lib/pagination.ts";
import { complianceCsv } from "./compliance.csv.ts";
import { compliancePolicy } from "./compliance.policy.ts";
import type { ComplianceService } from "./compliance.service.ts";

const errors = { 400: ErrorBody, 401: ErrorBody, 403: ErrorBody, 404: ErrorBody };
const tags = ["compliance"];
const BASE = "/api/b2b/v1/compliance-requirements";

/** Required learning paths: the L&D leader's requirements, a person's own, and the company's standing for hr and the L&D leader. */
export const complianceRoutes: FastifyPluginAsyncZod<{ service: ComplianceService; clock: Clock }> = async (app, { service, clock }) => {
  const managers = { access: compliancePolicy.managers };
  const readers = { access: compliancePolicy.readers };

  app.get(
    BASE,
    {
      config: readers,
      schema: { tags, summary: "The company's required learning paths", querystring: PageQuery, response: { 200: ComplianceRequirementPage, ...errors } },
    },
    async (req) => {
      const p = pageParams(req.query, 20);
      const { count, results } = await service.list(req.actor, req.companyId, p);
      return toPage(req, p, count, results);
    },
  );

  app.post(
    BASE,
    {
      config: managers,
      schema: {
        tags,
        summary: "Require a published learning path of teams and/or roles, within a number of days, once or every N months",
        body: CreateComplianceRequirementRequest,
        response: { 201: ComplianceRequirement, 409: ErrorBody, ...errors },
      },
    },
    async (req, reply) => reply.status(201).send(await service.create(req.actor, req.companyId, req.body)),
  );

  app.get(
    `${BASE}/:id`,
    { config: readers, schema: { tags, summary: "One required learning path", params: IdParam, response: { 200: ComplianceRequirement, ...errors } } },
    async (req) => service.get(req.actor, req.params.id),
  );

  app.patch(
    `${BASE}/:id`,
    {
      config: managers,
      schema: {
        tags,
        summary: "Change who a path is required of, its due window or its recurrence",
        params: IdParam,
        body: UpdateComplianceRequirementRequest,
        response: { 200: ComplianceRequirement, ...errors },
      },
    },
    async (req) => service.update(req.actor, req.params.id, req.body),
  );

  app.delete(
    `${BASE}/:id`,
    { config: managers, schema: { tags, summary: "Stop requiring the path", params: IdParam, response: { 204: z.null(), ...errors } } },
    async (req, reply) => {
      await service.remove(req.actor, req.params.id);
      return reply.status(204).send(null);
    },
  );

  app.get(
    "/api/b2b/v1/my-compliance",
    {
      config: { access: compliancePolicy.callers },
      schema: { tags, summary: "The learning paths required of me, with their due dates and my standing", response: { 200: MyComplianceResponse, ...errors } },
    },
    async (req) => ({ results: await service.mine(req.actor, req.companyId) }),
  );

  app.post(
    "/api/b2b/v1/my-compliance/:id/start-again",
    {
      config: { access: compliancePolicy.callers },
      schema: {
        tags,
        summary: "Start a required path of mine again for its next cycle, once my completion has expired or expires within 30 days: its items are to do again",
        params: IdParam,
        response: { 200: ComplianceAssignment, 409: ErrorBody, ...errors },
      },
    },
    async (req) => service.startAgain(req.actor, req.companyId, req.params.id),
  );

  app.get(
    "/api/b2b/v1/insights/compliance",
    {
      config: readers,
      schema: {
        tags,
        summary: "Per team: how many required paths are on time, due, overdue and expired",
        response: { 200: ComplianceByTeamResponse, ...errors },
      },
    },
    async (req) => ({ results: await service.teamCounts(req.actor, req.companyId) }),
  );

  app.get(
    "/api/b2b/v1/insights/compliance.csv",
    {
      config: readers,
      schema: { tags, summary: "Every person's standing on every required path, as CSV for auditors", response: { 200: z.string(), ...errors } },
    },
    async (req, reply) => {
      const csv = complianceCsv(await service.companyStandings(req.actor, req.companyId));
      const filename = `compliance-${clock.today()}.csv`;
      return reply.type("text/csv; charset=utf-8").header("content-disposition", `attachment; filename="${filename}"`).send(csv);
    },
  );
};
