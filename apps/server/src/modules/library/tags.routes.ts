import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import {
  DeleteTagResponse,
  ErrorBody,
  IdParam,
  ItemTags,
  MergeTagsRequest,
  RenameTagRequest,
  RenameTagResponse,
  SetItemTagsRequest,
  Tag,
  TagIdParam,
  TagList,
  TagSuggestions,
  TagSuggestQuery,
  normalizeTagName,
} from "@learnward/contracts";
import { COMPANY_ROLES } from "../../lib/actor.ts";
import type { TagsService } from "./tags.service.ts";

const errors = { 400: ErrorBody, 401: ErrorBody, 403: ErrorBody, 404: ErrorBody };
const access = { access: COMPANY_ROLES };
const OWNER_ONLY = "Only the signed-in owner: another person's item or tag, in my company or not, is not found (404).";

/** A person's own tags on their saved items. Everyone acts on their own tags and items only. */
export const tagsRoutes: FastifyPluginAsyncZod<{ service: TagsService }> = async (app, { service }) => {
  app.put(
    "/api/contentuser/:id/tags",
    {
      config: access,
      schema: {
        tags: ["library"],
        summary: "Set my saved item's tags: the whole list, new names becoming tags, names left out taken off",
        description: OWNER_ONLY,
        params: IdParam,
        body: SetItemTagsRequest,
        response: { 200: ItemTags, ...errors },
      },
    },
    async (req) => service.setItemTags(req.actor, req.params.id, req.body.tags),
  );

  app.get(
    "/api/contentuser/tags",
    {
      config: access,
      schema: {
        tags: ["library"],
        summary: "My tags by name, with how many of my items carry each",
        description: "The signed-in person's own tags only.",
        response: { 200: TagList, ...errors },
      },
    },
    async (req) => ({ results: await service.list(req.actor) }),
  );

  app.get(
    "/api/contentuser/tags/suggest",
    {
      config: access,
      schema: {
        tags: ["library"],
        summary: "Tags to offer while typing: my own tags beginning so (most used first), then skills of my company's catalog",
        description: "The signed-in person's own tags and their own company's catalog only.",
        querystring: TagSuggestQuery,
        response: { 200: TagSuggestions, ...errors },
      },
    },
    async (req) => ({ results: await service.suggest(req.actor, normalizeTagName(req.query.q)) }),
  );

  app.post(
    "/api/contentuser/tags/merge",
    {
      config: access,
      schema: {
        tags: ["library"],
        summary: "Merge tags into one: their items carry the kept tag and the merged tags are deleted",
        description: `${OWNER_ONLY} Every id, in the body too, must be one of my tags.`,
        body: MergeTagsRequest,
        response: { 200: Tag, ...errors },
      },
    },
    async (req) => service.merge(req.actor, req.body.tag_ids, req.body.into_tag_id),
  );

  app.patch(
    "/api/contentuser/tags/:tagId",
    {
      config: access,
      schema: {
        tags: ["library"],
        summary: "Rename my tag; onto another of my tags' name (any case) it merges into that tag",
        description: OWNER_ONLY,
        params: TagIdParam,
        body: RenameTagRequest,
        response: { 200: RenameTagResponse, ...errors },
      },
    },
    async (req) => service.rename(req.actor, req.params.tagId, req.body.name),
  );

  app.delete(
    "/api/contentuser/tags/:tagId",
    {
      config: access,
      schema: {
        tags: ["library"],
        summary: "Delete my tag; the items that carried it stay in my library",
        description: OWNER_ONLY,
        params: TagIdParam,
        response: { 200: DeleteTagResponse, ...errors },
      },
    },
    async (req) => service.remove(req.actor, req.params.tagId),
  );
};
