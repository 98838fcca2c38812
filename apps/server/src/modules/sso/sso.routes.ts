import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import {
  ErrorBody,
  OidcConnection,
  SamlConnection,
  SsoLookupRequest,
  SsoLookupResponse,
  UpdateOidcConnectionRequest,
  UpdateSamlConnectionRequest,
  IdText,
} from "@learnward/contracts";
import { companyPlaces, placeRoute } from "../../lib/company-places.ts";
import { notFound } from "../../lib/errors.ts";
import type { SamlService } from "./saml.service.ts";
import type { SsoRepo } from "./sso.repo.ts";
import type { SsoService } from "./sso.service.ts";
import { presentOidcConnection } from "./sso.present.ts";

/**
 * Single sign-on: hr sets the company's OIDC connection at /company/sso/oidc; a platform
 * operator at /admin/companies/:id/sso/oidc for any company. The company is the path's or the
 * caller's, never a body's; SAML likewise at …/sso/saml, and our service provider's metadata is public
 * at /api/sso/saml/:companyId/metadata. The sign-in page asks /api/sso/lookup whether an address
 * signs in there.
 */
export const ssoRoutes: FastifyPluginAsyncZod<{ service: SsoService; saml: SamlService; repo: SsoRepo }> = async (app, { service, saml, repo }) => {
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
    app.get(
      place.base,
      placeRoute(place, { summary: "The company's OpenID Connect single sign-on (never its client secret)", response: { 200: OidcConnection } }),
      async (req) => presentOidcConnection(await service.read(req.actor, await place.company(req.actor, req.params)), service.redirectUri),
    );

    app.put(
      place.base,
      placeRoute(place, {
        summary: "Connect the company's OpenID Connect provider (its discovery document is read first), enable or require single sign-on",
        body: UpdateOidcConnectionRequest,
        response: { 200: OidcConnection },
      }),
      async (req) => presentOidcConnection(await service.update(req.actor, await place.company(req.actor, req.params), req.body), service.redirectUri),
    );
  }

  app.get(
    "/api/sso/saml/:companyId/metadata",
    {
      config: { access: "public" },
      schema: {
        tags: ["identity"],
        summary: "Learnward's SAML service provider metadata for a company (entity id and ACS URL), for the identity provider to import",
        params: z.object({ companyId: IdText }),
        response: { 200: z.string().describe("application/samlmetadata+xml: a SAML 2.0 EntityDescriptor"), 400: ErrorBody, 404: ErrorBody },
      },
    },
    async (req, reply) => {
      const xml = await saml.spMetadata(req.params.companyId);
      if (xml === null) throw notFound("Company");
      return reply.type("application/samlmetadata+xml; charset=utf-8").send(xml);
    },
  );

  for (const place of companyPlaces("sso/saml", (id) => repo.companyExists(id))) {
    app.get(
      place.base,
      placeRoute(place, { summary: "The company's SAML 2.0 single sign-on, and what to register at its identity provider", response: { 200: SamlConnection } }),
      async (req) => {
        const companyId = await place.company(req.actor, req.params);
        return saml.present(companyId, await saml.read(req.actor, companyId));
      },
    );

    app.put(
      place.base,
      placeRoute(place, {
        summary: "Connect the company's SAML identity provider from its metadata (pasted, or fetched from its URL), enable or require single sign-on",
        body: UpdateSamlConnectionRequest,
        response: { 200: SamlConnection },
      }),
      async (req) => {
        const companyId = await place.company(req.actor, req.params);
        return saml.present(companyId, await saml.update(req.actor, companyId, req.body));
      },
    );
  }
};
