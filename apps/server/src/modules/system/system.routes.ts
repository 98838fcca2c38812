import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { count, desc } from "drizzle-orm";
import { ErrorBody, Health, OutboxMessage, PageQuery, Paginated } from "@learnward/contracts";
import type { Database } from "../../db/client.ts";
import { outbox } from "../../db/schema/index.ts";
import { pageParams, toPage } from "../../lib/pagination.ts";
import { recordAudit } from "../../lib/audit.ts";

export const systemRoutes: FastifyPluginAsyncZod<{ database: Database; exposeOutbox: boolean }> = async (
  app,
  { database, exposeOutbox },
) => {
  app.get(
    "/api/health",
    {
      config: { access: "public" },
      schema: { tags: ["system"], summary: "Liveness and database reachability", response: { 200: Health, 503: Health } },
    },
    async (_req, reply) => {
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
        await recordAudit(database.db, { actorId: req.actor.accountId, companyId: null, entity: "outbox", entityId: null, action: "read", after: { page: p.page } });
        const [rows, [total]] = await Promise.all([
          database.db.select().from(outbox).orderBy(desc(outbox.id)).limit(p.limit).offset(p.offset),
          database.db.select({ n: count() }).from(outbox),
        ]);
        return toPage(
          req,
          p,
          total?.n ?? 0,
          rows.map((r) => ({ id: r.id, to: r.to, subject: r.subject, text: r.text, created_at: r.createdAt.toISOString() })),
        );
      },
    );
  }
};
