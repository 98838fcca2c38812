import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import {
  ContentCounts,
  ContentCountsQuery,
  ContentItem,
  ContentItemDetail,
  DeleteContentResponse,
  ContentPreview,
  ContentSearchQuery,
  ContentSearchResponse,
  ContentType,
  ErrorBody,
  IdParam,
  IdPrimaryQuery,
  ItemText,
  READING_WORDS_PER_MINUTE,
  Paginated,
  PreviewContentRequest,
  SaveContentRequest,
  SetItemStateRequest,
  UpdateContentRequest,
  VERIFIER_MAX_IDS,
  VerifierQuery,
} from "@learnward/contracts";
import { type Actor, COMPANY_ROLES, authorize } from "../../lib/actor.ts";
import { AppError, badRequest, notFound } from "../../lib/errors.ts";
import { pageParams, toPage } from "../../lib/pagination.ts";
import { libraryFilters, presentOwnItem, presentWithTags } from "./content.filters.ts";
import { libraryList, requestedTypes } from "./content.lists.ts";
import type { ContentTexts } from "./content-texts.repo.ts";
import type { ContentRepo } from "./content.repo.ts";
import { libraryPolicy } from "./library.policy.ts";
import { presentItemDetail } from "./library.present.ts";
import type { ContentService } from "./content.service.ts";
import type { TagsRepo } from "./tags.repo.ts";

/** One of contenType's values that this server knows (ContentType is built once: a schema built per request cost about 4% of a search). */
const isKnownType = (type: string): type is ContentType => ContentType.safeParse(type).success;

const errors = { 400: ErrorBody, 401: ErrorBody, 403: ErrorBody, 404: ErrorBody, 409: ErrorBody };
const access = { access: COMPANY_ROLES };

/** spec §7 consumer area: a person's saved content. Everyone acts on their own library only. */
export const contentRoutes: FastifyPluginAsyncZod<{ repo: ContentRepo; service: ContentService; texts: ContentTexts; tags: TagsRepo }> = async (
  app,
  { repo, service, texts, tags },
) => {
  /** PRODUCT.md: another person's saves only inside the same company, and only public ones. */
  async function libraryOwner({ actor, companyId }: { actor: Actor; companyId: number }, username: string | undefined) {
    if (!username) return actor.accountId;
    const other = await repo.accountIdByUsername(companyId, username);
    if (!other) throw notFound("User");
    return other;
  }

  app.get(
    "/api/contentuser/counts",
    {
      config: access,
      schema: {
        tags: ["library"],
        summary: "How many items of each type and course state (spec §3 counts)",
        querystring: ContentCountsQuery,
        response: { 200: ContentCounts, ...errors },
      },
    },
    async (req) => {
      const ownerId = await libraryOwner(req, req.query.username);
      // Asking by username is the public view, even of myself ("as colleagues see it").
      const own = !req.query.username;
      const { term, tagIds } = await libraryFilters(tags, req.query, { ownerId, own });
      return repo.counts(ownerId, own, term, tagIds);
    },
  );

  app.get(
    "/api/contentuser/search",
    {
      config: access,
      schema: {
        tags: ["library"],
        summary: "Search my saved content, or a colleague's public saves (username)",
        querystring: ContentSearchQuery,
        response: { 200: ContentSearchResponse, ...errors },
      },
    },
    async (req) => {
      const q = req.query;
      // A spec client's list may name types this server does not know: they are ignored, as the
      // spec's server filters by the types it has. A list of only unknown values names no type, and
      // matches nothing ('all' is how the spec asks for every type).
      const types = requestedTypes(q.contenType).filter(isKnownType);
      const ownerId = await libraryOwner(req, q.username);
      const own = !q.username;
      const p = pageParams(q, q.page_size);
      if (types.length === 0) return { count: 0, results: [], links: { next: null, previous: toPage(req, p, 0, []).previous } };
      const { term, tagIds } = await libraryFilters(tags, q, { ownerId, own });
      const { rows, count } = await repo.search({
        ownerId,
        includePrivate: own,
        ...libraryList(types, q),
        term,
        inText: q.in === "text",
        tagIds,
        limit: p.limit,
        offset: p.offset,
      });
      const items = await presentWithTags(tags, rows, own && libraryPolicy.seeTags(req.actor, { ownerId }));
      const page = toPage(req, p, count, items);
      return { count, results: page.results, links: { next: page.next, previous: page.previous } };
    },
  );

  app.post(
    "/api/contentuser/save",
    {
      config: access,
      schema: {
        tags: ["library"],
        summary: "Save a URL or a catalog item to my library",
        body: SaveContentRequest,
        response: { 201: ContentItem, ...errors },
      },
    },
    async (req, reply) => {
      const row = await service.save(req.actor, req.body);
      return reply.status(201).send(await presentOwnItem(tags, row));
    },
  );

  app.post(
    "/api/contentuser/preview",
    {
      config: access,
      schema: {
        tags: ["library"],
        summary: "Read a URL's title, author, description, image and duration before saving it",
        body: PreviewContentRequest,
        response: { 200: ContentPreview, ...errors },
      },
    },
    async (req) => service.preview(req.body.url),
  );

  app.patch(
    "/api/contentuser/:id",
    {
      config: access,
      schema: {
        tags: ["library"],
        summary: "Edit my saved copy of an item (a new url is recognised again: provider and content type)",
        params: IdParam,
        body: UpdateContentRequest,
        response: { 200: ContentItem, ...errors },
      },
    },
    async (req) => {
      const row = await service.edit(req.actor, req.params.id, req.body);
      if (!row) throw notFound("Content");
      return presentOwnItem(tags, row);
    },
  );

  app.get(
    "/api/contentuser/:id",
    {
      config: access,
      schema: {
        tags: ["library"],
        summary: "One of my saved items, with my folders that hold it and the colleagues who saved it too (their public saves only)",
        description:
          "The owner's only: another person's item, a colleague's or another company's, is not found (404), as for PATCH. " +
          "saved_by counts the active people of my company who saved the same content publicly and names the latest of them.",
        params: IdParam,
        response: { 200: ContentItemDetail, ...errors },
      },
    },
    async (req) => {
      const detail = presentItemDetail(await service.item(req.actor, req.params.id));
      // The owner's own item: its tags for the page's tag editor.
      const tagged = await tags.ofItems([detail.id_primary]);
      return { ...detail, tags: tagged.get(detail.id_primary) ?? [] };
    },
  );

  app.patch(
    "/api/contentuser/:id/state",
    {
      config: access,
      schema: {
        tags: ["library"],
        summary: "Move my saved item to a state: wishlist, running (in progress) or finalized (done); a job: saved, applied or closed",
        params: IdParam,
        body: SetItemStateRequest,
        response: { 200: ContentItem, ...errors },
      },
    },
    async (req) => presentOwnItem(tags, await service.setState(req.actor, req.params.id, req.body.state)),
  );

  app.get(
    "/api/contentuser/:id/text",
    {
      config: access,
      schema: {
        tags: ["library"],
        summary: "The readable text of my saved item's page (its reader view), kept when the page was read after the save",
        params: IdParam,
        response: { 200: ItemText, ...errors },
      },
    },
    async (req) => {
      const found = await texts.forReader(req.actor.accountId, req.params.id);
      if (!found) throw notFound("Content");
      authorize(req.actor, libraryPolicy.readItemText, found.copy, "not_found");
      const { copy, text } = found;
      if (!text) {
        throw copy.metadataPending
          ? new AppError("item_text_pending", 404, "The page is still being read")
          : new AppError("item_text_unavailable", 404, "No readable text was found on this page");
      }
      return {
        id_primary: copy.id,
        title: text.title ?? copy.title,
        byline: text.byline,
        site_name: text.siteName,
        excerpt: text.excerpt,
        url: text.sourceUrl,
        text: text.text,
        word_count: text.wordCount,
        reading_minutes: Math.max(1, Math.round(text.wordCount / READING_WORDS_PER_MINUTE)),
        read_at: text.readAt.toISOString(),
      };
    },
  );

  app.delete(
    "/api/contentuser/delete",
    {
      config: access,
      schema: {
        tags: ["library"],
        summary: "Remove an item from my library (and its places in my folders, answered for an undo)",
        querystring: IdPrimaryQuery,
        response: { 200: DeleteContentResponse, ...errors },
      },
    },
    async (req) => {
      const removed = await service.remove(req.actor, req.query.id_primary);
      if (!removed) throw notFound("Content");
      return removed;
    },
  );

  app.get(
    "/api/user/content-verifier/items",
    {
      config: access,
      schema: {
        tags: ["library"],
        summary: "Which of these catalog items I have saved",
        querystring: VerifierQuery,
        response: { 200: Paginated(ContentItem), ...errors },
      },
    },
    async (req) => {
      const { actor } = req;
      const raw = req.query.id_content__in
        ?.split(",")
        .map((s) => s.trim())
        .filter(Boolean);
      const ids = raw?.map(Number);
      if (ids && ids.some((n) => !Number.isInteger(n) || n <= 0 || n > 2_147_483_647)) {
        throw badRequest("id_content__in must be a comma list of ids");
      }
      // spec §5: the id filter applies only with 1 to 40 ids.
      if (ids && ids.length > VERIFIER_MAX_IDS) throw badRequest(`At most ${VERIFIER_MAX_IDS} ids per query`);
      const p = pageParams(req.query, req.query.page_size);
      const { rows, count } = await repo.verify(actor.accountId, req.query.type, ids?.length ? ids : undefined, p.limit, p.offset);
      return toPage(req, p, count, await presentWithTags(tags, rows, true));
    },
  );
};
