import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { ErrorBody, IMPORT_MAX_BYTES, ImportContentRequest, ImportContentResponse } from "@learnward/contracts";
import { COMPANY_ROLES } from "../../lib/actor.ts";
import type { ImportService } from "./import.service.ts";

/** Bringing a library in: everyone imports into their own library only. */
export const importRoutes: FastifyPluginAsyncZod<{ service: ImportService }> = async (app, { service }) => {
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
};
