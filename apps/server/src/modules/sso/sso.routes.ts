import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { ErrorBody, IdParam, OidcConnection, SsoLookupRequest, SsoLookupResponse, UpdateOidcConnectionRequest } from "@learnward/contracts";
import { type Actor, requireCompany } from "../../lib/actor.ts";
import { notFound } from "../../lib/errors.ts";
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

  const places = [
    { base: "/api/b2b/v1/company/sso/oidc", access: ["hr"] as const, params: undefined, company: async (actor: Actor) => requireCompany(actor) },
    {
      base: "/api/b2b/v1/admin/companies/:id/sso/oidc",
      access: ["admin"] as const,
      params: IdParam,
      company: async (_actor: Actor, id?: number) => {
        if (id === undefined || !(await repo.companyExists(id))) throw notFound("Company");
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
          summary: "The company's OpenID Connect single sign-on (never its client secret)",
          ...params,
          response: { 200: OidcConnection, ...errors },
        },
      },
      async (req) => presentOidcConnection(await service.read(req.actor, await place.company(req.actor, idOf(req.params))), service.redirectUri),
    );

    app.put(
      place.base,
      {
        config,
        schema: {
          tags,
          summary: "Connect the company's OpenID Connect provider (its discovery document is read first), enable or require single sign-on",
          ...params,
          body: UpdateOidcConnectionRequest,
          response: { 200: OidcConnection, ...errors },
        },
      },
      async (req) => presentOidcConnection(await service.update(req.actor, await place.company(req.actor, idOf(req.params)), req.body), service.redirectUri),
    );
  }
};
