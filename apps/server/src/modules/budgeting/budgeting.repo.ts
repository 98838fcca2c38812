import { and, asc, count, desc, eq, gte, inArray, isNull, lte, ne, sql, type SQL } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import type { Db, Tx } from "../../db/client.ts";
import { accounts, authUsers, budgetAllocations, budgetAudit, budgets, purchaseRequests, teams } from "../../db/schema/index.ts";
import { AppError, conflict, notFound } from "../../lib/errors.ts";
import type { DecideScope } from "./budgeting.policy.ts";
import type { EventBus } from "../../lib/events.ts";
import { assertCoversAllocations, heldIn, lockAllocation, lockBudget } from "./budgeting.locks.repo.ts";

export type BudgetRow = typeof budgets.$inferSelect;
export type RequestRow = typeof purchaseRequests.$inferSelect;
/** A request with the names and budget its answer shows. */
export type RequestView = { r: RequestRow; teamName: string | null; askerName: string; deciderName: string | null; budgetId: number | null };
export type AllocationView = Awaited<ReturnType<BudgetingRepo["allocations"]>>[number];
export type AuditView = Awaited<ReturnType<BudgetingRepo["audit"]>>["rows"][number];
type Entity = "budget" | "allocation" | "purchase_request";

const asker = alias(accounts, "asker");
const askerUser = alias(authUsers, "asker_user");
const decider = alias(accounts, "decider");
const deciderUser = alias(authUsers, "decider_user");

/** The requests a decider's scope covers (budgeting.policy decideScope): the one definition of who decides what. */
const decidable = (s: DecideScope): SQL[] => [
  eq(purchaseRequests.companyId, s.companyId),
  ne(purchaseRequests.requestedBy, s.notRequestedBy),
  ...(s.teamId !== null ? [eq(purchaseRequests.teamId, s.teamId)] : []),
];

/** Money held against an allocation: approved (reserved) and paid requests. */
const heldBy = (status: "approved" | "paid") =>
  sql<number>`coalesce((select sum(${purchaseRequests.priceMinor}) from ${purchaseRequests} where ${purchaseRequests.allocationId} = ${budgetAllocations.id} and ${purchaseRequests.status} = ${status}), 0)::bigint`;

export function createBudgetingRepo(db: Db, events: EventBus) {
  const audit = (tx: Tx | Db, companyId: number, actorId: number, entity: Entity, entityId: number, action: string, before: unknown, after: unknown) =>
    tx.insert(budgetAudit).values({ companyId, actorId, entity, entityId, action, before: before ?? null, after: after ?? null });

  const requestSelect = () =>
    db
      .select({ r: purchaseRequests, teamName: teams.name, askerName: askerUser.name, deciderName: deciderUser.name, budgetId: budgetAllocations.budgetId })
      .from(purchaseRequests)
      .leftJoin(teams, eq(teams.id, purchaseRequests.teamId))
      .innerJoin(asker, eq(asker.id, purchaseRequests.requestedBy))
      .innerJoin(askerUser, eq(askerUser.id, asker.uid))
      .leftJoin(decider, eq(decider.id, purchaseRequests.decidedBy))
      .leftJoin(deciderUser, eq(deciderUser.id, decider.uid))
      .leftJoin(budgetAllocations, eq(budgetAllocations.id, purchaseRequests.allocationId));

  return {
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

    async createBudget(actorId: number, v: typeof budgets.$inferInsert) {
      return db.transaction(async (tx) => {
        const [row] = await tx.insert(budgets).values(v).onConflictDoNothing().returning();
        if (!row) throw conflict("budget_period_taken", "This company already has a budget for that period");
        await audit(tx, v.companyId, actorId, "budget", row.id, "create", null, row);
        await events.emit(tx, "budget.set", { actorId, budgetId: row.id });
        return row;
      });
    },

    /** The total may not drop below what is already allocated. */
    async updateBudget(actorId: number, b: BudgetRow, patch: { amountMinor?: number; frequency?: BudgetRow["frequency"] }) {
      return db.transaction(async (tx) => {
        const locked = await lockBudget(tx, b.id, "update");
        if (!locked) throw notFound("Budget");
        if (patch.amountMinor !== undefined) await assertCoversAllocations(tx, b.id, patch.amountMinor);
        const [row] = await tx
          .update(budgets)
          .set({ ...patch, updatedAt: new Date() })
          .where(eq(budgets.id, b.id))
          .returning();
        await audit(tx, b.companyId, actorId, "budget", b.id, "update", locked, row);
        return row!;
      });
    },

    /**
     * Sets a team's allocation. The allocations never add up to more than the budget, and an
     * allocation never drops below what its team has spent or reserved (lock order: budgeting.locks.repo.ts).
     */
    async allocate(actorId: number, b: BudgetRow, teamId: number, amountMinor: number) {
      return db.transaction(async (tx) => {
        const budget = await lockBudget(tx, b.id, "update");
        if (!budget) throw notFound("Budget");
        const rows = await tx.select().from(budgetAllocations).where(eq(budgetAllocations.budgetId, b.id)).orderBy(asc(budgetAllocations.id)).for("update");
        const mine = rows.find((r) => r.teamId === teamId);
        const others = rows.filter((r) => r.teamId !== teamId).reduce((s, r) => s + Number(r.amountMinor), 0);
        if (others + amountMinor > Number(budget.amountMinor)) {
          throw new AppError("allocations_exceed_budget", 409, "Allocations can't add up to more than the budget", {
            available_minor: Number(budget.amountMinor) - others,
          });
        }
        const used = mine ? await heldIn(tx, mine.id) : 0;
        if (amountMinor < used)
          throw new AppError("allocation_below_committed", 409, "The team has already reserved or spent more than that", { used_minor: used });
        const [row] = await tx
          .insert(budgetAllocations)
          .values({ budgetId: b.id, teamId, amountMinor })
          .onConflictDoUpdate({ target: [budgetAllocations.budgetId, budgetAllocations.teamId], set: { amountMinor, updatedAt: new Date() } })
          .returning();
        await audit(tx, b.companyId, actorId, "allocation", row!.id, mine ? "update" : "create", mine ?? null, row);
        await events.emit(tx, "budget.allocated", { actorId, budgetId: b.id, teamId });
        return row!;
      });
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

    /**
     * Files a request and answers its finished view from the same transaction: a new
     * request has no decider and no allocation yet, so only the asker's and team's names are looked
     * up, never the request itself again.
     */
    async createRequest(v: typeof purchaseRequests.$inferInsert): Promise<RequestView> {
      return db.transaction(async (tx) => {
        const [row] = await tx.insert(purchaseRequests).values(v).returning();
        await audit(tx, v.companyId, v.requestedBy, "purchase_request", row!.id, "create", null, row);
        await events.emit(tx, "purchase_request.created", {
          actorId: v.requestedBy,
          requestId: row!.id,
          companyId: row!.companyId,
          teamId: row!.teamId,
          title: row!.title,
        });
        const [names] = await tx
          .select({ askerName: authUsers.name, teamName: teams.name })
          .from(accounts)
          .innerJoin(authUsers, eq(authUsers.id, accounts.uid))
          .leftJoin(teams, row!.teamId === null ? sql`false` : eq(teams.id, row!.teamId))
          .where(eq(accounts.id, row!.requestedBy));
        return { r: row!, teamName: names?.teamName ?? null, askerName: names!.askerName, deciderName: null, budgetId: null };
      });
    },

    /**
     * Approves a pending request (as the caller read it) against its team's allocation in the
     * budget covering `on` (a monthly budget before a yearly one). What to lock is found first,
     * unlocked; then the allocation is locked and the request updated only while still pending, in
     * the money order (budgeting.locks.repo.ts), so no interleaving of money changes can overspend
     * an allocation. Answers the approved row and its budget, or null when it was no longer pending.
     */
    async approve(actorId: number, seen: RequestRow, on: string): Promise<{ row: RequestRow; budgetId: number } | null> {
      if (seen.status !== "pending") return null;
      if (seen.teamId === null) throw new AppError("request_without_team", 409, "This request has no team, so no team budget to reserve it against");
      const [target] = await db
        .select({ id: budgetAllocations.id })
        .from(budgetAllocations)
        .innerJoin(budgets, eq(budgets.id, budgetAllocations.budgetId))
        .where(and(eq(budgets.companyId, seen.companyId), eq(budgetAllocations.teamId, seen.teamId), lte(budgets.periodStart, on), gte(budgets.periodEnd, on)))
        .orderBy(sql`case when ${budgets.period} = 'month' then 0 else 1 end`)
        .limit(1);
      if (!target) throw new AppError("team_budget_missing", 409, "The team has no budget allocated for this period");
      return db.transaction(async (tx) => {
        const alloc = await lockAllocation(tx, target.id);
        if (!alloc) return null;
        const remaining = Number(alloc.amountMinor) - (await heldIn(tx, alloc.id));
        // Step 3 of the lock order: the update locks the request, and moves it only if still pending.
        const [row] = await tx
          .update(purchaseRequests)
          .set({ status: "approved", allocationId: alloc.id, decidedBy: actorId, decidedAt: new Date(), updatedAt: new Date() })
          .where(and(eq(purchaseRequests.id, seen.id), eq(purchaseRequests.status, "pending")))
          .returning();
        if (!row) return null;
        // A request's price never changes; throwing rolls the update back.
        if (Number(row.priceMinor) > remaining) {
          throw new AppError("budget_exceeded", 409, "Not enough budget left for this request", {
            remaining_minor: remaining,
            price_minor: Number(row.priceMinor),
          });
        }
        await audit(tx, seen.companyId, actorId, "purchase_request", seen.id, "approve", seen, row);
        await events.emit(tx, "purchase_request.approved", {
          actorId,
          requestId: seen.id,
          requesterId: seen.requestedBy,
          companyId: seen.companyId,
          title: row.title,
        });
        return { row, budgetId: alloc.budgetId };
      });
    },

    /**
     * Moves a request (as the caller read it) from one of `from` to `to`, so two clicks make one
     * change. Paying or cancelling an approved request moves money: its allocation is locked first
     * (budgeting.locks.repo.ts). Answers the moved row, or null when it was no longer in `from`.
     */
    async transition(
      actorId: number,
      seen: RequestRow,
      from: readonly RequestRow["status"][],
      to: RequestRow["status"],
      patch: Partial<RequestRow>,
      action: string,
    ): Promise<RequestRow | null> {
      if (!from.includes(seen.status)) return null;
      const row = await db.transaction(async (tx) => {
        if (seen.allocationId !== null) await lockAllocation(tx, seen.allocationId);
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
        if (!row) return null;
        await audit(tx, seen.companyId, actorId, "purchase_request", seen.id, action, seen, row);
        if (to === "rejected")
          await events.emit(tx, "purchase_request.rejected", {
            actorId,
            requestId: seen.id,
            requesterId: seen.requestedBy,
            companyId: seen.companyId,
            title: row.title,
          });
        return row;
      });
      if (row) return row;
      // Changed since it was read. Approved meanwhile, its allocation must be locked before it: start
      // again from the row as it is now (a request gets an allocation once, so at most once more).
      const [now] = await db.select().from(purchaseRequests).where(eq(purchaseRequests.id, seen.id));
      return now && from.includes(now.status) && now.allocationId !== seen.allocationId ? this.transition(actorId, now, from, to, patch, action) : null;
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
          .select({ e: budgetAudit, actorName: authUsers.name })
          .from(budgetAudit)
          .leftJoin(accounts, eq(accounts.id, budgetAudit.actorId))
          .leftJoin(authUsers, eq(authUsers.id, accounts.uid))
          .where(where)
          .orderBy(desc(budgetAudit.id))
          .limit(limit)
          .offset(offset),
        db.select({ n: count() }).from(budgetAudit).where(where),
      ]);
      return { rows, count: total?.n ?? 0 };
    },
  };
}
export type BudgetingRepo = ReturnType<typeof createBudgetingRepo>;
