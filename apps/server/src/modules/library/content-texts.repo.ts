import { and, eq, sql } from "drizzle-orm";
import type { Db, Tx } from "../../db/client.ts";
import { contentItems, contentTexts, userContents } from "../../db/schema/index.ts";
import { textReadableBy } from "./catalog.scope.ts";

export type NewContentText = Omit<typeof contentTexts.$inferInsert, "id" | "search" | "readAt">;

export function createContentTexts(db: Db) {
  return {
    /** Keeps a page read's text: the company's shared copy of the page, or a reader's own; a new read replaces the old. */
    async keep(tx: Tx, values: NewContentText) {
      // The row's keys stay; everything else, the reader of a shared copy included, is the new read's.
      const { contentId: _, shared, ...rest } = values;
      const set = { ...rest, readAt: new Date() };
      await tx
        .insert(contentTexts)
        .values({ ...values, readAt: new Date() })
        .onConflictDoUpdate(
          shared
            ? { target: [contentTexts.contentId], targetWhere: sql`${contentTexts.shared}`, set }
            : { target: [contentTexts.contentId, contentTexts.accountId], targetWhere: sql`not ${contentTexts.shared}`, set },
        );
    },

    /** A person's saved item with the page text they read (textReadableBy), or undefined when the item isn't theirs. */
    async forReader(accountId: number, id: number) {
      const [row] = await db
        .select({
          copy: {
            id: userContents.id,
            accountId: userContents.accountId,
            title: userContents.title,
            url: userContents.url,
            author: userContents.author,
            metadataPending: userContents.metadataPending,
          },
          text: {
            title: contentTexts.title,
            byline: contentTexts.byline,
            excerpt: contentTexts.excerpt,
            siteName: contentTexts.siteName,
            sourceUrl: contentTexts.sourceUrl,
            text: contentTexts.text,
            wordCount: contentTexts.wordCount,
            readAt: contentTexts.readAt,
          },
        })
        .from(userContents)
        .innerJoin(contentItems, eq(contentItems.id, userContents.contentId))
        .leftJoin(contentTexts, and(eq(contentTexts.contentId, userContents.contentId), textReadableBy(accountId, contentTexts, userContents, contentItems)))
        .where(and(eq(userContents.id, id), eq(userContents.accountId, accountId)))
        .limit(1);
      return row;
    },
  };
}
export type ContentTexts = ReturnType<typeof createContentTexts>;
