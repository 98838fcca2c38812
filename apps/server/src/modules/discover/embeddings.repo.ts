import { and, count, eq, gt, gte, inArray, isNull, max, or, sql } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { contentEmbeddings, contentItems } from "../../db/schema/index.ts";
import { listedInCatalog } from "../library/index.ts";

// The catalog's vectors (content_embeddings). Every item is embedded, whatever its
// visibility; what the copilot may offer is decided when it asks (`listed`), so hiding an item or
// a private save becoming public needs no new vector.

export interface EmbeddingSource {
  id: number;
  companyId: number;
  title: string;
  description: string | null;
  skills: string[];
  author: string | null;
  provider: string | null;
  /** The hash stored with the item's vector, if it has one. */
  textHash: string | null;
}

/** A listed catalog item as the copilot ranks it. */
export interface ListedItem {
  id: number;
  title: string;
  contentType: (typeof contentItems.$inferSelect)["contentType"];
  durationS: number | null;
  language: string;
  skills: string[];
}

export function createEmbeddingsRepo(db: Db) {
  return {
    /** The text of these catalog items, with the hash of what was embedded last. */
    async sources(ids: number[]): Promise<EmbeddingSource[]> {
      if (!ids.length) return [];
      return db
        .select({
          id: contentItems.id,
          companyId: contentItems.companyId,
          title: contentItems.title,
          description: contentItems.description,
          skills: contentItems.skills,
          author: contentItems.author,
          provider: contentItems.provider,
          textHash: contentEmbeddings.textHash,
        })
        .from(contentItems)
        .leftJoin(contentEmbeddings, eq(contentEmbeddings.contentId, contentItems.id))
        .where(inArray(contentItems.id, ids))
        .orderBy(contentItems.id);
    },

    /**
     * Items with no vector of this model, by id after `afterId`. (A save that changes an item's text queues
     * the item itself; the job compares hashes.)
     */
    async stale(model: string, o: { afterId: number; limit: number }): Promise<number[]> {
      const rows = await db
        .select({ id: contentItems.id })
        .from(contentItems)
        .leftJoin(contentEmbeddings, eq(contentEmbeddings.contentId, contentItems.id))
        .where(and(gt(contentItems.id, o.afterId), or(isNull(contentEmbeddings.contentId), sql`${contentEmbeddings.model} <> ${model}`)))
        .orderBy(contentItems.id)
        .limit(o.limit);
      return rows.map((r) => r.id);
    },

    async store(rows: { contentId: number; companyId: number; model: string; textHash: string; vector: number[] }[]) {
      if (!rows.length) return;
      await db
        .insert(contentEmbeddings)
        .values(rows.map((r) => ({ ...r, embeddedAt: new Date() })))
        .onConflictDoUpdate({
          target: contentEmbeddings.contentId,
          set: {
            companyId: sql`excluded.company_id`,
            model: sql`excluded.model`,
            textHash: sql`excluded.text_hash`,
            vector: sql`excluded.vector`,
            embeddedAt: sql`excluded.embedded_at`,
          },
        });
    },

    /** How many vectors of this model the company has, and when the newest was written. */
    async stamp(companyId: number, model: string): Promise<{ count: number; last: Date | null }> {
      const [row] = await db
        .select({ n: count(), last: max(contentEmbeddings.embeddedAt) })
        .from(contentEmbeddings)
        .where(and(eq(contentEmbeddings.companyId, companyId), eq(contentEmbeddings.model, model)));
      return { count: row?.n ?? 0, last: row?.last ? new Date(row.last) : null };
    },

    /** A page of the company's vectors for this model (written since `since`, when given), by item id after `afterId`. */
    async vectors(
      companyId: number,
      model: string,
      o: { since: Date | null; afterId: number; limit: number },
    ): Promise<{ contentId: number; vector: number[]; embeddedAt: Date }[]> {
      return db
        .select({ contentId: contentEmbeddings.contentId, vector: contentEmbeddings.vector, embeddedAt: contentEmbeddings.embeddedAt })
        .from(contentEmbeddings)
        .where(
          and(
            eq(contentEmbeddings.companyId, companyId),
            eq(contentEmbeddings.model, model),
            gt(contentEmbeddings.contentId, o.afterId),
            o.since ? gte(contentEmbeddings.embeddedAt, o.since) : undefined,
          ),
        )
        .orderBy(contentEmbeddings.contentId)
        .limit(o.limit);
    },

    /**
     * The copilot's view of these items: only the company's listed catalog (not a private save,
     * not hidden), jobs only when asked for, as the full-text retrieval has it.
     */
    async listed(companyId: number, ids: number[], jobs: boolean): Promise<ListedItem[]> {
      if (!ids.length) return [];
      return db
        .select({
          id: contentItems.id,
          title: contentItems.title,
          contentType: contentItems.contentType,
          durationS: contentItems.durationS,
          language: contentItems.language,
          skills: contentItems.skills,
        })
        .from(contentItems)
        .where(
          and(
            eq(contentItems.companyId, companyId),
            inArray(contentItems.id, ids),
            jobs ? eq(contentItems.contentType, "job") : sql`${contentItems.contentType} <> 'job'`,
            listedInCatalog({ id: contentItems.id, privateOrigin: contentItems.privateOrigin, hiddenAt: contentItems.hiddenAt }),
          ),
        );
    },
  };
}
export type EmbeddingsRepo = ReturnType<typeof createEmbeddingsRepo>;
