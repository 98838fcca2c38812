import { and, asc, count, desc, eq, gte, inArray, isNull, lte, ne, or, sql, type SQL } from "drizzle-orm";
import type { BudgetAuditAction } from "@learnward/contracts";
import type { Db, Tx } from "../../db/client.ts";
import { asker, decider } from "../../db/named-accounts.ts";
import { accounts, authUsers, budgetAllocations, budgetAudit, budgets, purchaseRequests, teams } from "../../db/schema/index.ts";
import type { Executor } from "../../lib/events.ts";
import type { DecideScope } from "./budgeting.policy.ts";
import { heldIn, lockAllocation, lockBudget } from "./budgeting.locks.repo.ts";

export type BudgetRow = typeof budgets.$inferSelect;
export type RequestRow = typeof purchaseRequests.$inferSelect;
/** A request with the names and budget its answer shows. */
export type RequestView = { r: RequestRow; teamName: string | null; askerName: string; deciderName: string | null; budgetId: number | null };
export type AllocationView = Awaited<ReturnType<BudgetingRepo["allocations"]>>[number];
export type AuditView = Awaited<ReturnType<BudgetingRepo["audit"]>>["rows"][number];
type Entity = "budget" | "allocation" | "purchase_request";

/** The requests a decider's scope covers (budgeting.policy decideScope): the one definition of who decides what. */
const decidable = (s: DecideScope): SQL[] => [
  eq(purchaseRequests.companyId, s.companyId),
  ne(purchaseRequests.requestedBy, s.notRequestedBy),
  ...(s.teamId !== null ? [eq(purchaseRequests.teamId, s.teamId)] : []),
];

/** Money held against an allocation: approved (reserved) and paid requests. */
const heldBy = (status: "approved" | "paid") =>
  sql<number>`coalesce((select sum(${purchaseRequests.priceMinor}) from ${purchaseRequests} where ${purchaseRequests.allocationId} = ${budgetAllocations.id} and ${purchaseRequests.status} = ${status}), 0)::bigint`;

export function createBudgetingRepo(db: Db) {
  const requestSelect = () =>
    db
      .select({ r: purchaseRequests, teamName: teams.name, askerName: asker.name, deciderName: decider.name, budgetId: budgetAllocations.budgetId })
      .from(purchaseRequests)
      .leftJoin(teams, eq(teams.id, purchaseRequests.teamId))
      .innerJoin(asker, eq(asker.id, purchaseRequests.requestedBy))
      .leftJoin(decider, eq(decider.id, purchaseRequests.decidedBy))
      .leftJoin(budgetAllocations, eq(budgetAllocations.id, purchaseRequests.allocationId));

  return {
    /** The money order's locks and reads (budgeting.locks.repo.ts); the service takes them in that order. */
    lockBudget,
    lockAllocation,
    heldIn,

    /** One line of the budgeting audit trail, in the transaction of the change it records. */
    async recordAudit(
      tx: Executor,
      e: { companyId: number; actorId: number; entity: Entity; entityId: number; action: BudgetAuditAction; before: unknown; after: unknown },
    ) {
      await tx.insert(budgetAudit).values({ ...e, before: e.before ?? null, after: e.after ?? null });
    },

    async budgets(companyId: number, f: { period?: "year" | "month"; on?: string; teamId?: number }, limit: number, offset: number) {
      const conds: SQL[] = [eq(budgets.companyId, companyId)];
      if (f.period) conds.push(eq(budgets.period, f.period));
      if (f.on) conds.push(lte(budgets.periodStart, f.on), gte(budgets.periodEnd, f.on));
      const where = and(...conds);
      const [rows, [total]] = await Promise.all([
        db.select().from(budgets).where(where).orderBy(desc(budgets.periodStart), asc(budgets.period)).limit(limit).offset(offset),
        db.select({ n: count() }).from(budgets).where(where),
      ]);
      return {
        rows,
        allocs: await this.allocations(
          rows.map((b) => b.id),
          f.teamId,
        ),
        count: total?.n ?? 0,
      };
    },

    /** Allocations of these budgets with what each team has reserved and paid (one team's only, if given). */
    async allocations(budgetIds: number[], teamId?: number) {
      if (!budgetIds.length) return [];
      return db
        .select({ a: budgetAllocations, teamName: teams.name, reserved: heldBy("approved"), paid: heldBy("paid") })
        .from(budgetAllocations)
        .innerJoin(teams, eq(teams.id, budgetAllocations.teamId))
        .where(and(inArray(budgetAllocations.budgetId, budgetIds), ...(teamId !== undefined ? [eq(budgetAllocations.teamId, teamId)] : [])))
        .orderBy(asc(teams.name));
    },

    /** Money held against a budget's allocations (one team's, if given), with when it was approved and paid. */
    async heldOver(budgetId: number, teamId?: number) {
      return db
        .select({ price: purchaseRequests.priceMinor, decidedAt: purchaseRequests.decidedAt, paidAt: purchaseRequests.paidAt })
        .from(purchaseRequests)
        .innerJoin(budgetAllocations, eq(budgetAllocations.id, purchaseRequests.allocationId))
        .where(
          and(
            eq(budgetAllocations.budgetId, budgetId),
            inArray(purchaseRequests.status, ["approved", "paid"]),
            ...(teamId !== undefined ? [eq(budgetAllocations.teamId, teamId)] : []),
          ),
        );
    },

    async budget(companyId: number, id: number) {
      const [row] = await db
        .select()
        .from(budgets)
        .where(and(eq(budgets.id, id), eq(budgets.companyId, companyId)));
      return row;
    },

    /** A new budget, or undefined when the company already has one for that period. */
    async insertBudget(tx: Executor, v: typeof budgets.$inferInsert) {
      const [row] = await tx.insert(budgets).values(v).onConflictDoNothing().returning();
      return row;
    },

    async updateBudget(tx: Executor, id: number, patch: { amountMinor?: number; frequency?: BudgetRow["frequency"] }) {
      const [row] = await tx
        .update(budgets)
        .set({ ...patch, updatedAt: new Date() })
        .where(eq(budgets.id, id))
        .returning();
      return row!;
    },

    /** A budget's allocations, locked FOR UPDATE in id order; take them holding the budget FOR UPDATE. */
    async lockAllocations(tx: Tx, budgetId: number) {
      return tx.select().from(budgetAllocations).where(eq(budgetAllocations.budgetId, budgetId)).orderBy(asc(budgetAllocations.id)).for("update");
    },

    /** Sets a team's allocation of a budget (created the first time). */
    async upsertAllocation(tx: Executor, budgetId: number, teamId: number, amountMinor: number) {
      const [row] = await tx
        .insert(budgetAllocations)
        .values({ budgetId, teamId, amountMinor })
        .onConflictDoUpdate({ target: [budgetAllocations.budgetId, budgetAllocations.teamId], set: { amountMinor, updatedAt: new Date() } })
        .returning();
      return row!;
    },

    async requests(
      companyId: number,
      f: { requestedBy?: number; decider?: DecideScope; teamId?: number; status?: RequestRow["status"]; since?: Date; sort: "asc" | "desc" },
      limit: number,
      offset: number,
    ) {
      const conds: SQL[] = [eq(purchaseRequests.companyId, companyId)];
      if (f.decider) conds.push(...decidable(f.decider));
      if (f.requestedBy !== undefined) conds.push(eq(purchaseRequests.requestedBy, f.requestedBy));
      if (f.teamId !== undefined) conds.push(eq(purchaseRequests.teamId, f.teamId));
      if (f.status) conds.push(eq(purchaseRequests.status, f.status));
      if (f.since) conds.push(gte(purchaseRequests.createdAt, f.since));
      const where = and(...conds);
      const order =
        f.sort === "asc" ? [asc(purchaseRequests.createdAt), asc(purchaseRequests.id)] : [desc(purchaseRequests.createdAt), desc(purchaseRequests.id)];
      const [rows, [total]] = await Promise.all([
        requestSelect()
          .where(where)
          .orderBy(...order)
          .limit(limit)
          .offset(offset),
        db.select({ n: count() }).from(purchaseRequests).where(where),
      ]);
      return { rows, count: total?.n ?? 0 };
    },

    /** How many requests wait for this decider, and since when (insights' pending count). */
    async pendingToDecide(s: DecideScope) {
      const [row] = await db
        .select({ n: count(), oldest: sql<string | Date | null>`min(${purchaseRequests.createdAt})` })
        .from(purchaseRequests)
        .where(and(...decidable(s), eq(purchaseRequests.status, "pending")));
      return { count: row?.n ?? 0, oldest: row?.oldest ? new Date(row.oldest) : null };
    },

    async request(companyId: number, id: number) {
      const [row] = await requestSelect().where(and(eq(purchaseRequests.id, id), eq(purchaseRequests.companyId, companyId)));
      return row;
    },

    async insertRequest(tx: Executor, v: typeof purchaseRequests.$inferInsert) {
      const [row] = await tx.insert(purchaseRequests).values(v).returning();
      return row!;
    },

    /** The asker's and team's names of a request just filed (it has no decider and no allocation yet). */
    async requestNames(tx: Executor, row: RequestRow) {
      const [names] = await tx
        .select({ askerName: authUsers.name, teamName: teams.name })
        .from(accounts)
        .innerJoin(authUsers, eq(authUsers.id, accounts.uid))
        .leftJoin(teams, row.teamId === null ? sql`false` : eq(teams.id, row.teamId))
        .where(eq(accounts.id, row.requestedBy));
      return { askerName: names!.askerName, teamName: names?.teamName ?? null };
    },

    /** The team's allocation in the budget covering `on` (a monthly budget before a yearly one); read unlocked. */
    async allocationCovering(companyId: number, teamId: number, on: string) {
      const [target] = await db
        .select({ id: budgetAllocations.id })
        .from(budgetAllocations)
        .innerJoin(budgets, eq(budgets.id, budgetAllocations.budgetId))
        .where(and(eq(budgets.companyId, companyId), eq(budgetAllocations.teamId, teamId), lte(budgets.periodStart, on), gte(budgets.periodEnd, on)))
        .orderBy(sql`case when ${budgets.period} = 'month' then 0 else 1 end`)
        .limit(1);
      return target;
    },

    /**
     * Moves a pending request to approved against an allocation. The update locks the request, and
     * moves it only if still pending: answers the approved row, or undefined when it no longer was.
     */
    async approveRequest(tx: Executor, id: number, allocationId: number, actorId: number) {
      const [row] = await tx
        .update(purchaseRequests)
        .set({ status: "approved", allocationId, decidedBy: actorId, decidedAt: new Date(), updatedAt: new Date() })
        .where(and(eq(purchaseRequests.id, id), eq(purchaseRequests.status, "pending")))
        .returning();
      return row;
    },

    /**
     * Moves a request (as the caller read it) from one of `from` to `to`, only while it is still in
     * `from` with the allocation it was read with: answers the moved row, or undefined.
     */
    async moveRequest(tx: Executor, seen: RequestRow, from: readonly RequestRow["status"][], to: RequestRow["status"], patch: Partial<RequestRow>) {
      const [row] = await tx
        .update(purchaseRequests)
        .set({ ...patch, status: to, updatedAt: new Date() })
        .where(
          and(
            eq(purchaseRequests.id, seen.id),
            inArray(purchaseRequests.status, from),
            seen.allocationId === null ? isNull(purchaseRequests.allocationId) : eq(purchaseRequests.allocationId, seen.allocationId),
          ),
        )
        .returning();
      return row;
    },

    /** A request's row as it is now. */
    async requestRow(id: number) {
      const [row] = await db.select().from(purchaseRequests).where(eq(purchaseRequests.id, id));
      return row;
    },

    /** The name shown for an account (the decider of a request just decided). */
    async displayName(accountId: number) {
      const [row] = await db
        .select({ name: authUsers.name })
        .from(accounts)
        .innerJoin(authUsers, eq(authUsers.id, accounts.uid))
        .where(eq(accounts.id, accountId));
      return row?.name ?? null;
    },

    async audit(companyId: number, f: { entity?: Entity; entityId?: number }, limit: number, offset: number) {
      const conds: SQL[] = [eq(budgetAudit.companyId, companyId)];
      if (f.entity) conds.push(eq(budgetAudit.entity, f.entity));
      if (f.entityId !== undefined) conds.push(eq(budgetAudit.entityId, f.entityId));
      const where = and(...conds);
      const [rows, [total]] = await Promise.all([
        db
          .select({
            e: budgetAudit,
            actorName: authUsers.name,
            title: purchaseRequests.title,
            team: teams.name,
            period: budgets.period,
            periodStart: budgets.periodStart,
          })
          .from(budgetAudit)
          .leftJoin(accounts, eq(accounts.id, budgetAudit.actorId))
          .leftJoin(authUsers, eq(authUsers.id, accounts.uid))
          .leftJoin(purchaseRequests, and(eq(budgetAudit.entity, "purchase_request"), eq(purchaseRequests.id, budgetAudit.entityId)))
          .leftJoin(budgetAllocations, and(eq(budgetAudit.entity, "allocation"), eq(budgetAllocations.id, budgetAudit.entityId)))
          .leftJoin(budgets, or(and(eq(budgetAudit.entity, "budget"), eq(budgets.id, budgetAudit.entityId)), eq(budgets.id, budgetAllocations.budgetId)))
          .leftJoin(teams, or(eq(teams.id, budgetAllocations.teamId), eq(teams.id, purchaseRequests.teamId)))
          .where(where)
          // When it happened, not when it was written down (imported history is written late); the
          // id keeps changes of one moment in a stable order across pages.
          .orderBy(desc(budgetAudit.createdAt), desc(budgetAudit.id))
          .limit(limit)
          .offset(offset),
        db.select({ n: count() }).from(budgetAudit).where(where),
      ]);
      return { rows, count: total?.n ?? 0 };
    },
  };
}
export type BudgetingRepo = ReturnType<typeof createBudgetingRepo>;
