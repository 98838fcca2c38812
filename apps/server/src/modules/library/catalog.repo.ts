import { and, eq, sql } from "drizzle-orm";
import type { Db, Tx } from "../../db/client.ts";
import { contentItems, userContents } from "../../db/schema/index.ts";
import type { EventBus } from "../../lib/events.ts";
import { catalogScope, publicInCatalog } from "./catalog.scope.ts";

export type CatalogRow = typeof contentItems.$inferSelect;
export type NewCatalogItem = Omit<typeof contentItems.$inferInsert, "id" | "createdAt" | "updatedAt">;
type NewUserContent = typeof userContents.$inferInsert;

// The company catalog as the library writes it: one row per normalised URL per company, shared by
// everyone who saves the link. A row that isn't public came from a colleague's private save and
// lends nobody its data.

const CATALOG = { id: contentItems.id, privateOrigin: contentItems.privateOrigin };

/**
 * Gives a row that wasn't public when the caller looked this person's data and makes them its
 * creator (the caller decides before its own write makes the row public).
 */
async function claimRow(tx: Tx, contentId: number, data: Partial<Description>, accountId: number) {
  await tx
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
type Description = ReturnType<typeof describing>;

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

const draftDescription = (item: NewCatalogItem) =>
  describing({
    ...item,
    provider: item.provider ?? null,
    author: item.author ?? null,
    durationS: item.durationS ?? null,
    description: item.description ?? null,
    imageUrl: item.imageUrl ?? null,
  });

export function createCatalogRepo(db: Db, events: EventBus) {
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

    /** The catalog row's id for a link (created if new), whether it is public, and the caller's data for `claim`. */
    async findOrCreateCatalog(item: NewCatalogItem) {
      const { row, isPublic } = await db.transaction((tx) => catalogRow(tx, item));
      return { id: row.id, isPublic, own: draftDescription(item) };
    },

    /**
     * Creates (or finds) the catalog row and the person's copy in one transaction. A row that isn't
     * public came from a colleague's private save and lends nobody its data: the copy is made from
     * the person's own (`item`), and a public save writes it to the row, which it makes public.
     */
    async saveWithCatalog(item: NewCatalogItem, copyOf: (catalog: CatalogRow) => NewUserContent, opts: { isPrivate: boolean }) {
      return db.transaction(async (tx) => {
        const found = await catalogRow(tx, { ...item, privateOrigin: opts.isPrivate });
        const own = draftDescription(item);
        const source = found.isPublic ? found.row : { ...found.row, ...own };
        const [row] = await tx.insert(userContents).values(copyOf(source)).onConflictDoNothing().returning();
        if (row && !found.isPublic && !opts.isPrivate) await claimRow(tx, found.row.id, own, row.accountId);
        if (row) await events.emit(tx, "content.saved", { actorId: row.accountId, contentId: row.contentId, courseStatus: row.courseStatus });
        return { item: source, row };
      });
    },

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
      await db.transaction((tx) => claimRow(tx, contentId, mine ? describing(mine) : (fallback ?? {}), accountId));
    },
  };
}
