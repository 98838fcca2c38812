import { and, count, desc, eq, inArray, isNull, sql } from "drizzle-orm";
import type { NotificationKind } from "@learnward/contracts";
import type { Db } from "../../db/client.ts";
import { accounts, authUsers, companies, notificationPreferences, notifications } from "../../db/schema/index.ts";
import type { Executor } from "../../lib/events.ts";

export type NotificationRow = typeof notifications.$inferSelect;

/** What a notification's mail needs: the notification, and its person's address, name and language. */
export const mailColumns = {
  id: notifications.id,
  kind: notifications.kind,
  params: notifications.params,
  link: notifications.link,
  accountId: accounts.id,
  email: authUsers.email,
  name: authUsers.name,
  locale: accounts.locale,
  /** The company the mail's frame names (none for a platform operator). */
  companyName: companies.name,
};

/** Joins the person's mail choice for the notification's kind (no row: mailed immediately). */
export const choiceForItsKind = and(eq(notificationPreferences.accountId, notifications.accountId), eq(notificationPreferences.kind, notifications.kind));

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
    /** A person's notifications, newest first, with how many there are and how many are unread. */
    async list(scope: { accountId: number }, limit: number, offset: number) {
      const mine = eq(notifications.accountId, scope.accountId);
      const [rows, [totals]] = await Promise.all([
        db.select().from(notifications).where(mine).orderBy(desc(notifications.id)).limit(limit).offset(offset),
        db
          .select({ count: count(), unread: sql<number>`count(*) filter (where ${notifications.readAt} is null)`.mapWith(Number) })
          .from(notifications)
          .where(mine),
      ]);
      return { rows, count: totals?.count ?? 0, unread: totals?.unread ?? 0 };
    },

    async find(id: number): Promise<NotificationRow | undefined> {
      const [row] = await db.select().from(notifications).where(eq(notifications.id, id));
      return row;
    },

    /** Marks one read (keeping the first time it was read). */
    async markRead(id: number): Promise<NotificationRow> {
      const [row] = await db
        .update(notifications)
        .set({ readAt: sql`coalesce(${notifications.readAt}, now())` })
        .where(eq(notifications.id, id))
        .returning();
      return row!;
    },

    /** Marks every unread one in scope read; answers how many. */
    async markAllRead(scope: { accountId: number }): Promise<number> {
      const done = await db
        .update(notifications)
        .set({ readAt: sql`now()` })
        .where(and(eq(notifications.accountId, scope.accountId), isNull(notifications.readAt)))
        .returning({ id: notifications.id });
      return done.length;
    },

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
          ...mailColumns,
          mailedAt: notifications.mailedAt,
          status: accounts.status,
          mail: sql<"immediately" | "daily" | "weekly" | "off">`coalesce(${notificationPreferences.mail}, 'immediately')`,
        })
        .from(notifications)
        .innerJoin(accounts, eq(accounts.id, notifications.accountId))
        .innerJoin(authUsers, eq(authUsers.id, accounts.uid))
        .leftJoin(companies, eq(companies.id, accounts.companyId))
        .leftJoin(notificationPreferences, choiceForItsKind)
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
