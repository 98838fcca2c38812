import type { z } from "zod";
import { ErrorBody, IdParam } from "@learnward/contracts";
import { type Access, type Actor, requireCompany } from "./actor.ts";
import { notFound } from "./errors.ts";

/**
 * Where a company's own setting is reached (chat hooks, the SCIM token, single sign-on): hr at
 * `/company/<suffix>` for their own company, a platform operator at `/admin/companies/:id/<suffix>`
 * for any. The company is the path's or the caller's, never a body's; an unknown id is 404.
 */
export interface CompanyPlace {
  base: string;
  /** Who may call the routes at this place. */
  config: { access: Access };
  /** Schema parts: the OpenAPI tag, and the company id in the admin's path. */
  schema: { tags: string[]; params?: typeof IdParam };
  /** The company a request at this place is about. */
  company(actor: Actor, params: unknown): Promise<number>;
}

export function companyPlaces(suffix: string, companyExists: (id: number) => Promise<boolean>): CompanyPlace[] {
  return [
    { base: `/api/b2b/v1/company/${suffix}`, config: { access: ["hr"] }, schema: { tags: ["company"] }, company: async (actor) => requireCompany(actor) },
    {
      base: `/api/b2b/v1/admin/companies/:id/${suffix}`,
      config: { access: ["admin"] },
      schema: { tags: ["admin"], params: IdParam },
      company: async (_actor, params) => {
        const id = (params as { id?: number } | undefined)?.id;
        if (id === undefined || !(await companyExists(id))) throw notFound("Company");
        return id;
      },
    },
  ];
}

/** What any route at a company's place may refuse: bad input, no session, no right, no such company. */
const refusals = { 400: ErrorBody, 401: ErrorBody, 403: ErrorBody, 404: ErrorBody };

/**
 * A route's options at a place: who may call it, the place's tag and path, this route's own summary,
 * body and answer, and the refusals every route at a place may give.
 */
export function placeRoute<S extends { summary: string; body?: z.ZodType; response: Record<number, z.ZodType> }>(place: CompanyPlace, schema: S) {
  return { config: place.config, schema: { ...place.schema, ...schema, response: { ...schema.response, ...refusals } } };
}
