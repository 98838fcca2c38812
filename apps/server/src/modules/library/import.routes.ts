import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { ErrorBody, ExportContentQuery, IMPORT_MAX_BYTES, ImportContentRequest, ImportContentResponse } from "@learnward/contracts";
import { COMPANY_ROLES } from "../../lib/actor.ts";
import type { Clock } from "../../lib/clock.ts";
import type { ImportService } from "./import.service.ts";
import type { ExportReads } from "./export.repo.ts";
import { libraryBookmarks, libraryCsv } from "./export.format.ts";

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
        summary: "Import links into my library from a bookmark file or a CSV (Pocket, Raindrop, a browser)",
        body: ImportContentRequest,
        response: { 200: ImportContentResponse, 400: ErrorBody, 401: ErrorBody, 403: ErrorBody, 413: ErrorBody },
      },
    },
    async (req) => service.importLibrary(req.actor, req.body),
  );

  app.get(
    "/api/contentuser/export",
    {
      config: { access: COMPANY_ROLES },
      schema: {
        tags: ["library"],
        summary: "My whole library as a bookmark file or a CSV, private items and folders included (what the import reads back)",
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
          : [libraryBookmarks(rows, "Learnward"), "text/html; charset=utf-8", "html"];
      return reply.type(type).header("content-disposition", `attachment; filename="learnward-library-${day}.${extension}"`).send(body);
    },
  );
};
