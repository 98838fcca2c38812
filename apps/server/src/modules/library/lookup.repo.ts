import { and, count, eq } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { itemHighlights } from "../../db/schema/index.ts";

/** What the extension shows of a page already saved besides its folders (item.repo.ts): its highlights. */
export function createLookupRepo(db: Db) {
  return {
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
