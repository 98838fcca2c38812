import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { and, asc, count, desc, eq, getTableColumns, type SQL } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import { collectionSlug, CreatePublishRequest, DecideRequest, ErrorBody, IdParam, Paginated, PublishRequest, PublishRequestsQuery, RejectRequest } from "@learnward/contracts";
import type { Db } from "../../db/client.ts";
import { accounts, authUsers, collections, publishRequests } from "../../db/schema/index.ts";
import { type Actor, authorize, COMPANY_ROLES, requireCompany } from "../../lib/actor.ts";
import { recordAudit } from "../../lib/audit.ts";
import { emit } from "../../lib/events.ts";
import { conflict, notFound } from "../../lib/errors.ts";
import { pageParams, toPage } from "../../lib/pagination.ts";
import type { DraftsRepo } from "./drafts.repo.ts";
import { networkPolicy } from "./network.policy.ts";

const errors = { 400: ErrorBody, 401: ErrorBody, 403: ErrorBody, 404: ErrorBody, 409: ErrorBody };
const asker = alias(accounts, "asker");
const askerUser = alias(authUsers, "asker_user");
const decider = alias(accounts, "decider");
const deciderUser = alias(authUsers, "decider_user");
// The submitted draft is read only to publish it, never to list requests.
const { revision: _revision, ...requestColumns } = getTableColumns(publishRequests);

/**
 * Publish requests: owners ask, the L&D leader accepts (the collection joins the library) or rejects with a reason.
 * Once published, the owner's draft of changes is submitted the same way (kind "edit", issue 22).
 */
export const publishRoutes: FastifyPluginAsyncZod<{ db: Db; drafts: DraftsRepo }> = async (app, { db, drafts }) => {
  const select = () =>
    db
      .select({ r: requestColumns, title: collections.title, askerName: askerUser.name, deciderName: deciderUser.name })
      .from(publishRequests)
      .innerJoin(collections, eq(collections.id, publishRequests.collectionId))
      .innerJoin(asker, eq(asker.id, publishRequests.requestedBy))
      .innerJoin(askerUser, eq(askerUser.id, asker.uid))
      .leftJoin(decider, eq(decider.id, publishRequests.decidedBy))
      .leftJoin(deciderUser, eq(deciderUser.id, decider.uid));
  type Row = Awaited<ReturnType<typeof select>>[number];
  const present = (x: Row) => ({
    id: x.r.id,
    kind: x.r.kind,
    collection: { id: x.r.collectionId, title: x.title, slug: collectionSlug(x.title) },
    status: x.r.status,
    message: x.r.message,
    reason: x.r.reason,
    requested_by: { id: x.r.requestedBy, display_name: x.askerName },
    decided_by: x.r.decidedBy !== null && x.deciderName !== null ? { id: x.r.decidedBy, display_name: x.deciderName } : null,
    decided_at: x.r.decidedAt?.toISOString() ?? null,
    created_at: x.r.createdAt.toISOString(),
    changes: x.r.changes,
  });
  async function load(actor: Actor, id: number) {
    const [row] = await select().where(and(eq(publishRequests.id, id), eq(publishRequests.companyId, requireCompany(actor))));
    if (!row || !(row.r.requestedBy === actor.accountId || networkPolicy.decidePublish(actor, null))) throw notFound("Publish request");
    return row;
  }

  app.get(
    "/api/b2b/v1/publish-requests",
    { config: { access: COMPANY_ROLES }, schema: { tags: ["network"], summary: "My publish requests, or the queue to decide (L&D leader)", querystring: PublishRequestsQuery, response: { 200: Paginated(PublishRequest), ...errors } } },
    async (req) => {
      const { actor } = req;
      const q = req.query;
      if (q.scope === "queue") authorize(actor, networkPolicy.decidePublish, null);
      const conds: SQL[] = [eq(publishRequests.companyId, requireCompany(actor))];
      if (q.scope === "mine") conds.push(eq(publishRequests.requestedBy, actor.accountId));
      if (q.status !== "all") conds.push(eq(publishRequests.status, q.status));
      const where = and(...conds);
      const p = pageParams(q, q.page_size);
      const [rows, [total]] = await Promise.all([
        select().where(where).orderBy(q.sort === "asc" ? asc(publishRequests.createdAt) : desc(publishRequests.createdAt), desc(publishRequests.id)).limit(p.limit).offset(p.offset),
        db.select({ n: count() }).from(publishRequests).where(where),
      ]);
      return toPage(req, p, total?.n ?? 0, rows.map(present));
    },
  );

  app.post(
    "/api/b2b/v1/publish-requests",
    { config: { access: COMPANY_ROLES }, schema: { tags: ["network"], summary: "Ask the L&D leader to publish my collection, or to accept my draft of a published one", body: CreatePublishRequest, response: { 201: PublishRequest, ...errors } } },
    async (req, reply) => {
      const { actor, companyId } = req;
      const [c] = await db.select().from(collections).where(and(eq(collections.id, req.body.collection_id), eq(collections.companyId, companyId)));
      if (!c || c.ownerId !== actor.accountId) throw notFound("Collection");
      authorize(actor, networkPolicy.editCollection, c);
      if (c.status === "published") {
        const id = await drafts.submit(c, actor.accountId, req.body.message ?? null);
        return reply.status(201).send(present(await load(actor, id)));
      }
      const id = await db.transaction(async (tx) => {
        // Only a private collection moves to pending: two clicks can't file two requests.
        const moved = await tx.update(collections).set({ status: "pending", updatedAt: new Date() }).where(and(eq(collections.id, c.id), eq(collections.status, "private"))).returning();
        if (!moved.length) throw conflict("publish_request_open", "A publish request for this collection is already open");
        const [row] = await tx.insert(publishRequests).values({ companyId, collectionId: c.id, requestedBy: actor.accountId, message: req.body.message ?? null }).returning();
        return row!.id;
      });
      return reply.status(201).send(present(await load(actor, id)));
    },
  );

  app.get(
    "/api/b2b/v1/publish-requests/:id",
    { config: { access: COMPANY_ROLES }, schema: { tags: ["network"], summary: "A publish request", params: IdParam, response: { 200: PublishRequest, ...errors } } },
    async (req) => present(await load(req.actor, req.params.id)),
  );

  for (const verb of ["accept", "reject"] as const) {
    app.post(
      `/api/b2b/v1/publish-requests/:id/${verb}`,
      {
        config: { access: ["ldleader"] },
        schema: { tags: ["network"], summary: verb === "accept" ? "Publish the collection to the company library" : "Reject, with a reason", params: IdParam, body: verb === "accept" ? DecideRequest : RejectRequest, response: { 200: PublishRequest, ...errors } },
      },
      async (req) => {
        const { actor } = req;
        const current = await load(actor, req.params.id);
        const accept = verb === "accept";
        const won = await db.transaction(async (tx) => {
          // The collection before the request, in the order discarding takes them: the two cannot deadlock.
          await drafts.lock(tx, current.r.collectionId);
          const [row] = await tx
            .update(publishRequests)
            .set({ status: accept ? "accepted" : "rejected", decidedBy: actor.accountId, decidedAt: new Date(), reason: accept ? null : (req.body.reason ?? null) })
            .where(and(eq(publishRequests.id, current.r.id), eq(publishRequests.status, "pending")))
            .returning();
          if (row?.kind === "edit") {
            // Rejected changes stay with the owner as their draft; the published version is untouched.
            if (accept) await drafts.publish(tx, row);
          } else if (row) {
            await tx
              .update(collections)
              .set(accept ? { status: "published", publishedAt: new Date(), updatedAt: new Date() } : { status: "private", updatedAt: new Date() })
              .where(eq(collections.id, row.collectionId));
          }
          if (row) {
            await recordAudit(tx, {
              actorId: actor.accountId,
              companyId: row.companyId,
              entity: "publish_request",
              entityId: row.id,
              action: verb,
              after: { title: current.title, kind: row.kind, collection_id: row.collectionId },
              reason: row.reason,
            });
            if (accept) await emit(tx, "collection.published", { actorId: actor.accountId, collectionId: row.collectionId });
          }
          return Boolean(row);
        });
        const after = await load(actor, req.params.id);
        if (!won && after.r.status !== (accept ? "accepted" : "rejected")) throw conflict("request_already_decided", `This request was already ${after.r.status}`, { status: after.r.status });
        return present(after);
      },
    );
  }
};
