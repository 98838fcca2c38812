import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { CreatePublishRequest, DecideRequest, ErrorBody, IdParam, Paginated, PublishRequest, PublishRequestsQuery, RejectRequest } from "@learnward/contracts";
import { COMPANY_ROLES } from "../../lib/actor.ts";
import { pageParams, toPage } from "../../lib/pagination.ts";
import { presentPublishRequest } from "./network.present.ts";
import type { PublishService } from "./publish.service.ts";

const errors = { 400: ErrorBody, 401: ErrorBody, 403: ErrorBody, 404: ErrorBody, 409: ErrorBody };

/** Publish requests (publish.service.ts): owners ask, the L&D leader accepts or rejects. */
export const publishRoutes: FastifyPluginAsyncZod<{ service: PublishService }> = async (app, { service }) => {
  app.get(
    "/api/b2b/v1/publish-requests",
    {
      config: { access: COMPANY_ROLES },
      schema: {
        tags: ["network"],
        summary: "My publish requests, or the queue to decide (L&D leader)",
        querystring: PublishRequestsQuery,
        response: { 200: Paginated(PublishRequest), ...errors },
      },
    },
    async (req) => {
      const q = req.query;
      const p = pageParams(q, q.page_size);
      const { rows, count } = await service.list(req.actor, {
        companyId: req.companyId,
        scope: q.scope,
        status: q.status,
        sort: q.sort,
        limit: p.limit,
        offset: p.offset,
      });
      return toPage(req, p, count, rows.map(presentPublishRequest));
    },
  );

  app.post(
    "/api/b2b/v1/publish-requests",
    {
      config: { access: COMPANY_ROLES },
      schema: {
        tags: ["network"],
        summary: "Ask the L&D leader to publish my collection, or to accept my draft of a published one",
        body: CreatePublishRequest,
        response: { 201: PublishRequest, ...errors },
      },
    },
    async (req, reply) => {
      const row = await service.create(req.actor, req.companyId, req.body.collection_id, req.body.message ?? null);
      return reply.status(201).send(presentPublishRequest(row));
    },
  );

  app.get(
    "/api/b2b/v1/publish-requests/:id",
    {
      config: { access: COMPANY_ROLES },
      schema: { tags: ["network"], summary: "A publish request", params: IdParam, response: { 200: PublishRequest, ...errors } },
    },
    async (req) => presentPublishRequest(await service.load(req.actor, req.companyId, req.params.id)),
  );

  for (const verb of ["accept", "reject"] as const) {
    app.post(
      `/api/b2b/v1/publish-requests/:id/${verb}`,
      {
        config: { access: ["ldleader"] },
        schema: {
          tags: ["network"],
          summary: verb === "accept" ? "Publish the collection to the company library" : "Reject, with a reason",
          params: IdParam,
          body: verb === "accept" ? DecideRequest : RejectRequest,
          response: { 200: PublishRequest, ...errors },
        },
      },
      async (req) => {
        const row = await service.decide(req.actor, req.companyId, req.params.id, verb === "accept", req.body.reason ?? null);
        return presentPublishRequest(row);
      },
    );
  }
};
