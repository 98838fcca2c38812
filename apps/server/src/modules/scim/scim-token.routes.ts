import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { CreateScimTokenResponse, ErrorBody, IdParam, ScimTokenStatus } from "@learnward/contracts";
import { type Actor, requireCompany } from "../../lib/actor.ts";
import { notFound } from "../../lib/errors.ts";
import type { ScimRepo } from "./scim.repo.ts";
import type { ScimTokenService } from "./scim-token.service.ts";

const errors = { 400: ErrorBody, 401: ErrorBody, 403: ErrorBody, 404: ErrorBody };

/**
 * The company's SCIM token (issue 27): hr at /company/scim-token for their own company; a platform
 * operator at /admin/companies/:id/scim-token for any. The company is the path's or the caller's.
 */
export const scimTokenRoutes: FastifyPluginAsyncZod<{ service: ScimTokenService; repo: ScimRepo }> = async (app, { service, repo }) => {
  const places = [
    { base: "/api/b2b/v1/company/scim-token", access: ["hr"] as const, params: undefined, company: async (actor: Actor) => requireCompany(actor) },
    {
      base: "/api/b2b/v1/admin/companies/:id/scim-token",
      access: ["admin"] as const,
      params: IdParam,
      company: async (_actor: Actor, id?: number) => {
        if (id === undefined || !(await repo.company(id))) throw notFound("Company");
        return id;
      },
    },
  ];

  for (const place of places) {
    const config = { access: place.access };
    const params = place.params ? { params: place.params } : {};
    const tags = [place.params ? "admin" : "company"];
    const idOf = (params: unknown) => (params as { id?: number } | undefined)?.id;

    app.get(
      place.base,
      {
        config,
        schema: {
          tags,
          summary: "Whether the company has a SCIM provisioning token (never the token itself)",
          ...params,
          response: { 200: ScimTokenStatus, ...errors },
        },
      },
      async (req) => service.read(req.actor, await place.company(req.actor, idOf(req.params))),
    );
    app.post(
      place.base,
      {
        config,
        schema: {
          tags,
          summary: "Create or rotate the company's SCIM token: the answer holds the token once; the previous token stops working",
          ...params,
          response: { 201: CreateScimTokenResponse, ...errors },
        },
      },
      async (req, reply) => reply.status(201).send(await service.create(req.actor, await place.company(req.actor, idOf(req.params)))),
    );
    app.delete(
      place.base,
      {
        config,
        schema: {
          tags,
          summary: "Revoke the company's SCIM token: the directory's calls are refused from now on",
          ...params,
          response: { 200: ScimTokenStatus, ...errors },
        },
      },
      async (req) => service.revoke(req.actor, await place.company(req.actor, idOf(req.params))),
    );
  }
};
