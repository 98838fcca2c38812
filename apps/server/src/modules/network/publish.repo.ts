import type { z } from "zod";
import type { PublishRequestsQuery } from "@learnward/contracts";
import { and, asc, count, desc, eq, type SQL } from "drizzle-orm";
import type { Db, Tx } from "../../db/client.ts";
import { asker, decider } from "../../db/named-accounts.ts";
import { collections, publishRequests } from "../../db/schema/index.ts";
import { type AuditEvent, recordAudit } from "../../lib/audit.ts";
import { filedRequest, requestColumns } from "./publish-request.repo.ts";

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
export function createPublishRepo(db: Db) {
  const select = () =>
    db
      .select({ r: requestColumns, title: collections.title, askerName: asker.name, deciderName: decider.name })
      .from(publishRequests)
      .innerJoin(collections, eq(collections.id, publishRequests.collectionId))
      .innerJoin(asker, eq(asker.id, publishRequests.requestedBy))
      .leftJoin(decider, eq(decider.id, publishRequests.decidedBy));

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

    /** Only a private collection moves to pending; false when it is not private (any more). */
    async moveToPending(tx: Tx, collectionId: number) {
      const moved = await tx
        .update(collections)
        .set({ status: "pending", updatedAt: new Date() })
        .where(and(eq(collections.id, collectionId), eq(collections.status, "private")))
        .returning();
      return moved.length > 0;
    },

    /** Files a request for a first publication; answers the request as filed. */
    async insertRequest(tx: Tx, v: { companyId: number; collectionId: number; requestedBy: number; message: string | null }) {
      const [row] = await tx.insert(publishRequests).values(v).returning(requestColumns);
      return filedRequest(tx, row!);
    },

    /** Moves a pending request to its decision; undefined when it was no longer pending. */
    async markDecided(tx: Tx, id: number, actorId: number, accept: boolean, reason: string | null) {
      const [row] = await tx
        .update(publishRequests)
        .set({ status: accept ? "accepted" : "rejected", decidedBy: actorId, decidedAt: new Date(), reason: accept ? null : reason })
        .where(and(eq(publishRequests.id, id), eq(publishRequests.status, "pending")))
        .returning();
      return row;
    },

    /** A first publication decided: the collection joins the library, or goes back to private. */
    async setPublished(tx: Tx, collectionId: number, accept: boolean) {
      await tx
        .update(collections)
        .set(accept ? { status: "published", publishedAt: new Date(), updatedAt: new Date() } : { status: "private", updatedAt: new Date() })
        .where(eq(collections.id, collectionId));
    },

    audit: (tx: Tx, e: AuditEvent) => recordAudit(tx, e),
  };
}
export type PublishRepo = ReturnType<typeof createPublishRepo>;
export type PublishRequestRow = NonNullable<Awaited<ReturnType<PublishRepo["get"]>>>;
