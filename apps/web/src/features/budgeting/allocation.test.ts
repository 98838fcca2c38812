import { describe, expect, it } from "vitest";
import type { Budget } from "@learnward/contracts";
import { checkAllocation } from "./allocation";

const alloc = (teamId: number, amount: number, reserved = 0, paid = 0): Budget["allocations"][number] => ({
  id: teamId * 10,
  team: { id: teamId, name: `Team ${teamId}` },
  amount_minor: amount,
  reserved_minor: reserved,
  paid_minor: paid,
  remaining_minor: amount - reserved - paid,
});

// A 1,000.00 budget: team 1 has 600.00 (100.00 of it reserved), team 2 has 300.00.
const budget = { amount_minor: 100_000, allocations: [alloc(1, 60_000, 10_000), alloc(2, 30_000)] };

describe("checkAllocation (live validation: the allocations never add up to more than the budget)", () => {
  it("shows what is left as the amount is typed", () => {
    expect(checkAllocation(budget, 3, "50")).toEqual({ leftMinor: 5_000, amountMinor: 5_000, error: null });
    expect(checkAllocation(budget, 3, "100.00")).toEqual({ leftMinor: 0, amountMinor: 10_000, error: null });
  });

  it("counts the team's own current allocation as replaced, not added", () => {
    expect(checkAllocation(budget, 2, "400")).toEqual({ leftMinor: 0, amountMinor: 40_000, error: null });
  });

  it("refuses an amount over what the budget has left", () => {
    expect(checkAllocation(budget, 3, "100.01")).toEqual({ leftMinor: -1, amountMinor: 10_001, error: "overBudget" });
  });

  it("refuses less than the team has already reserved or spent", () => {
    expect(checkAllocation(budget, 1, "99.99").error).toBe("belowUsed");
    expect(checkAllocation(budget, 1, "100").error).toBeNull();
  });

  it("refuses text that is not an amount and shows the unchanged room meanwhile", () => {
    expect(checkAllocation(budget, 3, "1,000")).toEqual({ leftMinor: 10_000, amountMinor: null, error: "format" });
    expect(checkAllocation(budget, 3, "")).toEqual({ leftMinor: 10_000, amountMinor: null, error: "required" });
  });
});
