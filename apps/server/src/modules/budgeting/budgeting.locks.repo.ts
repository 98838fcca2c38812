import { and, eq, inArray, sql } from "drizzle-orm";
import type { Tx } from "../../db/client.ts";
import { budgetAllocations, budgets, purchaseRequests } from "../../db/schema/index.ts";

/*
 * Every money change (budget amounts, allocations, approving, paying, cancelling) takes its row
 * locks in one order, so two changes never wait on each other in a cycle, and reads amounts only
 * once it holds them:
 *   1. the budget row: FOR UPDATE to change the budget's amount or its allocations (this waits
 *      for, and holds off, all money moving within the budget); FOR SHARE to move money within
 *      one allocation, so approvals of different teams still run side by side;
 *   2. then the allocation row, FOR UPDATE;
 *   3. then the purchase request: the UPDATE that moves it locks it, and its WHERE re-checks the
 *      status it moves from once it holds the lock.
 * A cut that locked the budget while an approval locked only the allocation left an
 * allocation at 17,500 with 40,000 reserved.
 */

/** Step 1. The row as it is now: a copy read before the lock may predate a cut. */
export async function lockBudget(tx: Tx, id: number, strength: "update" | "share") {
  const [row] = await tx.select().from(budgets).where(eq(budgets.id, id)).for(strength);
  return row;
}

/** Steps 1 and 2 for moving money within an allocation: its budget shared, then the allocation. */
export async function lockAllocation(tx: Tx, id: number) {
  // An allocation never changes budget, so reading which one unlocked is safe.
  const [ref] = await tx.select({ budgetId: budgetAllocations.budgetId }).from(budgetAllocations).where(eq(budgetAllocations.id, id));
  if (!ref) return undefined;
  await lockBudget(tx, ref.budgetId, "share");
  const [row] = await tx.select().from(budgetAllocations).where(eq(budgetAllocations.id, id)).for("update");
  return row;
}

/** Money held against an allocation (reserved and paid); read it after locking the allocation. */
export async function heldIn(tx: Tx, allocationId: number) {
  const [row] = await tx
    .select({ n: sql<number>`coalesce(sum(${purchaseRequests.priceMinor}), 0)::bigint` })
    .from(purchaseRequests)
    .where(and(eq(purchaseRequests.allocationId, allocationId), inArray(purchaseRequests.status, ["approved", "paid"])));
  return Number(row?.n ?? 0);
}

/** What a budget has allocated to its teams; read it holding the budget FOR UPDATE (step 1). */
export async function allocatedIn(tx: Tx, budgetId: number) {
  const [row] = await tx
    .select({ n: sql<number>`coalesce(sum(${budgetAllocations.amountMinor}), 0)::bigint` })
    .from(budgetAllocations)
    .where(eq(budgetAllocations.budgetId, budgetId));
  return Number(row?.n ?? 0);
}
