import type { Tx } from "../../db/client.ts";
import { AppError } from "../../lib/errors.ts";
import { allocatedIn } from "./budgeting.locks.repo.ts";

/**
 * A budget's new amount may not drop below what is allocated to its teams: the rule for the L&D
 * leader's change and for an operator's adjustment alike. Call it holding the budget FOR UPDATE
 * (allocations change only under that lock, so the sum can't move meanwhile).
 */
export async function ensureCoversAllocations(tx: Tx, budgetId: number, amountMinor: number) {
  const allocated = await allocatedIn(tx, budgetId);
  if (amountMinor < allocated)
    throw new AppError("budget_below_allocated", 409, "The budget can't be less than what is already allocated to teams", { allocated_minor: allocated });
}
