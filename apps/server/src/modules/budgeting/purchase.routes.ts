import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import {
  CreatePurchaseRequest,
  ErrorBody,
  IdParam,
  Paginated,
  PayPurchaseRequest,
  PurchaseRequest,
  PurchaseRequestsQuery,
  RejectPurchaseRequest,
} from "@learnward/contracts";
import { COMPANY_ROLES } from "../../lib/actor.ts";
import { toCsv } from "../../lib/csv.ts";
import { presentPage } from "../../lib/pagination.ts";
import { presentRequest, requestCsvColumns, requestCsvRow } from "./budgeting.present.ts";
import type { Clock } from "../../lib/clock.ts";
import type { BudgetingService, Decision } from "./budgeting.service.ts";

const errors = { 400: ErrorBody, 401: ErrorBody, 403: ErrorBody, 404: ErrorBody, 409: ErrorBody };

/** Purchase requests: members ask; team leaders decide their team's within its budget; the L&D leader any. */
export const purchaseRoutes: FastifyPluginAsyncZod<{ service: BudgetingService; clock: Clock }> = async (app, { service, clock }) => {
  app.get(
    "/api/b2b/v1/purchase-requests",
    {
      config: { access: COMPANY_ROLES },
      schema: {
        tags: ["budgeting"],
        summary: "My purchase requests, or those I decide",
        querystring: PurchaseRequestsQuery,
        response: { 200: Paginated(PurchaseRequest), ...errors },
      },
    },
    async (req) =>
      presentPage(
        req,
        (p) => service.requests(req.actor, req.companyId, req.query, p.limit, p.offset),
        (r) => presentRequest(req.actor, r),
      ),
  );

  app.get(
    "/api/b2b/v1/purchase-requests/export.csv",
    {
      config: { access: ["ldleader"] },
      schema: {
        tags: ["budgeting"],
        summary: "Every request of the company as CSV for finance (same filters)",
        querystring: PurchaseRequestsQuery.omit({ page: true, page_size: true }),
        response: { 200: z.string(), ...errors },
      },
    },
    async (req, reply) => {
      const csv = toCsv(requestCsvColumns, (await service.exportRequests(req.companyId, req.query)).map(requestCsvRow));
      return reply.type("text/csv; charset=utf-8").header("content-disposition", `attachment; filename="purchase-requests-${clock.today()}.csv"`).send(csv);
    },
  );

  app.post(
    "/api/b2b/v1/purchase-requests",
    {
      config: { access: COMPANY_ROLES },
      schema: {
        tags: ["budgeting"],
        summary: "Ask for a course or content to be paid",
        body: CreatePurchaseRequest,
        response: { 201: PurchaseRequest, ...errors },
      },
    },
    async (req, reply) => {
      return reply.status(201).send(presentRequest(req.actor, await service.createRequest(req.actor, req.companyId, req.body)));
    },
  );

  app.get(
    "/api/b2b/v1/purchase-requests/:id",
    {
      config: { access: COMPANY_ROLES },
      schema: { tags: ["budgeting"], summary: "A purchase request", params: IdParam, response: { 200: PurchaseRequest, ...errors } },
    },
    async (req) => presentRequest(req.actor, await service.request(req.actor, req.companyId, req.params.id)),
  );

  /** Approve, reject, pay, cancel: each answers the request as its write finished it (budgeting.service decide). */
  const decision = (verb: Decision["verb"], body: z.ZodType) =>
    app.post(
      `/api/b2b/v1/purchase-requests/:id/${verb}`,
      {
        config: { access: verb === "pay" ? ["ldleader"] : verb === "cancel" ? COMPANY_ROLES : ["ldleader", "teamleader"] },
        schema: { tags: ["budgeting"], summary: `${verb} a purchase request`, params: IdParam, body, response: { 200: PurchaseRequest, ...errors } },
      },
      async (req) => presentRequest(req.actor, await service.decide(req.actor, req.companyId, req.params.id, { ...(req.body as object), verb } as Decision)),
    );

  decision("approve", z.object({}).strict());
  decision("reject", RejectPurchaseRequest);
  decision("pay", PayPurchaseRequest);
  decision("cancel", z.object({}).strict());
};
