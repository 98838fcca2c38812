import { and, count, desc, eq } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import type { Executor } from "../../lib/events.ts";
import { accounts, onboardingEntries } from "../../db/schema/index.ts";

export type OnboardingEntryRow = typeof onboardingEntries.$inferSelect;

/** The role and team that decide which checklist a person is shown. */
export async function checklistOwner(tx: Executor, accountId: number) {
  const [who] = await tx.select({ role: accounts.role, teamId: accounts.teamId }).from(accounts).where(eq(accounts.id, accountId));
  return who;
}

/** The subtasks this person has already ticked, as `type` and `title` (entryKey). */
export async function tickedEntries(tx: Executor, accountId: number): Promise<Set<string>> {
  const rows = await tx
    .select({ type: onboardingEntries.type, title: onboardingEntries.title })
    .from(onboardingEntries)
    .where(and(eq(onboardingEntries.accountId, accountId), eq(onboardingEntries.ready, true)));
  return new Set(rows.map((r) => entryKey(r.type, r.title)));
}

export const entryKey = (type: string, title: string) => `${type}\u0000${title}`;

/** Posting the same task twice keeps one entry (its latest readiness); also written by events, in their transaction. */
export async function upsertEntry(tx: Executor, accountId: number, entry: { title: string; type: string; ready: boolean }) {
  const [row] = await tx
    .insert(onboardingEntries)
    .values({ accountId, ...entry })
    .onConflictDoUpdate({
      target: [onboardingEntries.accountId, onboardingEntries.type, onboardingEntries.title],
      set: { ready: entry.ready },
    })
    .returning();
  return row!;
}

export function createOnboardingRepo(db: Db) {
  return {
    async list(accountId: number, limit: number, offset: number) {
      const where = eq(onboardingEntries.accountId, accountId);
      const [rows, [total]] = await Promise.all([
        db.select().from(onboardingEntries).where(where).orderBy(desc(onboardingEntries.createdAt), desc(onboardingEntries.id)).limit(limit).offset(offset),
        db.select({ n: count() }).from(onboardingEntries).where(where),
      ]);
      return { rows, count: total?.n ?? 0 };
    },

    async upsert(accountId: number, entry: { title: string; type: string; ready: boolean }) {
      return upsertEntry(db, accountId, entry);
    },
  };
}
export type OnboardingRepo = ReturnType<typeof createOnboardingRepo>;
