import { and, asc, count, eq, sql } from "drizzle-orm";
import type { Db, Tx } from "../../db/client.ts";
import { itemHighlights, itemNotes, userContents } from "../../db/schema/index.ts";

export type HighlightRow = typeof itemHighlights.$inferSelect;
export type NoteRow = typeof itemNotes.$inferSelect;
type Reader = Db | Tx;

/** Notes and highlights on saved items: reads and writes only, in the transaction the service gives. */
export function createNotesRepo(db: Db) {
  return {
    /** A saved item by id with its owner, whoever owns it (the policy decides who may touch it). */
    async item(id: number, tx: Reader = db) {
      const [row] = await tx.select({ id: userContents.id, accountId: userContents.accountId }).from(userContents).where(eq(userContents.id, id));
      return row;
    },

    /** The same, locked: highlights added to it are counted against the bound one at a time. */
    async lockItem(tx: Tx, id: number) {
      const [row] = await tx.select({ id: userContents.id, accountId: userContents.accountId }).from(userContents).where(eq(userContents.id, id)).for("update");
      return row;
    },

    async note(userContentId: number): Promise<NoteRow | undefined> {
      const [row] = await db.select().from(itemNotes).where(eq(itemNotes.userContentId, userContentId));
      return row;
    },

    async putNote(tx: Tx, values: { userContentId: number; accountId: number; body: string }) {
      const [row] = await tx
        .insert(itemNotes)
        .values(values)
        .onConflictDoUpdate({ target: itemNotes.userContentId, set: { body: values.body, updatedAt: sql`now()` } })
        .returning();
      return row!;
    },

    async clearNote(tx: Tx, userContentId: number) {
      await tx.delete(itemNotes).where(eq(itemNotes.userContentId, userContentId));
    },

    /** An item's highlights in page order (those without a place last), oldest first among equals. */
    async highlights(userContentId: number, limit: number, offset: number) {
      const where = eq(itemHighlights.userContentId, userContentId);
      const [rows, [total]] = await Promise.all([
        db
          .select()
          .from(itemHighlights)
          .where(where)
          .orderBy(sql`${itemHighlights.position} asc nulls last`, asc(itemHighlights.id))
          .limit(limit)
          .offset(offset),
        db.select({ n: count() }).from(itemHighlights).where(where),
      ]);
      return { rows, count: total?.n ?? 0 };
    },

    async countHighlights(tx: Reader, userContentId: number) {
      const [row] = await tx.select({ n: count() }).from(itemHighlights).where(eq(itemHighlights.userContentId, userContentId));
      return row?.n ?? 0;
    },

    async addHighlight(tx: Tx, values: typeof itemHighlights.$inferInsert) {
      const [row] = await tx.insert(itemHighlights).values(values).returning();
      return row!;
    },

    /** A highlight by id with its owner, whoever owns it (the policy decides). */
    async highlight(tx: Reader, id: number): Promise<HighlightRow | undefined> {
      const [row] = await tx.select().from(itemHighlights).where(eq(itemHighlights.id, id));
      return row;
    },

    async editHighlight(tx: Tx, id: number, patch: { text?: string; comment?: string | null }) {
      const [row] = await tx
        .update(itemHighlights)
        .set({ ...patch, updatedAt: sql`now()` })
        .where(eq(itemHighlights.id, id))
        .returning();
      return row;
    },

    async deleteHighlight(tx: Tx, id: number, accountId: number) {
      const [row] = await tx
        .delete(itemHighlights)
        .where(and(eq(itemHighlights.id, id), eq(itemHighlights.accountId, accountId)))
        .returning();
      return row;
    },
  };
}
export type NotesRepo = ReturnType<typeof createNotesRepo>;
