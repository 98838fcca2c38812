import { and, asc, count, desc, eq, ilike, inArray, isNull, or, sql, type SQL } from "drizzle-orm";
import type { Db, Tx } from "../../db/client.ts";
import {
  accounts,
  authUsers,
  collectionFollows,
  collectionItems,
  collections,
  collectionSections,
  contentItems,
  contentProgress,
  userContents,
} from "../../db/schema/index.ts";
import { arrange, saveOrder } from "../../db/ordering.ts";
import { aliased } from "../../db/sql.ts";
import { doneBy } from "./done.scope.ts";

export type CollectionRow = typeof collections.$inferSelect;

export interface CollectionFilter {
  companyId: number;
  viewerId: number;
  scope: "library" | "mine" | "following";
  skill?: string;
  type?: string;
  search?: string;
  limit: number;
  offset: number;
}

// Raw SQL names tables and columns through the schema (db/sql.ts), so that a rename fails to compile.
const [CI, ci] = aliased(collectionItems, "ci");
const [CT, ct] = aliased(contentItems, "ct");
const [F, f] = aliased(collectionFollows, "f");
const [D, d] = aliased(collections, "d");
/** The collection (of the outer query) is followed by this person. */
const followedBy = (viewerId: number) => sql<boolean>`exists (select 1 from ${F} where ${f.collectionId} = ${collections.id} and ${f.accountId} = ${viewerId})`;

export function createCollectionsRepo(db: Db) {
  const summaryColumns = (viewerId: number) => ({
    c: collections,
    ownerName: authUsers.name,
    itemsCount: sql<number>`(select count(*)::int from ${CI} where ${ci.collectionId} = ${collections.id})`,
    durationS: sql<number>`(select coalesce(sum(${ct.durationS}), 0)::int from ${CI} join ${CT} on ${ct.id} = ${ci.contentId} where ${ci.collectionId} = ${collections.id})`,
    types: sql<
      string[]
    >`(select coalesce(array_agg(distinct ${ct.contentType}), '{}') from ${CI} join ${CT} on ${ct.id} = ${ci.contentId} where ${ci.collectionId} = ${collections.id})`,
    following: followedBy(viewerId),
    done: sql<number>`(select count(*)::int from ${CI} where ${ci.collectionId} = ${collections.id} and ${doneBy(viewerId, ci.contentId)})`,
    hasDraft: sql<boolean>`(${collections.ownerId} = ${viewerId} and exists (select 1 from ${D} where ${d.draftOf} = ${collections.id}))`,
  });
  const base = (viewerId: number) =>
    db
      .select(summaryColumns(viewerId))
      .from(collections)
      .innerJoin(accounts, eq(accounts.id, collections.ownerId))
      .innerJoin(authUsers, eq(authUsers.id, accounts.uid));

  return {
    async list(f: CollectionFilter) {
      const conds: SQL[] = [eq(collections.companyId, f.companyId), isNull(collections.draftOf)];
      if (f.scope === "library") conds.push(eq(collections.status, "published"));
      if (f.scope === "mine") conds.push(eq(collections.ownerId, f.viewerId));
      if (f.scope === "following") conds.push(followedBy(f.viewerId), eq(collections.status, "published"));
      if (f.skill) conds.push(sql`${collections.skills} @> array[${f.skill}]::text[]`);
      if (f.type)
        conds.push(
          sql`exists (select 1 from ${CI} join ${CT} on ${ct.id} = ${ci.contentId} where ${ci.collectionId} = ${collections.id} and ${ct.contentType} = ${f.type})`,
        );
      if (f.search) {
        const like = `%${f.search.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
        conds.push(or(ilike(collections.title, like), ilike(collections.description, like))!);
      }
      const where = and(...conds);
      const [rows, [total]] = await Promise.all([
        base(f.viewerId).where(where).orderBy(desc(collections.updatedAt), desc(collections.id)).limit(f.limit).offset(f.offset),
        db.select({ n: count() }).from(collections).where(where),
      ]);
      return { rows, count: total?.n ?? 0 };
    },

    async summary(viewerId: number, id: number) {
      const [row] = await base(viewerId).where(eq(collections.id, id));
      return row;
    },

    /** Drafts are reached through their collection only (drafts.repo.ts). */
    async get(companyId: number, id: number) {
      const [row] = await db
        .select()
        .from(collections)
        .where(and(eq(collections.id, id), eq(collections.companyId, companyId), isNull(collections.draftOf)));
      return row;
    },

    async sections(collectionId: number) {
      return db
        .select()
        .from(collectionSections)
        .where(eq(collectionSections.collectionId, collectionId))
        .orderBy(asc(collectionSections.position), asc(collectionSections.id));
    },

    async items(collectionId: number, viewerId: number) {
      return db
        .select({
          item: collectionItems,
          content: contentItems,
          done: sql<boolean>`${doneBy(viewerId, collectionItems.contentId)}`,
          idPrimary: userContents.id,
        })
        .from(collectionItems)
        .innerJoin(contentItems, eq(contentItems.id, collectionItems.contentId))
        .leftJoin(userContents, and(eq(userContents.contentId, collectionItems.contentId), eq(userContents.accountId, viewerId)))
        .leftJoin(collectionSections, eq(collectionSections.id, collectionItems.sectionId))
        .where(eq(collectionItems.collectionId, collectionId))
        .orderBy(sql`${collectionSections.position} asc nulls first`, asc(collectionItems.position), asc(collectionItems.id));
    },

    /** A new collection (its `collection.created` is the service's). */
    async insert(tx: Tx, v: typeof collections.$inferInsert) {
      const [row] = await tx.insert(collections).values(v).returning();
      return row!;
    },

    async update(id: number, patch: Partial<typeof collections.$inferInsert>) {
      const [row] = await db
        .update(collections)
        .set({ ...patch, updatedAt: new Date() })
        .where(eq(collections.id, id))
        .returning();
      return row!;
    },

    async remove(id: number) {
      await db.delete(collections).where(eq(collections.id, id));
    },

    /** Serialises changes to one collection's order; false when there is no such collection. */
    async lock(tx: Tx, collectionId: number) {
      const [c] = await tx.select({ id: collections.id }).from(collections).where(eq(collections.id, collectionId)).for("update");
      return Boolean(c);
    },

    /** A section at the end of the collection's sections. */
    async appendSection(tx: Tx, collectionId: number, title: string) {
      const { ordered } = arrange(await sectionsOf(tx, collectionId), { id: 0, position: 0 });
      const [row] = await tx.insert(collectionSections).values({ collectionId, title, position: ordered.length }).returning();
      return row!;
    },

    /** Renames and/or moves a section of the collection; undefined when the collection has no such section. */
    async changeSection(tx: Tx, collectionId: number, sectionId: number, patch: { title?: string; position?: number }) {
      const list = await sectionsOf(tx, collectionId);
      const moved = list.find((s) => s.id === sectionId);
      if (!moved) return undefined;
      if (patch.title !== undefined) await tx.update(collectionSections).set({ title: patch.title }).where(eq(collectionSections.id, sectionId));
      if (patch.position !== undefined) {
        const { changes } = arrange(
          list.filter((s) => s.id !== sectionId),
          moved,
          patch.position,
        );
        await saveOrder(tx, collectionSections, collectionSections.id, collectionSections.position, changes);
      }
      const [row] = await tx.select().from(collectionSections).where(eq(collectionSections.id, sectionId));
      return row!;
    },

    /** The collection's section, if it has this one. */
    async sectionOf(tx: Tx, collectionId: number, sectionId: number) {
      const [s] = await tx
        .select()
        .from(collectionSections)
        .where(and(eq(collectionSections.id, sectionId), eq(collectionSections.collectionId, collectionId)));
      return s;
    },

    /** Deletes a section of the collection: its items stay, after the unsectioned ones. */
    async deleteSection(tx: Tx, collectionId: number, sectionId: number) {
      const moving = [...(await itemsOf(tx, collectionId, null)), ...(await itemsOf(tx, collectionId, sectionId))];
      await tx.update(collectionItems).set({ sectionId: null }).where(eq(collectionItems.sectionId, sectionId));
      await tx.delete(collectionSections).where(eq(collectionSections.id, sectionId));
      await saveItems(tx, arrange(moving, null).changes);
    },

    /** The collection's item, if it has this one (inside the writing transaction). */
    async itemOf(tx: Tx, collectionId: number, itemId: number) {
      const [row] = await tx
        .select()
        .from(collectionItems)
        .where(and(eq(collectionItems.id, itemId), eq(collectionItems.collectionId, collectionId)));
      return row;
    },

    /** A content added to the collection (positioned by `placeItem`); undefined when it is already there. */
    async insertItem(tx: Tx, collectionId: number, contentId: number, sectionId: number | null) {
      const [created] = await tx.insert(collectionItems).values({ collectionId, contentId, sectionId, position: 0 }).onConflictDoNothing().returning();
      return created;
    },

    /** Places an item at a position of its list (a section, or the unsectioned items); lists stay 1..n. */
    async placeItem(tx: Tx, collectionId: number, placed: typeof collectionItems.$inferSelect, sectionId: number | null, position?: number) {
      const others = async (sid: number | null) => (await itemsOf(tx, collectionId, sid)).filter((x) => x.id !== placed.id);
      if (placed.sectionId !== sectionId) {
        await saveItems(tx, arrange(await others(placed.sectionId), null).changes);
        await tx.update(collectionItems).set({ sectionId }).where(eq(collectionItems.id, placed.id));
      }
      // No position given: the item goes last of its list.
      await saveItems(tx, arrange(await others(sectionId), { id: placed.id, position: 0 }, position).changes);
      await tx.update(collections).set({ updatedAt: new Date() }).where(eq(collections.id, collectionId));
      const [row] = await tx.select().from(collectionItems).where(eq(collectionItems.id, placed.id));
      return row!;
    },

    /** Removes the collection's item and closes its gap; undefined when the collection has no such item. */
    async deleteItem(tx: Tx, collectionId: number, itemId: number) {
      const [removed] = await tx
        .delete(collectionItems)
        .where(and(eq(collectionItems.id, itemId), eq(collectionItems.collectionId, collectionId)))
        .returning();
      if (removed) await saveItems(tx, arrange(await itemsOf(tx, collectionId, removed.sectionId), null).changes);
      return removed;
    },

    async item(collectionId: number, itemId: number) {
      const [row] = await db
        .select({ item: collectionItems, content: contentItems })
        .from(collectionItems)
        .innerJoin(contentItems, eq(contentItems.id, collectionItems.contentId))
        .where(and(eq(collectionItems.id, itemId), eq(collectionItems.collectionId, collectionId)));
      return row;
    },

    /** True when this call made the person a follower (not when they already were). */
    async insertFollow(tx: Tx, accountId: number, collectionId: number) {
      const followed = await tx.insert(collectionFollows).values({ accountId, collectionId }).onConflictDoNothing().returning();
      return followed.length > 0;
    },

    async unfollow(accountId: number, collectionId: number) {
      await db.delete(collectionFollows).where(and(eq(collectionFollows.accountId, accountId), eq(collectionFollows.collectionId, collectionId)));
    },

    /** True when this call marked the content done (not when it already was). */
    async insertDone(tx: Tx, accountId: number, contentId: number) {
      const added = await tx.insert(contentProgress).values({ accountId, contentId }).onConflictDoNothing().returning();
      return added.length > 0;
    },

    async removeDone(accountId: number, contentId: number) {
      await db.delete(contentProgress).where(and(eq(contentProgress.accountId, accountId), eq(contentProgress.contentId, contentId)));
    },

    /** The person's done marks on this collection's items taken back (the path started again); answers the items' contents. */
    async undoneIn(tx: Tx, accountId: number, collectionId: number): Promise<number[]> {
      const rows = await tx.select({ contentId: collectionItems.contentId }).from(collectionItems).where(eq(collectionItems.collectionId, collectionId));
      const contentIds = rows.map((r) => r.contentId);
      if (contentIds.length) {
        await tx.delete(contentProgress).where(and(eq(contentProgress.accountId, accountId), inArray(contentProgress.contentId, contentIds)));
      }
      return contentIds;
    },

    /** These collections of the company, whatever their status (callers check what the actor may read). */
    async inCompany(companyId: number, ids: number[]) {
      if (!ids.length) return [];
      return db
        .select()
        .from(collections)
        .where(and(eq(collections.companyId, companyId), inArray(collections.id, ids)));
    },
  };
}
export type CollectionsRepo = ReturnType<typeof createCollectionsRepo>;

/** One list of a collection (a section's items, or the unsectioned ones) in order (db/ordering.ts). */
const itemsOf = (tx: Tx, collectionId: number, sectionId: number | null) =>
  tx
    .select({ id: collectionItems.id, position: collectionItems.position })
    .from(collectionItems)
    .where(
      and(eq(collectionItems.collectionId, collectionId), sectionId === null ? isNull(collectionItems.sectionId) : eq(collectionItems.sectionId, sectionId)),
    )
    .orderBy(asc(collectionItems.position), asc(collectionItems.id));
const saveItems = (tx: Tx, changes: { id: number; position: number }[]) =>
  saveOrder(tx, collectionItems, collectionItems.id, collectionItems.position, changes);

const sectionsOf = (tx: Tx, collectionId: number) =>
  tx
    .select()
    .from(collectionSections)
    .where(eq(collectionSections.collectionId, collectionId))
    .orderBy(asc(collectionSections.position), asc(collectionSections.id));
