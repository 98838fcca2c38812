import { and, asc, count, desc, eq, inArray, lte, sql } from "drizzle-orm";
import type { Db, Tx } from "../../db/client.ts";
import { catalogFeeds, companies, contentItems } from "../../db/schema/index.ts";
import type { NewCatalogItem } from "./catalog.repo.ts";

export type CatalogFeedRow = typeof catalogFeeds.$inferSelect;

/** Skills read from a company's catalog to tag what a feed adds: the most used first. */
const VOCABULARY_MAX = 2000;

/**
 * Content supply for a company catalog: the starter catalog and the feeds it follows (their
 * services, starter.service.ts and feeds.service.ts, hold the rules, the audit trail and events).
 */
export function createSupplyRepo(db: Db) {
  return {
    async companyExists(companyId: number): Promise<boolean> {
      const [row] = await db.select({ id: companies.id }).from(companies).where(eq(companies.id, companyId)).limit(1);
      return row !== undefined;
    },

    /** Adds the items the catalog lacks (one row per normalised URL per company) and answers how many were new. */
    async addItems(tx: Tx, items: NewCatalogItem[]): Promise<number> {
      if (!items.length) return 0;
      const added = await tx.insert(contentItems).values(items).onConflictDoNothing().returning({ id: contentItems.id });
      return added.length;
    },

    /** The skills the company's catalog uses, most used first. */
    async vocabulary(tx: Tx, companyId: number): Promise<string[]> {
      const rows = (await tx.execute(
        sql`select s.skill from ${contentItems} cross join lateral unnest(${contentItems.skills}) as s(skill)
          where ${contentItems.companyId} = ${companyId} group by s.skill order by count(*) desc, s.skill limit ${VOCABULARY_MAX}`,
      )) as { rows: { skill: string }[] };
      return rows.rows.map((r) => r.skill);
    },

    async feeds(companyId: number, page: { limit: number; offset: number }) {
      const where = eq(catalogFeeds.companyId, companyId);
      const [rows, [total]] = await Promise.all([
        db.select().from(catalogFeeds).where(where).orderBy(desc(catalogFeeds.id)).limit(page.limit).offset(page.offset),
        db.select({ n: count() }).from(catalogFeeds).where(where),
      ]);
      return { rows, count: total?.n ?? 0 };
    },

    /** The company's feed; undefined for another company's id. */
    async feed(companyId: number, id: number): Promise<CatalogFeedRow | undefined> {
      const [row] = await db
        .select()
        .from(catalogFeeds)
        .where(and(eq(catalogFeeds.id, id), eq(catalogFeeds.companyId, companyId)))
        .limit(1);
      return row;
    },

    async feedById(id: number): Promise<CatalogFeedRow | undefined> {
      const [row] = await db.select().from(catalogFeeds).where(eq(catalogFeeds.id, id)).limit(1);
      return row;
    },

    /** A new feed, or undefined when the company already follows this address. */
    async subscribe(tx: Tx, v: { companyId: number; url: string; skills: string[]; createdBy: number }): Promise<CatalogFeedRow | undefined> {
      const [row] = await tx.insert(catalogFeeds).values(v).onConflictDoNothing().returning();
      return row;
    },

    async unsubscribe(tx: Tx, id: number): Promise<CatalogFeedRow | undefined> {
      const [row] = await tx.delete(catalogFeeds).where(eq(catalogFeeds.id, id)).returning();
      return row;
    },

    /** Read now: due at once (the job the caller sends reads it). */
    async dueNow(tx: Tx, id: number): Promise<CatalogFeedRow> {
      const [row] = await tx
        .update(catalogFeeds)
        .set({ nextRefreshAt: sql`now()` })
        .where(eq(catalogFeeds.id, id))
        .returning();
      return row!;
    },

    /**
     * The feeds whose time has come, each put off by `holdSeconds` so that the next round does not
     * send it again while its refresh waits or runs (the refresh sets its real next time).
     */
    async claimDue(tx: Tx, holdSeconds: number, max: number): Promise<number[]> {
      const due = await tx
        .select({ id: catalogFeeds.id })
        .from(catalogFeeds)
        .where(lte(catalogFeeds.nextRefreshAt, sql`now()`))
        .orderBy(asc(catalogFeeds.nextRefreshAt))
        .limit(max)
        .for("update", { skipLocked: true });
      if (!due.length) return [];
      const ids = due.map((d) => d.id);
      await tx
        .update(catalogFeeds)
        .set({ nextRefreshAt: sql`now() + make_interval(secs => ${holdSeconds})` })
        .where(inArray(catalogFeeds.id, ids));
      return ids;
    },

    /** A successful read: its title and kind, validators, the items it added, and when to read it next. */
    async markRead(
      tx: Tx,
      id: number,
      v: { title?: string | null; kind?: CatalogFeedRow["kind"]; etag: string | null; lastModified: string | null; added: number; nextInSeconds: number },
    ) {
      await tx
        .update(catalogFeeds)
        .set({
          ...(v.title !== undefined ? { title: v.title } : {}),
          ...(v.kind !== undefined ? { kind: v.kind } : {}),
          etag: v.etag,
          lastModified: v.lastModified,
          status: "ok",
          lastError: null,
          failures: 0,
          lastRefreshedAt: sql`now()`,
          lastAttemptAt: sql`now()`,
          nextRefreshAt: sql`now() + make_interval(secs => ${v.nextInSeconds})`,
          itemCount: sql`${catalogFeeds.itemCount} + ${v.added}`,
        })
        .where(eq(catalogFeeds.id, id));
    },

    /** A failed read: the error kept, the feed read again after `nextInSeconds`. */
    async markFailed(id: number, error: string, nextInSeconds: number) {
      await db
        .update(catalogFeeds)
        .set({
          status: "failed",
          lastError: error,
          failures: sql`${catalogFeeds.failures} + 1`,
          lastAttemptAt: sql`now()`,
          nextRefreshAt: sql`now() + make_interval(secs => ${nextInSeconds})`,
        })
        .where(eq(catalogFeeds.id, id));
    },
  };
}

export type SupplyRepo = ReturnType<typeof createSupplyRepo>;
