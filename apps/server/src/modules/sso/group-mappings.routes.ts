import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { SsoGroupMappings, UpdateSsoGroupMappingsRequest } from "@learnward/contracts";
import { companyPlaces, placeRoute } from "../../lib/company-places.ts";
import type { GroupPlacement } from "./group-placement.ts";

/**
 * Where just-in-time single sign-on accounts land by their identity provider groups: hr
 * at /company/sso/group-mappings, a platform operator at /admin/companies/:id/sso/group-mappings.
 */
export const groupMappingsRoutes: FastifyPluginAsyncZod<{ placement: GroupPlacement; companyExists: (id: number) => Promise<boolean> }> = async (
  app,
  { placement, companyExists },
) => {
  for (const place of companyPlaces("sso/group-mappings", companyExists)) {
    app.get(
      place.base,
      placeRoute(place, {
        summary: "Which role and team a person single sign-on creates gets from their identity provider groups",
        response: { 200: SsoGroupMappings },
      }),
      async (req) => placement.read(req.actor, await place.company(req.actor, req.params)),
    );
    app.put(
      place.base,
      placeRoute(place, {
        summary: "Replace the ordered group rules (the first rule whose group the person has decides; no match: member)",
        body: UpdateSsoGroupMappingsRequest,
        response: { 200: SsoGroupMappings },
      }),
      async (req) => placement.update(req.actor, await place.company(req.actor, req.params), req.body),
    );
  }
};
