import { and, asc, eq, inArray, isNull, sql } from "drizzle-orm";
import type { Db, Tx } from "../../db/client.ts";
import { collectionItems, contentItems, contentProgress, userContents } from "../../db/schema/index.ts";
import { aliased, qualified } from "../../db/sql.ts";
import { recordAudit } from "../../lib/audit.ts";
import { conflict } from "../../lib/errors.ts";
import type { EventBus } from "../../lib/events.ts";
import { catalogScope } from "./catalog.scope.ts";

type Curated = { id: number; companyId: number; hiddenAt: Date | null; mergedIntoId: number | null };
const CURATED = { id: contentItems.id, companyId: contentItems.companyId, hiddenAt: contentItems.hiddenAt, mergedIntoId: contentItems.mergedIntoId };

const [OX, ox] = aliased(collectionItems, "ox");
const [OU, ou] = aliased(userContents, "ou");
const [OP, op] = aliased(contentProgress, "op");

const merged = () => conflict("catalog_item_merged", "This item was merged into another one");

/** The rows, locked in id order so that two curations of the same pair wait for each other instead of deadlocking. */
async function lock(tx: Tx, companyId: number, ids: number[]): Promise<Map<number, Curated>> {
  const rows = await tx
    .select(CURATED)
    .from(contentItems)
    .where(and(eq(contentItems.companyId, companyId), inArray(contentItems.id, ids)))
    .orderBy(asc(contentItems.id))
    .for("update");
  return new Map(rows.map((r) => [r.id, r]));
}

/**
 * An L&D leader hides junk and merges duplicates. Each write locks its rows, writes the
 * audit trail and emits its event in one transaction; discover and the copilot leave hidden rows
 * out through catalog.scope.ts (listedInCatalog).
 */
export function createCurationRepo(db: Db, events: EventBus) {
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

    /** Hides (or shows again) an item; a second call changes nothing and records nothing. */
    async setHidden(actorId: number, item: { id: number; companyId: number }, hidden: boolean): Promise<Curated> {
      return db.transaction(async (tx) => {
        const before = (await lock(tx, item.companyId, [item.id])).get(item.id)!;
        if (before.mergedIntoId !== null) throw merged();
        if ((before.hiddenAt !== null) === hidden) return before;
        const [after] = await tx
          .update(contentItems)
          .set({ hiddenAt: hidden ? new Date() : null })
          .where(eq(contentItems.id, item.id))
          .returning(CURATED);
        const payload = { actorId, companyId: item.companyId, contentId: item.id };
        await events.emit(tx, hidden ? "catalog_item.hidden" : "catalog_item.unhidden", payload);
        const action = hidden ? "hide" : "unhide";
        await recordAudit(tx, {
          actorId,
          companyId: item.companyId,
          entity: "catalog_item",
          entityId: item.id,
          action,
          before: state(before),
          after: state(after!),
        });
        return after!;
      });
    },

    /**
     * Merges the duplicate into the item to keep: collection entries (drafts' and so plans' too),
     * saves and done marks move where that makes no duplicate; the collection that held both keeps
     * only the kept item, and a person who saved both keeps both copies (their own data), on the
     * hidden duplicate. Insights' history stays on the duplicate: it is what happened.
     */
    async merge(actorId: number, companyId: number, dupId: number, intoId: number) {
      return db.transaction(async (tx) => {
        const rows = await lock(tx, companyId, [dupId, intoId]);
        const dup = rows.get(dupId)!;
        const into = rows.get(intoId)!;
        if (dup.mergedIntoId !== null) throw merged();
        if (into.hiddenAt !== null) throw conflict("catalog_merge_into_hidden", "The item to keep is hidden from the catalog");

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
        await events.emit(tx, "catalog_item.merged", { actorId, companyId, contentId: dupId, intoId });
        await recordAudit(tx, {
          actorId,
          companyId,
          entity: "catalog_item",
          entityId: dupId,
          action: "merge",
          before: state(dup),
          after: { ...state(after!), moved },
        });
        return { item: after!, moved };
      });
    },
  };
}

const state = (r: Curated) => ({ hidden_at: r.hiddenAt?.toISOString() ?? null, merged_into_id: r.mergedIntoId });

export type CurationRepo = ReturnType<typeof createCurationRepo>;
