import { z } from "zod";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import {
  ErrorBody,
  IdParam,
  LrsForwarder,
  PageQuery,
  RetryXapiForwardsResponse,
  SaveLrsForwarderRequest,
  TestLrsForwarderResponse,
  XapiForwardPage,
} from "@learnward/contracts";
import { pageParams, toPage } from "../../lib/pagination.ts";
import type { LrsForwardService } from "./lrs-forward.service.ts";

const errors = { 400: ErrorBody, 401: ErrorBody, 403: ErrorBody, 404: ErrorBody, 409: ErrorBody };
const FORWARDING = "/api/b2b/v1/company/lrs-forwarding";
const STATEMENTS = `${FORWARDING}/statements`;
// Who may call (lrs.policy decides the rest): the company's hr and L&D leader.
const managers = { access: ["hr", "ldleader"] as const };
const doc = <T extends object>(summary: string, more: T) => ({ tags: ["lrs"], summary, ...more });
const StatementsQuery = PageQuery.extend({
  state: z.enum(["pending", "sent", "failed"]).default("failed").describe("Which statements: failed for good (the default), waiting, or sent"),
});

/** Forwarding the company's own events to an outside LRS, in Settings: where to, a test, and what failed. */
export const lrsForwardRoutes: FastifyPluginAsyncZod<{ service: LrsForwardService }> = async (app, { service }) => {
  app.get(
    FORWARDING,
    {
      config: managers,
      schema: doc("Where the company's events are forwarded as xAPI statements (never the secret)", { response: { 200: LrsForwarder, ...errors } }),
    },
    async (req) => service.get(req.actor, req.companyId),
  );
  app.put(
    FORWARDING,
    {
      config: managers,
      schema: doc("Save the outside LRS (endpoint, key, secret, on or off); without a secret the saved one is kept", {
        body: SaveLrsForwarderRequest,
        response: { 200: LrsForwarder, ...errors },
      }),
    },
    async (req) => service.save(req.actor, req.companyId, req.body),
  );
  app.post(
    `${FORWARDING}/test`,
    {
      config: managers,
      schema: doc("Send a test statement to the saved LRS now and say what it answered", { response: { 200: TestLrsForwarderResponse, ...errors } }),
    },
    async (req) => service.test(req.actor, req.companyId),
  );
  app.get(
    STATEMENTS,
    {
      config: managers,
      schema: doc("Statements made from the company's events: failed for good (dead letters) by default, newest first", {
        querystring: StatementsQuery,
        response: { 200: XapiForwardPage, ...errors },
      }),
    },
    async (req) => {
      const p = pageParams(req.query, req.query.page_size ?? 20);
      const { count, results } = await service.list(req.actor, req.companyId, req.query.state, p.limit, p.offset);
      return toPage(req, p, count, results);
    },
  );
  app.post(
    `${STATEMENTS}/retry`,
    {
      config: managers,
      schema: doc("Send every failed statement again (a job does)", { response: { 202: RetryXapiForwardsResponse, ...errors } }),
    },
    async (req, reply) => reply.status(202).send(await service.retry(req.actor, req.companyId)),
  );
  app.post(
    `${STATEMENTS}/:id/retry`,
    {
      config: managers,
      schema: doc("Send one failed statement again (a job does)", { params: IdParam, response: { 202: RetryXapiForwardsResponse, ...errors } }),
    },
    async (req, reply) => reply.status(202).send(await service.retry(req.actor, req.companyId, req.params.id)),
  );
};
