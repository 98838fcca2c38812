import { and, asc, eq, inArray, isNull, lte, sql } from "drizzle-orm";
import { NOTIFICATION_KINDS, type MailFrequency, type NotificationKind, type NotificationSettings } from "@learnward/contracts";
import type { Db } from "../../db/client.ts";
import { accounts, authUsers, companies, notificationPreferences, notifications } from "../../db/schema/index.ts";
import type { Executor } from "../../lib/events.ts";
import { choiceForItsKind, mailColumns } from "./notifications.repo.ts";

/** A person's mail choices and what their digests gather: the only queries of that part. */
export function createMailChoicesRepo(db: Db) {
  return {
    /** Every kind's choice for one person; a kind without a row is mailed immediately. */
    async settings(accountId: number): Promise<NotificationSettings> {
      const rows = await db.select().from(notificationPreferences).where(eq(notificationPreferences.accountId, accountId));
      const chosen = new Map(rows.map((r) => [r.kind, r.mail]));
      return Object.fromEntries(NOTIFICATION_KINDS.map((kind) => [kind, chosen.get(kind) ?? "immediately"])) as NotificationSettings;
    },

    async choose(tx: Executor, accountId: number, choices: Partial<Record<NotificationKind, MailFrequency>>): Promise<void> {
      const rows = Object.entries(choices).map(([kind, mail]) => ({ accountId, kind: kind as NotificationKind, mail: mail as MailFrequency }));
      if (rows.length === 0) return;
      await tx
        .insert(notificationPreferences)
        .values(rows)
        .onConflictDoUpdate({ target: [notificationPreferences.accountId, notificationPreferences.kind], set: { mail: sql`excluded.mail` } });
    },

    /** The kinds a person gets at `frequency` (what one digest's unsubscribe turns off). */
    async kindsAt(tx: Executor, accountId: number, frequency: MailFrequency): Promise<NotificationKind[]> {
      const rows = await tx
        .select({ kind: notificationPreferences.kind })
        .from(notificationPreferences)
        .where(and(eq(notificationPreferences.accountId, accountId), eq(notificationPreferences.mail, frequency)));
      return rows.map((r) => r.kind);
    },

    async exists(accountId: number): Promise<boolean> {
      return (await db.select({ id: accounts.id }).from(accounts).where(eq(accounts.id, accountId))).length === 1;
    },

    /**
     * Notifications waiting for a digest: not mailed yet, of a kind the person chose `frequency`
     * for, to active people, written before `until`; with what the mail needs, oldest first.
     */
    async waitingForDigest(frequency: "daily" | "weekly", until: Date) {
      return db
        .select(mailColumns)
        .from(notifications)
        .innerJoin(notificationPreferences, choiceForItsKind)
        .innerJoin(accounts, eq(accounts.id, notifications.accountId))
        .innerJoin(authUsers, eq(authUsers.id, accounts.uid))
        .leftJoin(companies, eq(companies.id, accounts.companyId))
        .where(
          and(isNull(notifications.mailedAt), eq(notificationPreferences.mail, frequency), eq(accounts.status, "active"), lte(notifications.createdAt, until)),
        )
        .orderBy(asc(notifications.accountId), asc(notifications.id));
    },

    /** Marks notifications mailed; answers the ids this call marked (another run may have taken some). */
    async claim(tx: Executor, ids: number[]): Promise<number[]> {
      if (ids.length === 0) return [];
      const done = await tx
        .update(notifications)
        .set({ mailedAt: sql`now()` })
        .where(and(inArray(notifications.id, ids), isNull(notifications.mailedAt)))
        .returning({ id: notifications.id });
      return done.map((r) => r.id);
    },
  };
}
export type MailChoicesRepo = ReturnType<typeof createMailChoicesRepo>;
