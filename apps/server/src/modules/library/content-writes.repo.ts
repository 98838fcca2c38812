import { and, eq, inArray, sql } from "drizzle-orm";
import type { ItemState } from "@learnward/contracts";
import type { Tx } from "../../db/client.ts";
import { contentItems, folderRelations, userContents } from "../../db/schema/index.ts";

/** The details a page read may fill in, on a catalog row or a saved copy. */
export type PageDetails = Partial<Pick<typeof userContents.$inferInsert, "title" | "author" | "description" | "durationS" | "imageUrl">>;

// The steps of the writes to a person's library (content.service.ts opens their transaction and
// emits their events), each run inside the transaction it is given.

export function createContentWrites() {
  return {
    /** undefined when the person already saved this catalog item. */
    async insertCopy(tx: Tx, values: typeof userContents.$inferInsert) {
      const [row] = await tx.insert(userContents).values(values).onConflictDoNothing().returning();
      return row;
    },

    /** undefined when the item is not the person's. */
    async updateCopy(tx: Tx, accountId: number, id: number, patch: Partial<typeof userContents.$inferInsert>) {
      const [row] = await tx
        .update(userContents)
        .set({ ...patch, updatedAt: new Date() })
        .where(and(eq(userContents.id, id), eq(userContents.accountId, accountId)))
        .returning();
      return row;
    },

    /** A saved item and its catalog row, both locked (in that order, as an edit locks them), for the page read after the save. */
    async lockForPageRead(tx: Tx, id: number) {
      const [copy] = await tx.select().from(userContents).where(eq(userContents.id, id)).for("update");
      if (!copy) return undefined;
      const [row] = await tx.select().from(contentItems).where(eq(contentItems.id, copy.contentId)).for("update");
      return { copy, row };
    },

    /** Writes what the page read added to a catalog row. */
    async describeCatalogRow(tx: Tx, id: number, patch: PageDetails) {
      await tx
        .update(contentItems)
        .set({ ...patch, updatedAt: new Date() })
        .where(eq(contentItems.id, id));
    },

    /** Marks the catalog row as brought in by a save now private, if this person created it (catalog.scope.ts). */
    async markPrivateOrigin(tx: Tx, contentId: number, accountId: number) {
      await tx
        .update(contentItems)
        .set({ privateOrigin: true })
        .where(and(eq(contentItems.id, contentId), eq(contentItems.createdBy, accountId)));
    },

    /** The person's item, locked; undefined when it is not theirs. */
    async lockOwned(tx: Tx, accountId: number, id: number) {
      const [owned] = await tx
        .select({ id: userContents.id })
        .from(userContents)
        .where(and(eq(userContents.id, id), eq(userContents.accountId, accountId)))
        .for("update");
      return owned;
    },

    /** The person's own saved item, locked, with what its state depends on; undefined when it is not theirs. */
    async lockOwnedItem(tx: Tx, accountId: number, id: number) {
      const [owned] = await tx
        .select({ id: userContents.id, accountId: userContents.accountId, contentId: userContents.contentId, contentType: userContents.contentType })
        .from(userContents)
        .where(and(eq(userContents.id, id), eq(userContents.accountId, accountId)))
        .for("update");
      return owned;
    },

    /** An item's places in its owner's folders (what an undo puts back). */
    async folderPlaces(tx: Tx, id: number) {
      return tx
        .select({ id_folder: folderRelations.folderId, id_section: folderRelations.sectionId, priority: folderRelations.priority })
        .from(folderRelations)
        .where(eq(folderRelations.userContentId, id))
        .orderBy(folderRelations.folderId);
    },

    /** Removes the item and, with it, its places in the owner's folders. */
    /** Deletes the copy; answers which catalog item it was a copy of. */
    async deleteCopy(tx: Tx, id: number) {
      const [gone] = await tx.delete(userContents).where(eq(userContents.id, id)).returning({ contentId: userContents.contentId });
      return gone;
    },

    /** The course state of the person's copy of a catalog item, locked. */
    async lockCourse(tx: Tx, accountId: number, contentId: number) {
      const [before] = await tx
        .select({ status: userContents.courseStatus })
        .from(userContents)
        .where(and(eq(userContents.accountId, accountId), eq(userContents.contentId, contentId)))
        .for("update");
      return before;
    },

    /**
     * spec §4 Course status: one statement moves the item, and only from the states allowed,
     * so concurrent moves can neither duplicate nor lose it. undefined when it was in none of them.
     */
    async moveCourse(tx: Tx, accountId: number, contentId: number, from: readonly (ItemState | null)[], to: ItemState | null) {
      const fromStates = from.filter((s): s is ItemState => s !== null);
      const fromCond =
        from.includes(null) && fromStates.length
          ? sql`(${userContents.courseStatus} is null or ${inArray(userContents.courseStatus, fromStates)})`
          : from.includes(null)
            ? sql`${userContents.courseStatus} is null`
            : inArray(userContents.courseStatus, fromStates);
      const [row] = await tx
        .update(userContents)
        .set({ courseStatus: to, updatedAt: new Date() })
        .where(and(eq(userContents.accountId, accountId), eq(userContents.contentId, contentId), fromCond))
        .returning();
      return row;
    },
  };
}
