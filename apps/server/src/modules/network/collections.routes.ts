import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import {
  AddItemRequest,
  CollectionDetail,
  CollectionDetailQuery,
  CollectionsQuery,
  CollectionSummary,
  CreateCollectionRequest,
  ErrorBody,
  IdParam,
  ItemParams,
  ItemProgressRequest,
  MoveItemRequest,
  Paginated,
  SectionParams,
  SectionRequest,
  UpdateCollectionRequest,
} from "@learnward/contracts";
import { authorize, COMPANY_ROLES } from "../../lib/actor.ts";
import { conflict, notFound } from "../../lib/errors.ts";
import { pageParams, toPage } from "../../lib/pagination.ts";
import type { ContentService } from "../library/index.ts";
import type { CollectionsRepo } from "./collections.repo.ts";
import { presentSummary } from "./network.present.ts";
import type { CollectionsService } from "./collections.service.ts";
import type { DraftsRepo } from "./drafts.repo.ts";
import { networkPolicy } from "./network.policy.ts";

const errors = { 400: ErrorBody, 401: ErrorBody, 403: ErrorBody, 404: ErrorBody, 409: ErrorBody };
const access = { access: COMPANY_ROLES };

/** Collections (learning paths once published), their sections and items, following and progress. */
export const collectionsRoutes: FastifyPluginAsyncZod<{
  repo: CollectionsRepo;
  drafts: DraftsRepo;
  content: ContentService;
  service: CollectionsService;
}> = async (app, { repo, drafts, content, service }) => {
  const { load, editable, editTarget, detail } = service;

  app.get(
    "/api/b2b/v1/collections",
    {
      config: access,
      schema: {
        tags: ["network"],
        summary: "The company library, my collections, or the paths I follow",
        querystring: CollectionsQuery,
        response: { 200: Paginated(CollectionSummary), ...errors },
      },
    },
    async (req) => {
      const { actor } = req;
      const q = req.query;
      const p = pageParams(q, q.page_size);
      const { rows, count } = await repo.list({
        companyId: req.companyId,
        viewerId: actor.accountId,
        scope: q.scope,
        skill: q.skill,
        type: q.type,
        search: q.search,
        limit: p.limit,
        offset: p.offset,
      });
      return toPage(req, p, count, rows.map(presentSummary));
    },
  );

  app.post(
    "/api/b2b/v1/collections",
    {
      config: access,
      schema: { tags: ["network"], summary: "Create a private collection", body: CreateCollectionRequest, response: { 201: CollectionDetail, ...errors } },
    },
    async (req, reply) => {
      const { actor } = req;
      const b = req.body;
      const c = await service.create({
        companyId: req.companyId,
        ownerId: actor.accountId,
        title: b.title,
        description: b.description ?? null,
        coverUrl: b.cover_url ?? null,
        skills: [...new Set(b.skills)],
      });
      return reply.status(201).send(await detail(actor, c.id));
    },
  );

  app.get(
    "/api/b2b/v1/collections/:id",
    {
      config: access,
      schema: {
        tags: ["network"],
        summary: "A collection with its sections, items, my progress and my abilities (its owner: their draft of it, if any)",
        params: IdParam,
        querystring: CollectionDetailQuery,
        response: { 200: CollectionDetail, ...errors },
      },
    },
    async (req) => {
      const { actor } = req;
      await load(req, req.params.id);
      return detail(actor, req.params.id, req.query.version);
    },
  );

  app.patch(
    "/api/b2b/v1/collections/:id",
    {
      config: access,
      schema: {
        tags: ["network"],
        summary: "Edit my collection (a published one: its draft)",
        params: IdParam,
        body: UpdateCollectionRequest,
        response: { 200: CollectionDetail, ...errors },
      },
    },
    async (req) => {
      const { actor } = req;
      const target = await editTarget(req, req.params.id);
      const b = req.body;
      await repo.update(target.id, {
        title: b.title,
        description: b.description,
        coverUrl: b.cover_url,
        skills: b.skills ? [...new Set(b.skills)] : undefined,
      });
      return detail(actor, req.params.id);
    },
  );

  app.delete(
    "/api/b2b/v1/collections/:id",
    { config: access, schema: { tags: ["network"], summary: "Delete my collection", params: IdParam, response: { 204: z.null(), ...errors } } },
    async (req, reply) => {
      await editable(req, req.params.id);
      await repo.remove(req.params.id);
      return reply.status(204).send(null);
    },
  );

  app.post(
    "/api/b2b/v1/collections/:id/sections",
    {
      config: access,
      schema: { tags: ["network"], summary: "Add a section", params: IdParam, body: SectionRequest, response: { 201: CollectionDetail, ...errors } },
    },
    async (req, reply) => {
      const { actor } = req;
      const target = await editTarget(req, req.params.id);
      const s = await service.addSection(target.id, req.body.title);
      if (req.body.position !== undefined) await service.updateSection(target.id, s.id, { position: req.body.position });
      return reply.status(201).send(await detail(actor, req.params.id));
    },
  );

  app.patch(
    "/api/b2b/v1/collections/:id/sections/:sectionId",
    {
      config: access,
      schema: {
        tags: ["network"],
        summary: "Rename or move a section",
        params: SectionParams,
        body: SectionRequest.partial(),
        response: { 200: CollectionDetail, ...errors },
      },
    },
    async (req) => {
      const { actor } = req;
      const target = await editTarget(req, req.params.id);
      await service.updateSection(target.id, target.section(req.params.sectionId), req.body);
      return detail(actor, req.params.id);
    },
  );

  app.delete(
    "/api/b2b/v1/collections/:id/sections/:sectionId",
    {
      config: access,
      schema: { tags: ["network"], summary: "Delete a section (its items stay)", params: SectionParams, response: { 200: CollectionDetail, ...errors } },
    },
    async (req) => {
      const { actor } = req;
      const target = await editTarget(req, req.params.id);
      await service.removeSection(target.id, target.section(req.params.sectionId));
      return detail(actor, req.params.id);
    },
  );

  app.post(
    "/api/b2b/v1/collections/:id/items",
    {
      config: access,
      schema: {
        tags: ["network"],
        summary: "Add a catalog item or a new link",
        params: IdParam,
        body: AddItemRequest,
        response: { 201: CollectionDetail, ...errors },
      },
    },
    async (req, reply) => {
      const { actor } = req;
      const target = await editTarget(req, req.params.id);
      const b = req.body;
      const sectionId = target.section(b.section_id ?? null);
      // Ids in the body are checked before anything is written, like ids in the path.
      if (sectionId !== null && !(await repo.sections(target.id)).some((s) => s.id === sectionId)) throw notFound("Section");
      // A catalog item I may see, or a new link, which joins the company catalog read from its page the way saving does.
      const item = await content.catalogItemForCollection(actor, b);
      const placed = await service.placeItem(target.id, { contentId: item.id, sectionId, position: b.position });
      if (!placed) throw conflict("already_in_collection", "This content is already in the collection");
      await item.claim();
      return reply.status(201).send(await detail(actor, req.params.id));
    },
  );

  app.patch(
    "/api/b2b/v1/collections/:id/items/:itemId",
    {
      config: access,
      schema: {
        tags: ["network"],
        summary: "Move an item to a section and/or position",
        params: ItemParams,
        body: MoveItemRequest,
        response: { 200: CollectionDetail, ...errors },
      },
    },
    async (req) => {
      const { actor } = req;
      const target = await editTarget(req, req.params.id);
      await service.placeItem(target.id, {
        itemId: target.item(req.params.itemId),
        sectionId: target.section(req.body.section_id),
        position: req.body.position,
      });
      return detail(actor, req.params.id);
    },
  );

  app.delete(
    "/api/b2b/v1/collections/:id/items/:itemId",
    { config: access, schema: { tags: ["network"], summary: "Remove an item", params: ItemParams, response: { 200: CollectionDetail, ...errors } } },
    async (req) => {
      const { actor } = req;
      const target = await editTarget(req, req.params.id);
      await service.removeItem(target.id, target.item(req.params.itemId));
      return detail(actor, req.params.id);
    },
  );

  app.delete(
    "/api/b2b/v1/collections/:id/draft",
    {
      config: access,
      schema: {
        tags: ["network"],
        summary: "Discard my draft of a published collection (withdrawing its review, if any)",
        params: IdParam,
        response: { 200: CollectionDetail, ...errors },
      },
    },
    async (req) => {
      const { actor } = req;
      const c = await editable(req, req.params.id);
      await service.discardDraft(c.id);
      return detail(actor, c.id);
    },
  );

  for (const [method, on] of [
    ["post", true],
    ["delete", false],
  ] as const) {
    app[method](
      "/api/b2b/v1/collections/:id/follow",
      {
        config: access,
        schema: {
          tags: ["network"],
          summary: on ? "Follow a learning path" : "Stop following",
          params: IdParam,
          response: { 200: CollectionDetail, ...errors },
        },
      },
      async (req) => {
        const { actor } = req;
        const c = await load(req, req.params.id);
        if (on) authorize(actor, networkPolicy.follow, c);
        await service.follow(actor.accountId, c.id, on);
        return detail(actor, c.id);
      },
    );
  }

  app.get(
    "/api/b2b/v1/collections/:id/progress",
    {
      config: access,
      schema: {
        tags: ["network"],
        summary: "My progress on a collection",
        params: IdParam,
        response: {
          200: z.object({
            done: z.number().int(),
            total: z.number().int(),
            complete: z.boolean(),
            items: z.array(z.object({ item_id: z.number().int(), done: z.boolean() })),
          }),
          ...errors,
        },
      },
    },
    async (req) => {
      const { actor } = req;
      await load(req, req.params.id);
      const items = await repo.items(req.params.id, actor.accountId);
      const done = items.filter((i) => i.done).length;
      return {
        done,
        total: items.length,
        complete: items.length > 0 && done === items.length,
        items: items.map((i) => ({ item_id: i.item.id, done: i.done })),
      };
    },
  );

  app.post(
    "/api/b2b/v1/collections/:id/progress",
    {
      config: access,
      schema: {
        tags: ["network"],
        summary: "Mark an item done or not done (courses follow the course states)",
        params: IdParam,
        body: ItemProgressRequest,
        response: { 200: CollectionDetail, ...errors },
      },
    },
    async (req) => {
      const { actor } = req;
      const c = await load(req, req.params.id);
      // The owner ticks items on the page of their draft: progress is per content, so it counts in the live one too.
      const draft = networkPolicy.readDraft(actor, c) ? await drafts.state(c.id) : null;
      const found = (await repo.item(c.id, req.body.item_id)) ?? (draft ? await repo.item(draft.id, req.body.item_id) : undefined);
      if (!found) throw notFound("Item");
      await service.markDone(actor.accountId, found.content.id, req.body.done, req.params.id);
      if (found.content.contentType === "course") {
        // spec §4: a done course is finalized in my library; undone, it is running again.
        await content
          .moveCourse(
            actor,
            found.content.id,
            req.body.done ? [null, "wishlist", "running", "finalized"] : ["finalized"],
            req.body.done ? "finalized" : "running",
            { create: req.body.done },
          )
          .catch((err) => {
            if (req.body.done) throw err;
          });
      }
      return detail(actor, req.params.id);
    },
  );
};
