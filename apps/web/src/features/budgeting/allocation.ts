import type { Budget } from "@learnward/contracts";
import { parseMoney, type MoneyError } from "./money";

export interface AllocationCheck {
  /** What stays unallocated if this amount is saved (negative when over the budget). */
  leftMinor: number;
  amountMinor: number | null;
  error: MoneyError | "overBudget" | "belowUsed" | null;
}

/**
 * Live validation of one team's allocation: allocations never add up to more than the budget
 * (PRODUCT.md), and a team can't get less than it has already reserved or spent.
 */
export function checkAllocation(budget: Pick<Budget, "amount_minor" | "allocations">, teamId: number, input: string, digits = 2): AllocationCheck {
  const others = budget.allocations.filter((a) => a.team.id !== teamId).reduce((sum, a) => sum + a.amount_minor, 0);
  const current = budget.allocations.find((a) => a.team.id === teamId);
  const parsed = parseMoney(input, digits, { allowZero: true });
  if (!parsed.ok) return { leftMinor: budget.amount_minor - others, amountMinor: null, error: parsed.error };
  const leftMinor = budget.amount_minor - others - parsed.minor;
  if (leftMinor < 0) return { leftMinor, amountMinor: parsed.minor, error: "overBudget" };
  const used = current ? current.reserved_minor + current.paid_minor : 0;
  if (parsed.minor < used) return { leftMinor, amountMinor: parsed.minor, error: "belowUsed" };
  return { leftMinor, amountMinor: parsed.minor, error: null };
}
