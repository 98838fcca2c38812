import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { ErrorBody, LibraryLookupQuery, LibraryLookupResponse, courseStatusOf } from "@learnward/contracts";
import { COMPANY_ROLES } from "../../lib/actor.ts";
import { normaliseUrl } from "../../lib/providers.ts";
import type { ContentRepo } from "./content.repo.ts";
import type { ItemRepo } from "./item.repo.ts";
import type { LookupRepo } from "./lookup.repo.ts";

const errors = { 400: ErrorBody, 401: ErrorBody, 403: ErrorBody };

/**
 * Whether a page is already in the caller's library, and where: the browser extension asks before it
 * saves a tab. Only the caller's own copy is ever answered (the repo filters by owner), so a
 * colleague's save of the same page, public or not, reads as not saved.
 */
export const lookupRoutes: FastifyPluginAsyncZod<{ content: ContentRepo; items: ItemRepo; lookup: LookupRepo }> = async (app, { content, items, lookup }) => {
  app.get(
    "/api/contentuser/lookup",
    {
      config: { access: COMPANY_ROLES },
      schema: {
        tags: ["library"],
        summary: "Is this address in my library: my copy's state and the folders holding it",
        querystring: LibraryLookupQuery,
        response: { 200: LibraryLookupResponse, ...errors },
      },
    },
    async (req) => {
      const row = await content.ownedByUrl(req.actor.accountId, req.companyId, normaliseUrl(req.query.url));
      if (!row || row.contentId === null) return { saved: false as const };
      return {
        saved: true as const,
        id_primary: row.id,
        id_content: row.contentId,
        title: row.title,
        content_type: row.contentType,
        course_status: courseStatusOf(row.courseStatus),
        folders: await items.folders(req.actor.accountId, row.id),
        highlights: await lookup.highlightsOn(req.actor.accountId, row.id),
      };
    },
  );
};
