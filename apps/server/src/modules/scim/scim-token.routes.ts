import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { CreateScimTokenResponse, ScimTokenStatus } from "@learnward/contracts";
import { companyPlaces, placeRoute } from "../../lib/company-places.ts";
import type { ScimRepo } from "./scim.repo.ts";
import type { ScimTokenService } from "./scim-token.service.ts";

/**
 * The company's SCIM token: hr at /company/scim-token for their own company; a platform
 * operator at /admin/companies/:id/scim-token for any. The company is the path's or the caller's.
 */
export const scimTokenRoutes: FastifyPluginAsyncZod<{ service: ScimTokenService; repo: ScimRepo }> = async (app, { service, repo }) => {
  for (const place of companyPlaces("scim-token", async (id) => Boolean(await repo.company(id)))) {
    app.get(
      place.base,
      placeRoute(place, { summary: "Whether the company has a SCIM provisioning token (never the token itself)", response: { 200: ScimTokenStatus } }),
      async (req) => service.read(req.actor, await place.company(req.actor, req.params)),
    );
    app.post(
      place.base,
      placeRoute(place, {
        summary: "Create or rotate the company's SCIM token: the answer holds the token once; the previous token stops working",
        response: { 201: CreateScimTokenResponse },
      }),
      async (req, reply) => reply.status(201).send(await service.create(req.actor, await place.company(req.actor, req.params))),
    );
    app.delete(
      place.base,
      placeRoute(place, { summary: "Revoke the company's SCIM token: the directory's calls are refused from now on", response: { 200: ScimTokenStatus } }),
      async (req) => service.revoke(req.actor, await place.company(req.actor, req.params)),
    );
  }
};
