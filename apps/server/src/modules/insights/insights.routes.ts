import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { ErrorBody, InsightActionParams, InsightActionRequest, InsightActionResult, Insights, InsightsExportQuery, InsightsQuery } from "@learnward/contracts";
import { COMPANY_ROLES } from "../../lib/actor.ts";
import type { Clock } from "../../lib/clock.ts";
import type { InsightActions } from "./insights.actions.ts";
import { insightsCsv } from "./insights.csv.ts";
import type { InsightsRepo } from "./insights.repo.ts";
import type { InsightsService } from "./insights.service.ts";

const errors = { 400: ErrorBody, 401: ErrorBody, 403: ErrorBody, 404: ErrorBody, 503: ErrorBody };
const access = { access: COMPANY_ROLES };

/** The actionable insights of /dashboard/content, for the viewer's scope. */
export const insightsRoutes: FastifyPluginAsyncZod<{ service: InsightsService; repo: InsightsRepo; actions: InsightActions; clock: Clock }> = async (
  app,
  { service, repo, actions, clock },
) => {
  app.get(
    "/api/b2b/v1/insights",
    {
      config: access,
      schema: {
        tags: ["insights"],
        summary: "KPIs, series, tables and the insights needing attention (each with its action) for my scope",
        querystring: InsightsQuery,
        response: { 200: Insights, ...errors },
      },
    },
    async (req) => service.dashboard(req.actor, req.query),
  );

  app.get(
    "/api/b2b/v1/insights/export.csv",
    {
      config: access,
      schema: {
        tags: ["insights"],
        summary: "One table of the dashboard in full, as CSV (same scope and filters)",
        querystring: InsightsExportQuery,
        response: { 200: z.string(), ...errors },
      },
    },
    async (req, reply) => {
      const { csv, filename } = await insightsCsv({ service, repo, clock }, req.actor, req.query);
      return reply.type("text/csv; charset=utf-8").header("content-disposition", `attachment; filename="${filename}"`).send(csv);
    },
  );

  app.post(
    "/api/b2b/v1/insights/actions/:kind",
    {
      config: access,
      schema: {
        tags: ["insights"],
        summary: "Resolve an insight: remind overdue people (one mail each, at most once a day), or get the page that resolves it",
        params: InsightActionParams,
        body: InsightActionRequest,
        response: { 200: InsightActionResult, ...errors },
      },
    },
    async (req) => actions.run(req.actor, req.params.kind, req.body),
  );
};
