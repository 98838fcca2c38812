import { and, count, desc, eq } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { userContents } from "../../db/schema/index.ts";

const RUNNING = "running" satisfies NonNullable<(typeof userContents.$inferSelect)["courseStatus"]>;

/** The home's own read: the items of a library in progress, most recently touched first. */
export function createHomeRepo(db: Db) {
  return {
    async inProgress(accountId: number, limit: number) {
      const where = and(eq(userContents.accountId, accountId), eq(userContents.courseStatus, RUNNING));
      const [rows, [total]] = await Promise.all([
        db.select().from(userContents).where(where).orderBy(desc(userContents.updatedAt), desc(userContents.id)).limit(limit),
        db.select({ n: count() }).from(userContents).where(where),
      ]);
      return { rows, count: total?.n ?? 0 };
    },
  };
}
export type HomeRepo = ReturnType<typeof createHomeRepo>;
