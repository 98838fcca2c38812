import type { Db } from "../../db/client.ts";
import { recordAudit } from "../../lib/audit.ts";
import { conflict } from "../../lib/errors.ts";
import type { EventBus } from "../../lib/events.ts";
import type { Curated, CurationRepo } from "./curation.repo.ts";

const merged = () => conflict("catalog_item_merged", "This item was merged into another one");
const state = (r: Curated) => ({ hidden_at: r.hiddenAt?.toISOString() ?? null, merged_into_id: r.mergedIntoId });

/**
 * An L&D leader hides junk and merges duplicates. Each write locks its rows, writes the
 * audit trail and emits its event in one transaction.
 */
export function createCurationService(deps: { db: Db; events: EventBus; repo: CurationRepo }) {
  const { db, events, repo } = deps;
  return {
    /** Hides (or shows again) an item; a second call changes nothing and records nothing. */
    async setHidden(actorId: number, item: { id: number; companyId: number }, hidden: boolean): Promise<Curated> {
      return db.transaction(async (tx) => {
        const before = (await repo.lock(tx, item.companyId, [item.id])).get(item.id)!;
        if (before.mergedIntoId !== null) throw merged();
        if ((before.hiddenAt !== null) === hidden) return before;
        const after = await repo.setHidden(tx, item.id, hidden);
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
          after: state(after),
        });
        return after;
      });
    },

    /** Merges the duplicate into the item to keep (curation.repo.ts says what moves), unless either rule below refuses it. */
    async merge(actorId: number, companyId: number, dupId: number, intoId: number) {
      return db.transaction(async (tx) => {
        const rows = await repo.lock(tx, companyId, [dupId, intoId]);
        const dup = rows.get(dupId)!;
        const into = rows.get(intoId)!;
        if (dup.mergedIntoId !== null) throw merged();
        if (into.hiddenAt !== null) throw conflict("catalog_merge_into_hidden", "The item to keep is hidden from the catalog");
        const { item, moved } = await repo.merge(tx, dupId, intoId);
        await events.emit(tx, "catalog_item.merged", { actorId, companyId, contentId: dupId, intoId });
        await recordAudit(tx, {
          actorId,
          companyId,
          entity: "catalog_item",
          entityId: dupId,
          action: "merge",
          before: state(dup),
          after: { ...state(item), moved },
        });
        return { item, moved };
      });
    },
  };
}
export type CurationService = ReturnType<typeof createCurationService>;
