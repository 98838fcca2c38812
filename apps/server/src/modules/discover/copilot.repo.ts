import { and, count, desc, eq, gt, inArray, isNull, lt, or, sql } from "drizzle-orm";
import type { Db, Tx } from "../../db/client.ts";
import { collections, copilotConversations, copilotMessages } from "../../db/schema/index.ts";
import { aliased, qualified } from "../../db/sql.ts";

const [M, m] = aliased(copilotMessages, "m");

export type ConversationRow = typeof copilotConversations.$inferSelect;
export type MessageRow = typeof copilotMessages.$inferSelect;
export type NewMessage = typeof copilotMessages.$inferInsert;

/** Conversations are read through their owner's account only: another person's id is "not found". */
export function createCopilotRepo(db: Db) {
  // Qualified (db/sql.ts): in a one-table select Drizzle leaves column names unqualified, and "id" would be m.id.
  const messagesCount = sql<number>`(select count(*)::int from ${M} where ${m.conversationId} = ${qualified(copilotConversations.id)})`;

  return {
    async list(accountId: number, limit: number, offset: number) {
      const where = eq(copilotConversations.accountId, accountId);
      const [rows, [total]] = await Promise.all([
        db
          .select({ c: copilotConversations, messagesCount })
          .from(copilotConversations)
          .where(where)
          .orderBy(desc(copilotConversations.updatedAt), desc(copilotConversations.id))
          .limit(limit)
          .offset(offset),
        db.select({ n: count() }).from(copilotConversations).where(where),
      ]);
      return { rows, count: total?.n ?? 0 };
    },

    async get(accountId: number, id: number) {
      const [row] = await db
        .select({ c: copilotConversations, messagesCount })
        .from(copilotConversations)
        .where(and(eq(copilotConversations.id, id), eq(copilotConversations.accountId, accountId)));
      return row;
    },

    async create(v: { accountId: number; companyId: number; title: string; language: "en" | "es" }) {
      const [row] = await db.insert(copilotConversations).values(v).returning();
      return row!;
    },

    async remove(accountId: number, id: number) {
      const rows = await db
        .delete(copilotConversations)
        .where(and(eq(copilotConversations.id, id), eq(copilotConversations.accountId, accountId)))
        .returning({ id: copilotConversations.id });
      return rows.length > 0;
    },

    async update(id: number, patch: { title?: string; language?: "en" | "es" }) {
      await db
        .update(copilotConversations)
        .set({ ...patch, updatedAt: new Date() })
        .where(eq(copilotConversations.id, id));
    },

    async messages(conversationId: number) {
      return db.select().from(copilotMessages).where(eq(copilotMessages.conversationId, conversationId)).orderBy(copilotMessages.id);
    },

    async addMessage(v: NewMessage) {
      const [row] = await db.insert(copilotMessages).values(v).returning();
      return row!;
    },

    /**
     * The conversation's last `limit` questions before `beforeId`, oldest first: replayed in order,
     * they are the context a follow-up refines.
     */
    async questionsBefore(conversationId: number, beforeId: number, limit: number) {
      const rows = await db
        .select()
        .from(copilotMessages)
        .where(and(eq(copilotMessages.conversationId, conversationId), eq(copilotMessages.role, "user"), lt(copilotMessages.id, beforeId)))
        .orderBy(desc(copilotMessages.id))
        .limit(limit);
      return rows.reverse();
    },

    /** The conversation's last answer before the message `beforeId`: what a follow-up's "those" points at. */
    async answerBefore(conversationId: number, beforeId: number) {
      const [row] = await db
        .select()
        .from(copilotMessages)
        .where(and(eq(copilotMessages.conversationId, conversationId), eq(copilotMessages.role, "assistant"), lt(copilotMessages.id, beforeId)))
        .orderBy(desc(copilotMessages.id))
        .limit(1);
      return row;
    },

    async lastAnswer(conversationId: number) {
      const [row] = await db
        .select()
        .from(copilotMessages)
        .where(and(eq(copilotMessages.conversationId, conversationId), eq(copilotMessages.role, "assistant")))
        .orderBy(desc(copilotMessages.id))
        .limit(1);
      return row;
    },

    /**
     * Holds, to the end of the transaction, the lock that serialises one person's questions (so that
     * simultaneous questions cannot all pass the count before any is stored).
     */
    async lockQuestions(tx: Tx, accountId: number) {
      await tx.execute(sql`select pg_advisory_xact_lock(hashtext('copilot.questions'), ${accountId})`);
    },

    /** How many questions the person asked since `since`, in all their conversations. */
    async questionsSince(tx: Tx, accountId: number, since: Date) {
      const [asked] = await tx
        .select({ n: count() })
        .from(copilotMessages)
        .innerJoin(copilotConversations, eq(copilotConversations.id, copilotMessages.conversationId))
        .where(and(eq(copilotConversations.accountId, accountId), eq(copilotMessages.role, "user"), gt(copilotMessages.createdAt, since)));
      return asked?.n ?? 0;
    },

    async insertQuestion(tx: Tx, v: NewMessage & { role: "user" }) {
      const [row] = await tx.insert(copilotMessages).values(v).returning();
      return row!;
    },

    /** Records the collection made from an answer, unless a concurrent call already did. */
    async claimCollection(messageId: number, collectionId: number, replacing: number | null) {
      const rows = await db
        .update(copilotMessages)
        .set({ collectionId })
        .where(
          and(
            eq(copilotMessages.id, messageId),
            replacing === null ? isNull(copilotMessages.collectionId) : or(isNull(copilotMessages.collectionId), eq(copilotMessages.collectionId, replacing)),
          ),
        )
        .returning({ id: copilotMessages.id });
      return rows.length > 0;
    },

    async message(id: number) {
      const [row] = await db.select().from(copilotMessages).where(eq(copilotMessages.id, id));
      return row;
    },

    async collectionTitles(ids: number[]) {
      if (!ids.length) return new Map<number, string>();
      const rows = await db.select({ id: collections.id, title: collections.title }).from(collections).where(inArray(collections.id, ids));
      return new Map(rows.map((r) => [r.id, r.title]));
    },
  };
}
export type CopilotRepo = ReturnType<typeof createCopilotRepo>;
