import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { CuratedCatalogItem, ErrorBody, IdParam, MergeCatalogItemRequest, MergeCatalogItemResponse } from "@learnward/contracts";
import { type Actor, authorize } from "../../lib/actor.ts";
import { AppError, notFound } from "../../lib/errors.ts";
import type { CurationRepo } from "./curation.repo.ts";
import type { CurationService } from "./curation.service.ts";
import { CURATORS, libraryPolicy } from "./library.policy.ts";

const errors = { 400: ErrorBody, 401: ErrorBody, 403: ErrorBody, 404: ErrorBody, 409: ErrorBody };
// The gate refuses others before a body is read (a colleague learns nothing from a validation error).
const access = { access: CURATORS };

const present = (r: { id: number; hiddenAt: Date | null; mergedIntoId: number | null }): CuratedCatalogItem => ({
  id: r.id,
  hidden_at: r.hiddenAt?.toISOString() ?? null,
  merged_into_id: r.mergedIntoId,
});

/** The L&D leader hides junk from the company catalog and merges duplicates. */
export const curationRoutes: FastifyPluginAsyncZod<{ repo: CurationRepo; service: CurationService }> = async (app, { repo, service }) => {
  /** A colleague without the ability is refused; another company's item is not found (the lookup is the company's). */
  async function curated(actor: Actor, companyId: number, id: number) {
    authorize(actor, libraryPolicy.curateCatalog, null);
    const item = await repo.find(companyId, actor.accountId, id);
    if (!item) throw notFound("Catalog item");
    return item;
  }

  for (const [verb, hidden] of [
    ["hide", true],
    ["unhide", false],
  ] as const) {
    app.post(
      `/api/b2b/v1/catalog/:id/${verb}`,
      {
        config: access,
        schema: {
          tags: ["library"],
          summary: hidden
            ? "Hide a catalog item: it leaves discover, recommendations and copilot answers; saved copies stay"
            : "Show a hidden catalog item again (not one merged into another)",
          params: IdParam,
          response: { 200: CuratedCatalogItem, ...errors },
        },
      },
      async (req) => {
        const item = await curated(req.actor, req.companyId, req.params.id);
        return present(await service.setHidden(req.actor.accountId, item, hidden));
      },
    );
  }

  app.post(
    "/api/b2b/v1/catalog/:id/merge",
    {
      config: access,
      schema: {
        tags: ["library"],
        summary: "Merge a duplicate into the item to keep: collections, saves and done marks move to it, and the duplicate is hidden",
        params: IdParam,
        body: MergeCatalogItemRequest,
        response: { 200: MergeCatalogItemResponse, ...errors },
      },
    },
    async (req) => {
      const dup = await curated(req.actor, req.companyId, req.params.id);
      if (req.body.into_id === dup.id) throw new AppError("catalog_merge_into_itself", 400, "An item cannot be merged into itself");
      // The id in the body is checked exactly like the one in the path.
      await curated(req.actor, req.companyId, req.body.into_id);
      const { item, moved } = await service.merge(req.actor.accountId, req.companyId, dup.id, req.body.into_id);
      return { ...present(item), moved };
    },
  );
};
