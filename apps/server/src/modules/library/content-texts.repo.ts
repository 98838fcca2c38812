import { and, eq, sql, type SQL } from "drizzle-orm";
import type { Db, Tx } from "../../db/client.ts";
import { accounts, contentItems, contentTexts, userContents } from "../../db/schema/index.ts";
import { aliased } from "../../db/sql.ts";
import { textReadableBy } from "./catalog.scope.ts";

export type NewContentText = Omit<typeof contentTexts.$inferInsert, "id" | "search" | "readAt">;

const [HT, ht] = aliased(contentTexts, "ht");
const [HU, hu] = aliased(userContents, "hu");
const [HC, hc] = aliased(contentItems, "hc");

/**
 * The ids of a person's saved items whose readable page text (the one they read, textReadableBy)
 * matches a search's stems. The text's GIN index finds the matching pages of the person's company
 * first, so the cost follows the matches, not the size of the library.
 */
export const textHits = (ownerId: number, term: string): SQL => sql`select ${hu.id} from ${HT}
  join ${HU} on ${hu.contentId} = ${ht.contentId} and ${hu.accountId} = ${ownerId}
  join ${HC} on ${hc.id} = ${ht.contentId}
  where ${ht.search} @@ (select websearch_to_tsquery('english', ${term}) || websearch_to_tsquery('spanish', ${term}))
    and ${ht.companyId} = (select ${accounts.companyId} from ${accounts} where ${accounts.id} = ${ownerId})
    and ${textReadableBy(ownerId, ht, hu, hc)}`;

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
