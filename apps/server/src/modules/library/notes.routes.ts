import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import {
  AddHighlightRequest,
  EditHighlightRequest,
  ErrorBody,
  Highlight,
  HIGHLIGHT_PAGE_SIZE,
  HighlightIdParam,
  IdParam,
  ItemNote,
  PageQuery,
  Paginated,
  PutItemNoteRequest,
  SaveHighlightByUrlRequest,
  SaveHighlightByUrlResponse,
} from "@learnward/contracts";
import { COMPANY_ROLES } from "../../lib/actor.ts";
import { pageParams, toPage } from "../../lib/pagination.ts";
import { presentContent } from "./library.present.ts";
import type { HighlightRow, NoteRow } from "./notes.repo.ts";
import type { NotesService } from "./notes.service.ts";

const errors = { 400: ErrorBody, 401: ErrorBody, 403: ErrorBody, 404: ErrorBody };
/** Everyone in a company keeps notes on their own saves; the service answers anyone else's item as not found. */
const access = { access: COMPANY_ROLES };

const presentNote = ({ itemId, row }: { itemId: number; row: NoteRow | undefined }): ItemNote => ({
  id_primary: itemId,
  note: row?.body ?? "",
  updated_at: row?.updatedAt.toISOString() ?? null,
});

const presentHighlight = (h: HighlightRow): Highlight => ({
  id: h.id,
  id_primary: h.userContentId,
  text: h.text,
  comment: h.comment,
  position: h.position,
  created_at: h.createdAt.toISOString(),
  updated_at: h.updatedAt.toISOString(),
});

/** My note and highlights on my saved items: the owner alone reads and writes them. */
export const notesRoutes: FastifyPluginAsyncZod<{ service: NotesService }> = async (app, { service }) => {
  app.get(
    "/api/contentuser/:id/note",
    {
      config: access,
      schema: {
        tags: ["library"],
        summary: "My note on my saved item (Markdown; empty when there is none). Owner only: anyone else's item is not found",
        params: IdParam,
        response: { 200: ItemNote, ...errors },
      },
    },
    async (req) => presentNote(await service.note(req.actor, req.params.id)),
  );

  app.put(
    "/api/contentuser/:id/note",
    {
      config: access,
      schema: {
        tags: ["library"],
        summary: "Write my note on my saved item (the whole note; empty clears it). Owner only",
        params: IdParam,
        body: PutItemNoteRequest,
        response: { 200: ItemNote, ...errors },
      },
    },
    async (req) => presentNote(await service.putNote(req.actor, req.params.id, req.body.note)),
  );

  app.get(
    "/api/contentuser/:id/highlights",
    {
      config: access,
      schema: {
        tags: ["library"],
        summary: "The highlights of my saved item, in page order. Owner only",
        params: IdParam,
        querystring: PageQuery,
        response: { 200: Paginated(Highlight), ...errors },
      },
    },
    async (req) => {
      const p = pageParams(req.query, req.query.page_size ?? HIGHLIGHT_PAGE_SIZE);
      const { rows, count } = await service.highlights(req.actor, req.params.id, p);
      return toPage(req, p, count, rows.map(presentHighlight));
    },
  );

  app.post(
    "/api/contentuser/:id/highlights",
    {
      config: access,
      schema: {
        tags: ["library"],
        summary: "Add a highlight (a quoted passage and my comment) to my saved item. Owner only",
        params: IdParam,
        body: AddHighlightRequest,
        response: { 201: Highlight, 409: ErrorBody, ...errors },
      },
    },
    async (req, reply) => reply.status(201).send(presentHighlight(await service.addHighlight(req.actor, req.params.id, req.body))),
  );

  app.post(
    "/api/contentuser/highlights",
    {
      config: access,
      schema: {
        tags: ["library"],
        summary: "Highlight a passage of a page by its address (the browser extension): the page is saved to my library first if it is not yet",
        body: SaveHighlightByUrlRequest,
        response: { 201: SaveHighlightByUrlResponse, 409: ErrorBody, ...errors },
      },
    },
    async (req, reply) => {
      const { item, created, highlight } = await service.highlightPage(req.actor, req.body);
      return reply.status(201).send({ item: presentContent(item), item_created: created, highlight: presentHighlight(highlight) });
    },
  );

  app.patch(
    "/api/contentuser/highlights/:highlightId",
    {
      config: access,
      schema: {
        tags: ["library"],
        summary: "Edit one of my highlights: its comment, or the quoted text. Owner only",
        params: HighlightIdParam,
        body: EditHighlightRequest,
        response: { 200: Highlight, ...errors },
      },
    },
    async (req) => presentHighlight(await service.editHighlight(req.actor, req.params.highlightId, req.body)),
  );

  app.delete(
    "/api/contentuser/highlights/:highlightId",
    {
      config: access,
      schema: {
        tags: ["library"],
        summary: "Delete one of my highlights; answers it, for an undo. Owner only",
        params: HighlightIdParam,
        response: { 200: Highlight, ...errors },
      },
    },
    async (req) => presentHighlight(await service.removeHighlight(req.actor, req.params.highlightId)),
  );
};
