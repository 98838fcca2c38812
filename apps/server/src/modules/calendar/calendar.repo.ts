import { randomBytes } from "node:crypto";
import { eq } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { recordAudit } from "../../lib/audit.ts";
import type { Executor } from "../../lib/events.ts";
import { accounts, calendarFeeds, companies } from "../../db/schema/index.ts";

/** 32 random bytes, base64url: the feed's whole credential, so as long as a session token. */
export const newSecret = () => randomBytes(32).toString("base64url");

export function createCalendarRepo(db: Db) {
  return {
    /** The person's feed, made on first ask (one per account; a concurrent first ask keeps the first). */
    async ensure(accountId: number) {
      await db.insert(calendarFeeds).values({ accountId, secret: newSecret() }).onConflictDoNothing({ target: calendarFeeds.accountId });
      const [feed] = await db.select().from(calendarFeeds).where(eq(calendarFeeds.accountId, accountId));
      return feed!;
    },

    /** Gives the person's feed a new secret (made if they had none). */
    async saveSecret(tx: Executor, accountId: number, secret: string) {
      const [feed] = await tx
        .insert(calendarFeeds)
        .values({ accountId, secret })
        .onConflictDoUpdate({ target: calendarFeeds.accountId, set: { secret, createdAt: new Date() } })
        .returning();
      return feed!;
    },

    /** One line of the operators' audit trail, in the transaction of the change it records. */
    recordAudit,

    /** Whose feed a secret opens, with what decides whether it still answers. */
    async ownerOf(secret: string) {
      const [owner] = await db
        .select({ accountId: accounts.id, companyId: accounts.companyId, status: accounts.status, locale: accounts.locale, companyStatus: companies.status })
        .from(calendarFeeds)
        .innerJoin(accounts, eq(accounts.id, calendarFeeds.accountId))
        .leftJoin(companies, eq(companies.id, accounts.companyId))
        .where(eq(calendarFeeds.secret, secret));
      return owner;
    },
  };
}
export type CalendarRepo = ReturnType<typeof createCalendarRepo>;
export type FeedOwner = NonNullable<Awaited<ReturnType<CalendarRepo["ownerOf"]>>>;
