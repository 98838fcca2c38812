import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { AccessTokenList, CreateAccessTokenRequest, CreateAccessTokenResponse, ErrorBody, IdParam } from "@learnward/contracts";
import { COMPANY_ROLES } from "../../lib/actor.ts";
import type { AccessTokensService } from "./access-tokens.service.ts";

const errors = { 400: ErrorBody, 401: ErrorBody, 403: ErrorBody, 404: ErrorBody };
// People of a company (platform operators keep no library to save into), by a signed-in session: a
// token never makes, lists or revokes tokens.
const config = { access: COMPANY_ROLES, sessionOnly: true };

/** Settings → Access tokens: my personal access tokens for the browser extension and scripts. */
export const accessTokensRoutes: FastifyPluginAsyncZod<{ service: AccessTokensService }> = async (app, { service }) => {
  app.get(
    "/api/me/access-tokens",
    {
      config,
      schema: { tags: ["identity"], summary: "My personal access tokens (never the tokens themselves)", response: { 200: AccessTokenList, ...errors } },
    },
    async (req) => service.list(req.actor),
  );

  app.post(
    "/api/me/access-tokens",
    {
      config,
      schema: {
        tags: ["identity"],
        summary: "Make a personal access token: the answer holds it once; send it as `Authorization: Bearer lw_pat_…`",
        body: CreateAccessTokenRequest,
        response: { 201: CreateAccessTokenResponse, ...errors },
      },
    },
    async (req, reply) => reply.status(201).send(await service.create(req.actor, req.body)),
  );

  app.delete(
    "/api/me/access-tokens/:id",
    {
      config,
      schema: {
        tags: ["identity"],
        summary: "Revoke one of my personal access tokens: it is refused from now on",
        params: IdParam,
        response: { 204: z.null(), ...errors },
      },
    },
    async (req, reply) => {
      await service.revoke(req.actor, req.params.id);
      return reply.status(204).send(null);
    },
  );
};
