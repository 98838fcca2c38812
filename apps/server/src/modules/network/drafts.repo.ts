import type { PublishChanges } from "@learnward/contracts";
import { and, asc, desc, eq, inArray } from "drizzle-orm";
import type { Db, Tx } from "../../db/client.ts";
import { collectionItems, collections, collectionSections, contentItems, publishRequests, type Revision } from "../../db/schema/index.ts";
import type { CollectionRow } from "./collections.repo.ts";
import { filedRequest, requestColumns as publishRequestColumns } from "./publish-request.repo.ts";

type Q = Db | Tx;

export interface DraftState {
  id: number;
  state: "editing" | "in_review" | "rejected";
  reason: string | null;
  requestId: number | null;
  updatedAt: Date;
}

/** A collection's fields, sections and items as one value (the source rows' ids as keys); undefined when there is no such collection. */
async function snapshot(q: Q, collectionId: number): Promise<Revision | undefined> {
  // One after the other: inside a transaction they share one connection.
  const [c] = await q.select().from(collections).where(eq(collections.id, collectionId));
  const sections = await q
    .select()
    .from(collectionSections)
    .where(eq(collectionSections.collectionId, collectionId))
    .orderBy(asc(collectionSections.position), asc(collectionSections.id));
  const items = await q
    .select({ item: collectionItems, title: contentItems.title, contentType: contentItems.contentType })
    .from(collectionItems)
    .innerJoin(contentItems, eq(contentItems.id, collectionItems.contentId))
    .where(eq(collectionItems.collectionId, collectionId))
    .orderBy(asc(collectionItems.position), asc(collectionItems.id));
  if (!c) return undefined;
  return {
    title: c.title,
    description: c.description,
    coverUrl: c.coverUrl,
    skills: c.skills,
    sections: sections.map((s) => ({ key: s.id, title: s.title, position: s.position })),
    items: items.map(({ item, title, contentType }) => ({
      key: item.id,
      contentId: item.contentId,
      sectionKey: item.sectionId,
      position: item.position,
      title,
      contentType,
    })),
  };
}

/**
 * Replaces a collection's fields, sections and items with a revision's; answers the new section
 * and item ids by their source keys. Content deleted from the catalog since is left out.
 */
async function write(tx: Tx, collectionId: number, r: Revision) {
  await tx
    .update(collections)
    .set({ title: r.title, description: r.description, coverUrl: r.coverUrl, skills: r.skills, updatedAt: new Date() })
    .where(eq(collections.id, collectionId));
  await tx.delete(collectionItems).where(eq(collectionItems.collectionId, collectionId));
  await tx.delete(collectionSections).where(eq(collectionSections.collectionId, collectionId));
  const sectionIds = new Map<number, number>();
  for (const s of r.sections) {
    const [row] = await tx.insert(collectionSections).values({ collectionId, title: s.title, position: s.position }).returning({ id: collectionSections.id });
    sectionIds.set(s.key, row!.id);
  }
  const itemIds = new Map<number, number>();
  const wanted = [...new Set(r.items.map((i) => i.contentId))];
  const alive = new Set(
    wanted.length ? (await tx.select({ id: contentItems.id }).from(contentItems).where(inArray(contentItems.id, wanted))).map((x) => x.id) : [],
  );
  const items = r.items.filter((i) => alive.has(i.contentId));
  // Each list (a section, or the unsectioned items) numbered 1..n again.
  const lists = new Map<number | null, typeof items>();
  for (const i of [...items].sort((x, y) => x.position - y.position || x.key - y.key)) {
    const sectionId = i.sectionKey === null ? null : (sectionIds.get(i.sectionKey) ?? null);
    lists.set(sectionId, [...(lists.get(sectionId) ?? []), i]);
  }
  const values = [...lists].flatMap(([sectionId, list]) => list.map((i, n) => ({ collectionId, contentId: i.contentId, sectionId, position: n + 1 })));
  if (values.length) {
    const rows = await tx.insert(collectionItems).values(values).returning({ id: collectionItems.id, contentId: collectionItems.contentId });
    const byContent = new Map(rows.map((x) => [x.contentId, x.id]));
    for (const i of items) itemIds.set(i.key, byContent.get(i.contentId)!);
  }
  return { sectionIds, itemIds };
}

/** Drafts of published collections: what their owner edits while colleagues keep the published version. */
export function createDraftsRepo(db: Db) {
  return {
    /** Drafting, submitting, deciding and discarding take turns on the published row; false when there is no such collection. */
    async lock(tx: Tx, collectionId: number) {
      const [c] = await tx.select({ id: collections.id }).from(collections).where(eq(collections.id, collectionId)).for("update");
      return Boolean(c);
    },

    /** Whether a publish request of the collection (a first publication or an edit) is pending. */
    async hasPending(tx: Tx, collectionId: number) {
      const rows = await tx
        .select({ id: publishRequests.id })
        .from(publishRequests)
        .where(and(eq(publishRequests.collectionId, collectionId), eq(publishRequests.status, "pending")));
      return rows.length > 0;
    },

    async draftOf(tx: Tx, collectionId: number) {
      return (await tx.select().from(collections).where(eq(collections.draftOf, collectionId)))[0];
    },

    /** The draft of a collection and its review: in review while its request is pending, rejected after its last one was. */
    async state(collectionId: number): Promise<DraftState | null> {
      const [row] = await db
        .select({
          id: collections.id,
          updatedAt: collections.updatedAt,
          requestId: publishRequests.id,
          status: publishRequests.status,
          reason: publishRequests.reason,
        })
        .from(collections)
        .leftJoin(publishRequests, eq(publishRequests.draftId, collections.id))
        .where(eq(collections.draftOf, collectionId))
        .orderBy(desc(publishRequests.id))
        .limit(1);
      if (!row) return null;
      const state = row.status === "pending" ? "in_review" : row.status === "rejected" ? "rejected" : "editing";
      return {
        id: row.id,
        state,
        reason: state === "rejected" ? row.reason : null,
        requestId: state === "editing" ? null : row.requestId,
        updatedAt: row.updatedAt,
      };
    },

    /**
     * A copy of the published version as its draft. The ids of the copied sections and items, by the
     * published ones' ids, let the edit that made the draft name what it saw.
     */
    async copyAsDraft(tx: Tx, c: CollectionRow) {
      const [draft] = await tx
        .insert(collections)
        .values({ companyId: c.companyId, ownerId: c.ownerId, title: c.title, status: "private", draftOf: c.id })
        .returning();
      const ids = await write(tx, draft!.id, (await snapshot(tx, c.id))!);
      return { id: draft!.id, ...ids };
    },

    snapshot: (tx: Tx, collectionId: number) => snapshot(tx, collectionId),

    /** Files the draft's changes for review; answers the request as filed. */
    async insertEditRequest(
      tx: Tx,
      v: { companyId: number; collectionId: number; requestedBy: number; draftId: number; changes: PublishChanges; revision: Revision; message: string | null },
    ) {
      const [row] = await tx
        .insert(publishRequests)
        .values({ ...v, kind: "edit" })
        .returning(publishRequestColumns);
      return filedRequest(tx, row!);
    },

    /** Accepting: the published version becomes the submitted draft, sections and items included, in the decision's transaction. */
    async publish(tx: Tx, collectionId: number, revision: Revision) {
      await write(tx, collectionId, revision);
      await tx.delete(collections).where(eq(collections.draftOf, collectionId));
    },

    /** Drops the draft; a pending review of it is withdrawn. */
    async deleteDraft(tx: Tx, draftId: number) {
      await tx.delete(publishRequests).where(and(eq(publishRequests.draftId, draftId), eq(publishRequests.status, "pending")));
      await tx.delete(collections).where(eq(collections.id, draftId));
    },
  };
}
export type DraftsRepo = ReturnType<typeof createDraftsRepo>;
