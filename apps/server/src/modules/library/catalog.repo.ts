import { and, eq, inArray, sql } from "drizzle-orm";
import type { Db, Tx } from "../../db/client.ts";
import { contentItems, userContents } from "../../db/schema/index.ts";
import type { Executor } from "../../lib/events.ts";
import { catalogScope, publicInCatalog } from "./catalog.scope.ts";

export type CatalogRow = typeof contentItems.$inferSelect;
export type NewCatalogItem = Omit<typeof contentItems.$inferInsert, "id" | "createdAt" | "updatedAt">;

// The company catalog as the library writes it: one row per normalised URL per company, shared by
// everyone who saves the link. A row that isn't public came from a colleague's private save and
// lends nobody its data.

const CATALOG = { id: contentItems.id, privateOrigin: contentItems.privateOrigin };

/**
 * Gives a row that wasn't public when the caller looked this person's data and makes them its
 * creator (the caller decides before its own write makes the row public).
 */
async function claimRow(on: Executor, contentId: number, data: Partial<Description>, accountId: number) {
  await on
    .update(contentItems)
    .set({ ...data, createdBy: accountId, privateOrigin: false, updatedAt: new Date() })
    .where(eq(contentItems.id, contentId));
}

/** What a catalog row says about its link: what a person's own data replaces on a row that isn't public. */
const describing = (v: Pick<CatalogRow, "url" | "title" | "contentType" | "provider" | "author" | "durationS" | "description" | "imageUrl">) => ({
  url: v.url,
  title: v.title,
  contentType: v.contentType,
  provider: v.provider,
  author: v.author,
  durationS: v.durationS,
  description: v.description,
  imageUrl: v.imageUrl,
});
export type Description = ReturnType<typeof describing>;

/** The catalog row for a link, created from `item` if new (one per normalised URL per company), and whether it is public. */
async function catalogRow(tx: Tx, item: NewCatalogItem): Promise<{ row: CatalogRow; isPublic: boolean }> {
  const [created] = await tx.insert(contentItems).values(item).onConflictDoNothing().returning();
  if (created) return { row: created, isPublic: true };
  const [found] = await tx
    .select({ row: contentItems, isPublic: sql<boolean>`${publicInCatalog(CATALOG)}` })
    .from(contentItems)
    .where(and(eq(contentItems.companyId, item.companyId), eq(contentItems.normalizedUrl, item.normalizedUrl)))
    .limit(1);
  return found!;
}

/** What a draft of a catalog row says about its link: the person's own data, for a row that isn't public. */
export const draftDescription = (item: NewCatalogItem) =>
  describing({
    ...item,
    provider: item.provider ?? null,
    author: item.author ?? null,
    durationS: item.durationS ?? null,
    description: item.description ?? null,
    imageUrl: item.imageUrl ?? null,
  });

export function createCatalogRepo(db: Db) {
  return {
    /** A catalog item of the company, with whether this person may see it and whether it is public. */
    async catalogItem(companyId: number, viewerId: number, id: number) {
      const [row] = await db
        .select({ item: contentItems, visible: sql<boolean>`${catalogScope(viewerId, CATALOG)}`, isPublic: sql<boolean>`${publicInCatalog(CATALOG)}` })
        .from(contentItems)
        .where(and(eq(contentItems.id, id), eq(contentItems.companyId, companyId)))
        .limit(1);
      return row && { ...row.item, visible: row.visible, isPublic: row.isPublic };
    },

    /** The same for several items at once (the outcomes an outside record store sends in a batch). */
    async catalogItems(companyId: number, viewerId: number, ids: number[]) {
      if (ids.length === 0) return [];
      const rows = await db
        .select({ item: contentItems, visible: sql<boolean>`${catalogScope(viewerId, CATALOG)}`, isPublic: sql<boolean>`${publicInCatalog(CATALOG)}` })
        .from(contentItems)
        .where(and(inArray(contentItems.id, ids), eq(contentItems.companyId, companyId)));
      return rows.map((row) => ({ ...row.item, visible: row.visible, isPublic: row.isPublic }));
    },

    /** The catalog row for a link, created from `item` if new (one per normalised URL per company), and whether it is public. */
    catalogRow,

    /** Gives a row that wasn't public the person's data and makes them its creator (claimRow). */
    claimRow,

    /**
     * A row that wasn't public, placed in a collection by this person: from now on it shows their
     * data (their saved copy's if they have one) and they are its creator, so no colleague's
     * private save speaks through the collection.
     */
    async claim(accountId: number, contentId: number, fallback: Description | null = null) {
      const [mine] = await db
        .select()
        .from(userContents)
        .where(and(eq(userContents.accountId, accountId), eq(userContents.contentId, contentId)))
        .limit(1);
      await claimRow(db, contentId, mine ? describing(mine) : (fallback ?? {}), accountId);
    },
  };
}
