import { count, desc, eq } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { outbox } from "../../db/schema/index.ts";

/** The development outbox: mail that would have been sent without SMTP_URL, newest first. */
export function createSystemRepo(db: Db) {
  return {
    async outboxPage(limit: number, offset: number) {
      const [rows, [total]] = await Promise.all([
        db.select().from(outbox).orderBy(desc(outbox.id)).limit(limit).offset(offset),
        db.select({ n: count() }).from(outbox),
      ]);
      return { rows, count: total?.n ?? 0 };
    },
    async outboxMail(id: number) {
      const [row] = await db.select().from(outbox).where(eq(outbox.id, id));
      return row;
    },
  };
}
export type SystemRepo = ReturnType<typeof createSystemRepo>;
export type OutboxRow = Awaited<ReturnType<SystemRepo["outboxPage"]>>["rows"][number];
