import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { ErrorBody, Health, IdParam, OutboxMail, OutboxMessage, PageQuery, Paginated } from "@learnward/contracts";
import type { Database } from "../../db/client.ts";
import { pageParams, toPage } from "../../lib/pagination.ts";
import { prototypeChanges, snapshotPrototypes } from "../../lib/prototypes.ts";
import { presentOutboxMail, presentOutboxMessage } from "./system.present.ts";
import type { SystemService } from "./system.service.ts";

export const systemRoutes: FastifyPluginAsyncZod<{ database: Database; service: SystemService; exposeOutbox: boolean }> = async (
  app,
  { database, service, exposeOutbox },
) => {
  const prototypes = snapshotPrototypes();
  app.get(
    "/api/health",
    {
      config: { access: "public" },
      schema: { tags: ["system"], summary: "Liveness (the process unpolluted) and database reachability", response: { 200: Health, 503: Health } },
    },
    async (req, reply) => {
      // A process whose shared prototypes changed after start-up was polluted: whatever it answers
      // may follow an attacker's defaults, so it must leave the load balancer's rotation.
      const changed = prototypeChanges(prototypes);
      if (changed.length) {
        req.log.error({ changed }, "The shared prototypes changed after start-up: this process reports itself unhealthy");
        return reply.status(503).send({ status: "unavailable" as const, database: database.kind });
      }
      try {
        await database.ping();
        return { status: "ok" as const, database: database.kind };
      } catch {
        return reply.status(503).send({ status: "unavailable" as const, database: database.kind });
      }
    },
  );

  // Development only: the mail that would have been sent without SMTP_URL. It holds reset and
  // invitation links, so only a platform operator may read it, and each read is audited.
  if (exposeOutbox) {
    app.get(
      "/api/dev/outbox",
      {
        config: { access: ["admin"] },
        schema: {
          tags: ["system"],
          summary: "Development outbox (absent in production; platform operators only)",
          querystring: PageQuery,
          response: { 200: Paginated(OutboxMessage), 400: ErrorBody, 401: ErrorBody, 403: ErrorBody },
        },
      },
      async (req) => {
        const p = pageParams(req.query, 20);
        const { rows, count } = await service.readOutbox(req.actor, p.page, p.limit, p.offset);
        return toPage(req, p, count, rows.map(presentOutboxMessage));
      },
    );
    app.get(
      "/api/dev/outbox/:id",
      {
        config: { access: ["admin"] },
        schema: {
          tags: ["system"],
          summary: "One mail of the development outbox with its HTML and text parts (absent in production; platform operators only)",
          params: IdParam,
          response: { 200: OutboxMail, 400: ErrorBody, 401: ErrorBody, 403: ErrorBody, 404: ErrorBody },
        },
      },
      async (req) => presentOutboxMail(await service.readOutboxMail(req.actor, req.params.id)),
    );
  }
};
