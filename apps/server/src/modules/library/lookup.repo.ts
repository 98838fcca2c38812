import { and, asc, count, eq } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { folderRelations, folders, itemHighlights } from "../../db/schema/index.ts";

/** What the extension shows of a page already saved: the folders holding it, its highlights. */
export function createLookupRepo(db: Db) {
  return {
    async foldersHolding(accountId: number, userContentId: number) {
      return db
        .select({ id: folders.id, name: folders.name })
        .from(folderRelations)
        .innerJoin(folders, eq(folders.id, folderRelations.folderId))
        .where(and(eq(folders.accountId, accountId), eq(folderRelations.userContentId, userContentId)))
        .orderBy(asc(folders.name), asc(folders.id));
    },

    /** How many highlights a person keeps on one of their saved items. */
    async highlightsOn(accountId: number, userContentId: number) {
      const [row] = await db
        .select({ n: count() })
        .from(itemHighlights)
        .where(and(eq(itemHighlights.accountId, accountId), eq(itemHighlights.userContentId, userContentId)));
      return row?.n ?? 0;
    },
  };
}
export type LookupRepo = ReturnType<typeof createLookupRepo>;
