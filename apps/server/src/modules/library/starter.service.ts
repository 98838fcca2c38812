import type { Db } from "../../db/client.ts";
import { catalogRows, seedCatalog } from "../../db/seed/catalog-data.ts";
import { recordAudit } from "../../lib/audit.ts";
import type { EventBus } from "../../lib/events.ts";
import type { NewCatalogItem } from "./catalog.repo.ts";
import type { SupplyRepo } from "./supply.repo.ts";

/**
 * The starter catalog: the open learning items the demo's catalog uses (articles, videos, courses,
 * podcasts and books, with the demo's skills), so that a new company's discover and copilot have
 * something to offer on day one. The demo's job listings are left out: they are made-up openings.
 */
export const starterItems = () => seedCatalog().filter((c) => c.content_type !== "job");

export function createStarterService(deps: { db: Db; events: EventBus; repo: SupplyRepo }) {
  const { db, events, repo } = deps;
  return {
    /**
     * Adds the starter items the company's catalog lacks; a second call adds nothing and records
     * nothing. An item the catalog already has (hidden by the L&D leader, say) is left as it is.
     * `creatorId`: the company's own person who asked, or null for a platform operator.
     */
    async add(actorId: number, companyId: number, creatorId: number | null) {
      const items = starterItems();
      const rows: NewCatalogItem[] = catalogRows(companyId, items, creatorId);
      const added = await db.transaction(async (tx) => {
        const n = await repo.addItems(tx, rows);
        if (n === 0) return 0;
        await events.emit(tx, "catalog_items.added", { actorId, companyId, count: n, source: "starter" });
        await recordAudit(tx, { actorId, companyId, entity: "company", entityId: companyId, action: "add_starter_catalog", after: { added: n } });
        return n;
      });
      return { company_id: companyId, added, already_present: items.length - added };
    },
  };
}
export type StarterService = ReturnType<typeof createStarterService>;
