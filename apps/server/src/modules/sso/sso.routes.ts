import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { ErrorBody, OidcConnection, SsoLookupRequest, SsoLookupResponse, UpdateOidcConnectionRequest } from "@learnward/contracts";
import { companyPlaces } from "../../lib/company-places.ts";
import type { SsoRepo } from "./sso.repo.ts";
import type { SsoService } from "./sso.service.ts";
import { presentOidcConnection } from "./sso.present.ts";

const errors = { 400: ErrorBody, 401: ErrorBody, 403: ErrorBody, 404: ErrorBody };

/**
 * Single sign-on (issue 27): hr sets the company's OIDC connection at /company/sso/oidc; a platform
 * operator at /admin/companies/:id/sso/oidc for any company. The company is the path's or the
 * caller's, never a body's. The sign-in page asks /api/sso/lookup whether an address signs in there.
 */
export const ssoRoutes: FastifyPluginAsyncZod<{ service: SsoService; repo: SsoRepo }> = async (app, { service, repo }) => {
  app.post(
    "/api/sso/lookup",
    {
      config: { access: "public" },
      schema: {
        tags: ["identity"],
        summary: "Whether this email's company signs in through its identity provider, and where the browser goes to start",
        body: SsoLookupRequest,
        response: { 200: SsoLookupResponse, 400: ErrorBody },
      },
    },
    async (req) => service.lookup(req.body.email),
  );

  for (const place of companyPlaces("sso/oidc", (id) => repo.companyExists(id))) {
    const { config } = place;

    app.get(
      place.base,
      {
        config,
        schema: {
          ...place.schema,
          summary: "The company's OpenID Connect single sign-on (never its client secret)",
          response: { 200: OidcConnection, ...errors },
        },
      },
      async (req) => presentOidcConnection(await service.read(req.actor, await place.company(req.actor, req.params)), service.redirectUri),
    );

    app.put(
      place.base,
      {
        config,
        schema: {
          ...place.schema,
          summary: "Connect the company's OpenID Connect provider (its discovery document is read first), enable or require single sign-on",
          body: UpdateOidcConnectionRequest,
          response: { 200: OidcConnection, ...errors },
        },
      },
      async (req) => presentOidcConnection(await service.update(req.actor, await place.company(req.actor, req.params), req.body), service.redirectUri),
    );
  }
};
