import type { FastifyInstance, FastifyRequest } from "fastify";
import { z } from "zod";
import type { Clock } from "../../lib/clock.ts";
import { AppError, badRequest } from "../../lib/errors.ts";
import type { OpenApi } from "../../plugins/security.ts";
import type { LrsCaller, LrsCredentialsService } from "./lrs-credentials.service.ts";
import type { XapiService } from "./xapi.service.ts";
import type { XapiDocumentsService } from "./xapi-documents.service.ts";
import type { XapiLookupService } from "./xapi-lookup.service.ts";
import { xapiDocumentRoutes } from "./xapi-documents.routes.ts";
import { readGetStatements } from "./xapi.query.ts";
import { Uuid } from "./xapi.schema.ts";

declare module "fastify" {
  interface FastifyRequest {
    lrsCaller?: LrsCaller;
  }
}

/**
 * CORS for content that calls the LRS from a browser on its own site (most xAPI content does), for
 * the security plugin: any origin, never with cookies; the headers xAPI's calls send and read.
 */
export const XAPI_CORS: OpenApi = {
  prefix: "/xapi/",
  methods: ["GET", "HEAD", "PUT", "POST", "DELETE"],
  allowedHeaders: ["authorization", "content-type", "x-experience-api-version", "if-match", "if-none-match"],
  exposedHeaders: ["etag", "last-modified", "x-experience-api-version", "x-experience-api-consistent-through"],
};

/** The version this LRS speaks, sent on every answer (Part Three §6.2). */
export const XAPI_VERSION = "1.0.3";
// 1.0.x as the spec asks, and 2.0's header, whose statements resource reads the same for what is stored here.
const ACCEPTED_VERSION = /^(1\.0|1\.0\.\d+|2\.0|2\.0\.\d+)$/;
/** A 10,000-statement batch is some 5 MB of JSON; twice that leaves room for rich ones. */
export const XAPI_BODY_LIMIT = 10 * 1024 * 1024;

const PutQuery = z.strictObject({ statementId: Uuid });
// Every xAPI route is reached with the LRS's own credential (HTTP Basic), never a session: the app's gate stays out (no config.access outside /api/).
const doc = (summary: string) => ({ schema: { tags: ["xapi"], summary } });
const caller = (req: FastifyRequest) => req.lrsCaller!;

/**
 * /xapi: a company's Learning Record Store (xAPI 1.0.3, Part Three): the statements resource, the
 * about resource, and (xapi-documents.routes.ts) the document, Activities and Agents resources. The company is the credential's; refusals keep the app's error shape.
 */
export async function xapiRoutes(
  app: FastifyInstance,
  {
    credentials,
    statements,
    documents,
    lookup,
    clock,
  }: { credentials: LrsCredentialsService; statements: XapiService; documents: XapiDocumentsService; lookup: XapiLookupService; clock: Clock },
) {
  // Writes from other sites' pages are welcome (XAPI_CORS): every call but /about must carry the
  // version header, which no form or simple request can send, so a page can't make a browser write
  // here with credentials it cached; and a call is the credential's, never a cookie's.
  app.addHook("onRoute", (route) => {
    route.config = { ...route.config, crossOriginPost: true };
  });
  app.addHook("onSend", async (_req, reply, payload) => {
    reply.header("x-experience-api-version", XAPI_VERSION);
    return payload;
  });
  app.addHook("onRequest", async (req) => {
    if (req.routeOptions.url === "/xapi/about") return;
    // The credential first: a caller without one learns nothing, not even which versions are spoken.
    req.lrsCaller = await credentials.caller(req.headers.authorization);
    const version = req.headers["x-experience-api-version"];
    if (typeof version !== "string" || !ACCEPTED_VERSION.test(version.trim()))
      throw new AppError("xapi_version_required", 400, `Send the X-Experience-API-Version header (1.0.x or 2.0.x)`, { supported: [XAPI_VERSION] });
  });

  // Its own scope: documents are read as raw bytes of any content type, statements stay JSON.
  await app.register(xapiDocumentRoutes, { documents, lookup });

  app.get("/about", doc("The versions this LRS speaks (no credential needed)"), async () => ({ version: [XAPI_VERSION], extensions: {} }));

  app.get(
    "/statements",
    doc("One statement (statementId, voidedStatementId) or a query (agent, verb, activity, since, until, limit, ascending; more)"),
    async (req, reply) => {
      const asked = readGetStatements(req.query as Record<string, unknown>);
      // Every statement stored by now is visible to this read (§2.1.3): stored times come from the same clock.
      reply.header("x-experience-api-consistent-through", clock.now().toISOString());
      if (asked.kind === "one") return statements.one(caller(req), asked.id, asked.voided, asked.format);
      return statements.query(caller(req), asked.kind === "more" ? { more: asked.more } : asked.query);
    },
  );

  app.post(
    "/statements",
    { ...doc("Store one statement or a batch (up to 10,000), all or nothing; answers their ids"), bodyLimit: XAPI_BODY_LIMIT },
    async (req) => {
      if (Object.keys(req.query as object).length > 0)
        throw badRequest("POST statements takes no parameters", { parameters: Object.keys(req.query as object) });
      if (req.body === undefined) throw badRequest("Send a statement or an array of statements");
      return statements.store(caller(req), req.body);
    },
  );

  app.put("/statements", { ...doc("Store one statement under the statementId parameter"), bodyLimit: XAPI_BODY_LIMIT }, async (req, reply) => {
    const q = PutQuery.safeParse(req.query);
    if (!q.success) throw badRequest("PUT statements takes one parameter, statementId (a UUID)");
    if (req.body === undefined || Array.isArray(req.body)) throw badRequest("PUT statements takes one statement");
    await statements.store(caller(req), req.body, q.data.statementId.toLowerCase());
    return reply.status(204).send();
  });
}
