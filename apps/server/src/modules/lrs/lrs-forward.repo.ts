import { and, asc, count, desc, eq, inArray, sql } from "drizzle-orm";
import type { Db, Tx } from "../../db/client.ts";
import { accounts, authUsers, certificates, collections, contentItems, lrsForwarders, upskillingPlans, xapiForwards } from "../../db/schema/index.ts";
import { recordAudit } from "../../lib/audit.ts";
import type { Executor } from "../../lib/events.ts";

type ForwardState = (typeof xapiForwards.$inferSelect)["state"];

/** The forwarding of a company's events to an outside LRS: its settings, the statements in flight, and what they name. */
export function createLrsForwardRepo(db: Db) {
  return {
    recordAudit,

    async forwarder(companyId: number) {
      const [row] = await db.select().from(lrsForwarders).where(eq(lrsForwarders.companyId, companyId));
      return row;
    },
    async saveForwarder(tx: Tx, v: typeof lrsForwarders.$inferInsert) {
      const { companyId: _, ...set } = v;
      const [row] = await tx.insert(lrsForwarders).values(v).onConflictDoUpdate({ target: lrsForwarders.companyId, set }).returning();
      return row!;
    },

    /** The person and their company, when the company forwards its events now (one read, so a company that does not pays little). */
    async forwardingPerson(on: Executor, accountId: number) {
      const [row] = await on
        .select({ companyId: accounts.companyId, email: authUsers.email, name: authUsers.name, locale: accounts.locale })
        .from(accounts)
        .innerJoin(authUsers, eq(authUsers.id, accounts.uid))
        .innerJoin(lrsForwarders, and(eq(lrsForwarders.companyId, accounts.companyId), eq(lrsForwarders.enabled, true)))
        .where(eq(accounts.id, accountId));
      return row && row.companyId !== null ? { ...row, companyId: row.companyId } : undefined;
    },
    async person(accountId: number) {
      const [row] = await db
        .select({ email: authUsers.email, name: authUsers.name, locale: accounts.locale })
        .from(accounts)
        .innerJoin(authUsers, eq(authUsers.id, accounts.uid))
        .where(eq(accounts.id, accountId));
      return row;
    },
    async content(on: Executor, id: number) {
      const [row] = await on.select({ url: contentItems.url, title: contentItems.title }).from(contentItems).where(eq(contentItems.id, id));
      return row;
    },
    async collection(on: Executor, id: number) {
      const [row] = await on.select({ title: collections.title }).from(collections).where(eq(collections.id, id));
      return row;
    },
    async plan(on: Executor, id: number) {
      const [row] = await on.select({ title: upskillingPlans.title }).from(upskillingPlans).where(eq(upskillingPlans.id, id));
      return row;
    },
    async certificate(on: Executor, id: number) {
      const [row] = await on.select({ code: certificates.code, title: certificates.title }).from(certificates).where(eq(certificates.id, id));
      return row;
    },

    async insertForward(on: Executor, v: { companyId: number; statementId: string; statement: unknown }) {
      await on.insert(xapiForwards).values(v).onConflictDoNothing();
    },
    /** The oldest statements waiting to be sent. */
    async pending(companyId: number, limit: number) {
      return db
        .select({ id: xapiForwards.id, statement: xapiForwards.statement })
        .from(xapiForwards)
        .where(and(eq(xapiForwards.companyId, companyId), eq(xapiForwards.state, "pending")))
        .orderBy(asc(xapiForwards.id))
        .limit(limit);
    },
    async markSent(ids: number[], at: Date) {
      await db
        .update(xapiForwards)
        .set({ state: "sent", sentAt: at, attempts: sql`${xapiForwards.attempts} + 1`, lastStatus: null, lastError: null })
        .where(inArray(xapiForwards.id, ids));
    },
    /** One more failed try, and whether it was the last (`failed`: a dead letter until someone retries it). */
    async markAttempt(ids: number[], last: { status: number | null; error: string }, state: "pending" | "failed") {
      await db
        .update(xapiForwards)
        .set({ state, attempts: sql`${xapiForwards.attempts} + 1`, lastStatus: last.status, lastError: last.error.slice(0, 1000) })
        .where(inArray(xapiForwards.id, ids));
    },
    async counts(companyId: number) {
      const rows = await db
        .select({ state: xapiForwards.state, n: count() })
        .from(xapiForwards)
        .where(and(eq(xapiForwards.companyId, companyId), inArray(xapiForwards.state, ["pending", "failed"])))
        .groupBy(xapiForwards.state);
      const of = (s: ForwardState) => rows.find((r) => r.state === s)?.n ?? 0;
      return { pending: of("pending"), failed: of("failed") };
    },
    async page(companyId: number, state: ForwardState, limit: number, offset: number) {
      const where = and(eq(xapiForwards.companyId, companyId), eq(xapiForwards.state, state));
      const [total] = await db.select({ n: count() }).from(xapiForwards).where(where);
      const rows = await db.select().from(xapiForwards).where(where).orderBy(desc(xapiForwards.id)).limit(limit).offset(offset);
      return { count: total?.n ?? 0, rows };
    },
    /** Failed statements of the company (one, or all) wait to be sent again; answers how many. */
    async requeueFailed(tx: Tx, companyId: number, id?: number) {
      const rows = await tx
        .update(xapiForwards)
        .set({ state: "pending" })
        .where(and(eq(xapiForwards.companyId, companyId), eq(xapiForwards.state, "failed"), id === undefined ? undefined : eq(xapiForwards.id, id)))
        .returning({ id: xapiForwards.id });
      return rows.length;
    },
  };
}
export type LrsForwardRepo = ReturnType<typeof createLrsForwardRepo>;
