import { and, asc, eq, inArray, isNull, sql } from "drizzle-orm";
import type { Db, Tx } from "../../db/client.ts";
import { collectionItems, contentItems, contentProgress, userContents } from "../../db/schema/index.ts";
import { aliased, qualified } from "../../db/sql.ts";
import { catalogScope } from "./catalog.scope.ts";

export type Curated = { id: number; companyId: number; hiddenAt: Date | null; mergedIntoId: number | null };
const CURATED = { id: contentItems.id, companyId: contentItems.companyId, hiddenAt: contentItems.hiddenAt, mergedIntoId: contentItems.mergedIntoId };

const [OX, ox] = aliased(collectionItems, "ox");
const [OU, ou] = aliased(userContents, "ou");
const [OP, op] = aliased(contentProgress, "op");

/**
 * An L&D leader hides junk and merges duplicates (curation.service.ts: each write locks its rows,
 * writes the audit trail and emits its event in one transaction); discover and the copilot leave
 * hidden rows out through catalog.scope.ts (listedInCatalog).
 */
export function createCurationRepo(db: Db) {
  return {
    /**
     * A catalog item of the company (hidden or not) the curator may see; undefined for another
     * company's id or a colleague's private save, which is not in the catalog (catalog.scope.ts).
     */
    async find(companyId: number, viewerId: number, id: number): Promise<Curated | undefined> {
      const [row] = await db
        .select(CURATED)
        .from(contentItems)
        .where(
          and(
            eq(contentItems.id, id),
            eq(contentItems.companyId, companyId),
            catalogScope(viewerId, { id: qualified(contentItems.id), privateOrigin: qualified(contentItems.privateOrigin) }),
          ),
        )
        .limit(1);
      return row;
    },

    /** The rows, locked in id order so that two curations of the same pair wait for each other instead of deadlocking. */
    async lock(tx: Tx, companyId: number, ids: number[]): Promise<Map<number, Curated>> {
      const rows = await tx
        .select(CURATED)
        .from(contentItems)
        .where(and(eq(contentItems.companyId, companyId), inArray(contentItems.id, ids)))
        .orderBy(asc(contentItems.id))
        .for("update");
      return new Map(rows.map((r) => [r.id, r]));
    },

    async setHidden(tx: Tx, id: number, hidden: boolean): Promise<Curated> {
      const [after] = await tx
        .update(contentItems)
        .set({ hiddenAt: hidden ? new Date() : null })
        .where(eq(contentItems.id, id))
        .returning(CURATED);
      return after!;
    },

    /**
     * Merges the duplicate into the item to keep: collection entries (drafts' and so plans' too),
     * saves and done marks move where that makes no duplicate; the collection that held both keeps
     * only the kept item, and a person who saved both keeps both copies (their own data), on the
     * hidden duplicate. Insights' history stays on the duplicate: it is what happened.
     */
    async merge(tx: Tx, dupId: number, intoId: number) {
      const movedItems = await tx
        .update(collectionItems)
        .set({ contentId: intoId })
        .where(
          and(
            eq(collectionItems.contentId, dupId),
            sql`not exists (select 1 from ${OX} where ${ox.collectionId} = ${qualified(collectionItems.collectionId)} and ${ox.contentId} = ${intoId})`,
          ),
        )
        .returning({ id: collectionItems.id });
      const removed = await tx.delete(collectionItems).where(eq(collectionItems.contentId, dupId)).returning({ id: collectionItems.id });
      const saves = await tx
        .update(userContents)
        .set({ contentId: intoId })
        .where(
          and(
            eq(userContents.contentId, dupId),
            sql`not exists (select 1 from ${OU} where ${ou.accountId} = ${qualified(userContents.accountId)} and ${ou.contentId} = ${intoId})`,
          ),
        )
        .returning({ id: userContents.id });
      const progress = await tx
        .update(contentProgress)
        .set({ contentId: intoId })
        .where(
          and(
            eq(contentProgress.contentId, dupId),
            sql`not exists (select 1 from ${OP} where ${op.accountId} = ${qualified(contentProgress.accountId)} and ${op.contentId} = ${intoId})`,
          ),
        )
        .returning({ accountId: contentProgress.accountId });
      const [after] = await tx
        .update(contentItems)
        .set({ hiddenAt: sql`coalesce(${contentItems.hiddenAt}, now())`, mergedIntoId: intoId })
        .where(and(eq(contentItems.id, dupId), isNull(contentItems.mergedIntoId)))
        .returning(CURATED);
      const moved = { collection_items: movedItems.length, collection_duplicates_removed: removed.length, saves: saves.length, progress: progress.length };
      return { item: after!, moved };
    },
  };
}

export type CurationRepo = ReturnType<typeof createCurationRepo>;
