import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { ErrorBody, ExportContentQuery, IdParam, IMPORT_MAX_BYTES, ImportContentRequest, LibraryImport, LibraryImportList } from "@learnward/contracts";
import { COMPANY_ROLES } from "../../lib/actor.ts";
import type { Clock } from "../../lib/clock.ts";
import type { ImportService } from "./import.service.ts";
import type { ExportReads } from "./export.repo.ts";
import { libraryBookmarks, libraryCsv, libraryJson } from "./export.format.ts";

/** Bringing a library in and taking it out: everyone imports into, and exports, their own library only. */
export const importRoutes: FastifyPluginAsyncZod<{ service: ImportService; exports: ExportReads; clock: Clock }> = async (app, { service, exports, clock }) => {
  app.post(
    "/api/contentuser/import",
    {
      config: { access: COMPANY_ROLES },
      // The file's text inside JSON: escaping may make it a little longer than the file.
      bodyLimit: Math.ceil(IMPORT_MAX_BYTES * 1.25),
      schema: {
        tags: ["library"],
        summary:
          "Import links into my library from a bookmark file, a CSV or a JSON export (Pocket, Raindrop, Instapaper, Karakeep, Linkwarden, Omnivore, a browser)",
        description:
          "The file is read at once: a broken one is refused, naming its line, and nothing is written. Its links are then saved by a " +
          "background job; follow it with GET /api/contentuser/import/{id}.",
        body: ImportContentRequest,
        response: { 202: LibraryImport, 400: ErrorBody, 401: ErrorBody, 403: ErrorBody, 413: ErrorBody },
      },
    },
    async (req, reply) => reply.status(202).send(await service.start(req.actor, req.body)),
  );

  app.get(
    "/api/contentuser/import",
    {
      config: { access: COMPANY_ROLES },
      schema: { tags: ["library"], summary: "My latest imports, newest first", response: { 200: LibraryImportList, 401: ErrorBody, 403: ErrorBody } },
    },
    async (req) => ({ results: await service.latest(req.actor) }),
  );

  app.get(
    "/api/contentuser/import/:id",
    {
      config: { access: COMPANY_ROLES },
      schema: {
        tags: ["library"],
        summary: "One of my imports: its progress, then its summary (another person's is not found)",
        params: IdParam,
        response: { 200: LibraryImport, 400: ErrorBody, 401: ErrorBody, 403: ErrorBody, 404: ErrorBody },
      },
    },
    async (req) => service.get(req.actor, req.params.id),
  );

  app.get(
    "/api/contentuser/export",
    {
      config: { access: COMPANY_ROLES },
      schema: {
        tags: ["library"],
        summary: "My whole library as a bookmark file, a CSV or JSON, private items, folders and sections included (what the import reads back)",
        querystring: ExportContentQuery,
        response: { 200: z.string(), 400: ErrorBody, 401: ErrorBody, 403: ErrorBody },
      },
    },
    async (req, reply) => {
      const rows = await exports.library(req.actor.accountId);
      const day = clock.now().toISOString().slice(0, 10);
      const [body, type, extension] =
        req.query.format === "csv"
          ? [libraryCsv(rows), "text/csv; charset=utf-8", "csv"]
          : req.query.format === "json"
            ? [libraryJson(rows, clock.now()), "application/json; charset=utf-8", "json"]
            : [libraryBookmarks(rows, "Learnward"), "text/html; charset=utf-8", "html"];
      return reply.type(type).header("content-disposition", `attachment; filename="learnward-library-${day}.${extension}"`).send(body);
    },
  );
};
