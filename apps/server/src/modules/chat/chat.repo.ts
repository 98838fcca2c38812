import { and, count, desc, eq } from "drizzle-orm";
import type { ChatChannel } from "@learnward/contracts";
import type { Db } from "../../db/client.ts";
import {
  chatDeliveries,
  accounts,
  collections,
  companies,
  companyChatHooks,
  inviteRequests,
  publishRequests,
  purchaseRequests,
  removalRequests,
} from "../../db/schema/index.ts";
import { upsertCompanySetting } from "../../lib/company-settings.ts";
import type { Executor } from "../../lib/events.ts";

export type ChatHooksRow = typeof companyChatHooks.$inferSelect;
export interface HookChanges {
  slackWebhookUrl?: string | null;
  teamsWebhookUrl?: string | null;
}
/** Requests of a company that wait for a decision, by kind. */
export interface WaitingRequests {
  purchase: number;
  publish: number;
  people: number;
}

/** A webhook address is a credential: the audit trail keeps only whether one is set and its host. */
const trace = (url: string | null | undefined) => (url ? new URL(url).host : null);

/** The only place that touches the chat tables (and reads what the chat messages name). */
export function createChatRepo(db: Db) {
  return {
    async companyExists(companyId: number) {
      const [row] = await db.select({ id: companies.id }).from(companies).where(eq(companies.id, companyId));
      return row !== undefined;
    },

    /** Takes a post job's delivery key; false when a run of the same job already posted. */
    async claimDelivery(jobId: string): Promise<boolean> {
      return (await db.insert(chatDeliveries).values({ key: jobId }).onConflictDoNothing().returning()).length === 1;
    },

    /** Gives the key back after a failed post, so that the retry posts. */
    async releaseDelivery(jobId: string): Promise<void> {
      await db.delete(chatDeliveries).where(eq(chatDeliveries.key, jobId));
    },

    async hooks(companyId: number, on: Executor = db): Promise<ChatHooksRow | undefined> {
      const [row] = await on.select().from(companyChatHooks).where(eq(companyChatHooks.companyId, companyId));
      return row;
    },

    /** Saves the addresses and their audit line in one transaction; answers the row as written. */
    async update(actorId: number, companyId: number, changes: HookChanges): Promise<ChatHooksRow> {
      return upsertCompanySetting(db, companyChatHooks, {
        actorId,
        companyId,
        values: changes,
        action: "chat_hooks_updated",
        trace: (before, row) => ({
          before: { slack: trace(before?.slackWebhookUrl), teams: trace(before?.teamsWebhookUrl) },
          after: { slack: trace(row.slackWebhookUrl), teams: trace(row.teamsWebhookUrl) },
        }),
      });
    },

    /** The company an event happened in: its actor's (events carry the actor, never the company). */
    async companyOf(on: Executor, accountId: number): Promise<number | null> {
      const [row] = await on.select({ companyId: accounts.companyId }).from(accounts).where(eq(accounts.id, accountId));
      return row?.companyId ?? null;
    },

    /** Which channels of a company are connected, read in the event's transaction. */
    async channels(on: Executor, companyId: number): Promise<ChatChannel[]> {
      const row = await this.hooks(companyId, on);
      return [...(row?.slackWebhookUrl ? (["slack"] as const) : []), ...(row?.teamsWebhookUrl ? (["teams"] as const) : [])];
    },

    async collection(collectionId: number) {
      const [row] = await db
        .select({ id: collections.id, title: collections.title, companyId: collections.companyId, status: collections.status })
        .from(collections)
        .where(eq(collections.id, collectionId));
      return row;
    },

    /**
     * Whether the publication just accepted (in `on`, the deciding transaction) put a new learning
     * path in the library, rather than an edit of one already there.
     */
    async newlyPublished(on: Executor, collectionId: number): Promise<boolean> {
      const [row] = await on
        .select({ kind: publishRequests.kind })
        .from(publishRequests)
        .where(and(eq(publishRequests.collectionId, collectionId), eq(publishRequests.status, "accepted")))
        .orderBy(desc(publishRequests.decidedAt), desc(publishRequests.id))
        .limit(1);
      return row?.kind === "publish";
    },

    async waiting(companyId: number): Promise<WaitingRequests> {
      const pending = async (table: typeof purchaseRequests | typeof publishRequests | typeof inviteRequests | typeof removalRequests) => {
        const [row] = await db
          .select({ n: count() })
          .from(table)
          .where(and(eq(table.companyId, companyId), eq(table.status, "pending")));
        return row?.n ?? 0;
      };
      const [purchase, publish, invite, removal] = [
        await pending(purchaseRequests),
        await pending(publishRequests),
        await pending(inviteRequests),
        await pending(removalRequests),
      ];
      return { purchase, publish, people: invite + removal };
    },
  };
}
export type ChatRepo = ReturnType<typeof createChatRepo>;
