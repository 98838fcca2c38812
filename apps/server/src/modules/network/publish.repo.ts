import type { z } from "zod";
import type { PublishRequestsQuery } from "@learnward/contracts";
import { and, asc, count, desc, eq, type SQL } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import type { Db } from "../../db/client.ts";
import { accounts, authUsers, collections, publishRequests } from "../../db/schema/index.ts";
import { recordAudit } from "../../lib/audit.ts";
import type { EventBus } from "../../lib/events.ts";
import { conflict } from "../../lib/errors.ts";
import type { CollectionRow } from "./collections.repo.ts";
import type { DraftsRepo } from "./drafts.repo.ts";
import { filedRequest, requestColumns } from "./publish-request.repo.ts";

const asker = alias(accounts, "asker");
const askerUser = alias(authUsers, "asker_user");
const decider = alias(accounts, "decider");
const deciderUser = alias(authUsers, "decider_user");

export interface PublishRequestFilter {
  companyId: number;
  /** Only this person's requests ("mine"); undefined for the L&D leader's queue. */
  requestedBy?: number;
  status: z.infer<typeof PublishRequestsQuery>["status"];
  sort: z.infer<typeof PublishRequestsQuery>["sort"];
  limit: number;
  offset: number;
}

/** Publish requests with their collection's title and the names of who asked and who decided. */
export function createPublishRepo(db: Db, events: EventBus, drafts: DraftsRepo) {
  const select = () =>
    db
      .select({ r: requestColumns, title: collections.title, askerName: askerUser.name, deciderName: deciderUser.name })
      .from(publishRequests)
      .innerJoin(collections, eq(collections.id, publishRequests.collectionId))
      .innerJoin(asker, eq(asker.id, publishRequests.requestedBy))
      .innerJoin(askerUser, eq(askerUser.id, asker.uid))
      .leftJoin(decider, eq(decider.id, publishRequests.decidedBy))
      .leftJoin(deciderUser, eq(deciderUser.id, decider.uid));

  return {
    async get(companyId: number, id: number) {
      const [row] = await select().where(and(eq(publishRequests.id, id), eq(publishRequests.companyId, companyId)));
      return row;
    },

    async list(f: PublishRequestFilter) {
      const conds: SQL[] = [eq(publishRequests.companyId, f.companyId)];
      if (f.requestedBy !== undefined) conds.push(eq(publishRequests.requestedBy, f.requestedBy));
      if (f.status !== "all") conds.push(eq(publishRequests.status, f.status));
      const where = and(...conds);
      const [rows, [total]] = await Promise.all([
        select()
          .where(where)
          .orderBy(f.sort === "asc" ? asc(publishRequests.createdAt) : desc(publishRequests.createdAt), desc(publishRequests.id))
          .limit(f.limit)
          .offset(f.offset),
        db.select({ n: count() }).from(publishRequests).where(where),
      ]);
      return { rows, count: total?.n ?? 0 };
    },

    /** Files a request for a private collection, which moves to pending; answers the request as filed. */
    async create(c: CollectionRow, requestedBy: number, message: string | null) {
      return db.transaction(async (tx) => {
        // Only a private collection moves to pending: two clicks can't file two requests.
        const moved = await tx
          .update(collections)
          .set({ status: "pending", updatedAt: new Date() })
          .where(and(eq(collections.id, c.id), eq(collections.status, "private")))
          .returning();
        if (!moved.length) throw conflict("publish_request_open", "A publish request for this collection is already open");
        const [row] = await tx.insert(publishRequests).values({ companyId: c.companyId, collectionId: c.id, requestedBy, message }).returning(requestColumns);
        await events.emit(tx, "publish_request.created", { actorId: requestedBy, requestId: row!.id, collectionId: c.id });
        return filedRequest(tx, row!);
      });
    },

    /**
     * Accepts or rejects a pending request: a first publication moves the collection, an edit's draft
     * replaces the published version. Answers false when the request was no longer pending.
     */
    async decide(actorId: number, current: { id: number; collectionId: number; title: string }, accept: boolean, reason: string | null) {
      return db.transaction(async (tx) => {
        // The collection before the request, in the order discarding takes them: the two cannot deadlock.
        await drafts.lock(tx, current.collectionId);
        const [row] = await tx
          .update(publishRequests)
          .set({ status: accept ? "accepted" : "rejected", decidedBy: actorId, decidedAt: new Date(), reason: accept ? null : reason })
          .where(and(eq(publishRequests.id, current.id), eq(publishRequests.status, "pending")))
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
            actorId,
            companyId: row.companyId,
            entity: "publish_request",
            entityId: row.id,
            action: accept ? "accept" : "reject",
            after: { title: current.title, kind: row.kind, collection_id: row.collectionId },
            reason: row.reason,
          });
          if (accept) await events.emit(tx, "collection.published", { actorId, collectionId: row.collectionId });
          const decided = { actorId, requestId: row.id, collectionId: row.collectionId, requesterId: row.requestedBy };
          await events.emit(tx, accept ? "publish_request.accepted" : "publish_request.rejected", decided);
          if (accept && row.kind === "edit")
            await events.emit(tx, "collection.changed", { actorId, collectionId: row.collectionId, editorId: row.requestedBy, requestId: row.id });
        }
        return Boolean(row);
      });
    },
  };
}
export type PublishRepo = ReturnType<typeof createPublishRepo>;
export type PublishRequestRow = NonNullable<Awaited<ReturnType<PublishRepo["get"]>>>;
