import { and, eq, inArray, isNull, sql } from "drizzle-orm";
import type { NotificationKind } from "@learnward/contracts";
import type { Db } from "../../db/client.ts";
import { accounts, authUsers, notificationPreferences, notifications } from "../../db/schema/index.ts";
import type { Executor } from "../../lib/events.ts";

export type NotificationRow = typeof notifications.$inferSelect;
export interface NewNotification {
  accountId: number;
  companyId: number | null;
  kind: NotificationKind;
  params: Record<string, string | number | null>;
  link: string;
  key?: string | null;
}

export function createNotificationsRepo(db: Db) {
  return {
    /** Writes notifications; one with a key a person already has is skipped. Answers the new ids. */
    async insert(tx: Executor, rows: NewNotification[]): Promise<number[]> {
      if (rows.length === 0) return [];
      const made = await tx
        .insert(notifications)
        .values(rows.map((r) => ({ ...r, key: r.key ?? null })))
        .onConflictDoNothing()
        .returning({ id: notifications.id });
      return made.map((r) => r.id);
    },

    /** What the mail of each notification needs: the person's address, name, language and choice for the kind. */
    async forMail(ids: number[]) {
      if (ids.length === 0) return [];
      return db
        .select({
          id: notifications.id,
          kind: notifications.kind,
          params: notifications.params,
          link: notifications.link,
          mailedAt: notifications.mailedAt,
          accountId: accounts.id,
          email: authUsers.email,
          name: authUsers.name,
          locale: accounts.locale,
          status: accounts.status,
          mail: sql<"immediately" | "daily" | "weekly" | "off">`coalesce(${notificationPreferences.mail}, 'immediately')`,
        })
        .from(notifications)
        .innerJoin(accounts, eq(accounts.id, notifications.accountId))
        .innerJoin(authUsers, eq(authUsers.id, accounts.uid))
        .leftJoin(
          notificationPreferences,
          and(eq(notificationPreferences.accountId, notifications.accountId), eq(notificationPreferences.kind, notifications.kind)),
        )
        .where(inArray(notifications.id, ids));
    },

    /** Marks one notification mailed, answering false when another run did it first. */
    async claimMail(tx: Executor, id: number): Promise<boolean> {
      const done = await tx
        .update(notifications)
        .set({ mailedAt: sql`now()` })
        .where(and(eq(notifications.id, id), isNull(notifications.mailedAt)))
        .returning({ id: notifications.id });
      return done.length === 1;
    },
  };
}
export type NotificationsRepo = ReturnType<typeof createNotificationsRepo>;
