import type { PurchaseRequest } from "@learnward/contracts";

/** A pending purchase request as the server answers it (a member's course, to be decided); `overrides` change the rest. */
export const purchaseRequest = (overrides: Partial<PurchaseRequest> = {}): PurchaseRequest => ({
  id: 41,
  title: "TypeScript course",
  link: "https://courses.test/ts",
  price_minor: 25_000,
  currency: "USD",
  reason: "For the new project",
  status: "pending",
  team: { id: 7, name: "Engineering" },
  requested_by: { id: 5, display_name: "Demo member" },
  decided_by: null,
  decided_at: null,
  rejection_reason: null,
  paid_at: null,
  payment_reference: null,
  budget_id: null,
  created_at: "2026-11-20T10:00:00.000Z",
  abilities: { approve: true, reject: true, pay: false, cancel: false },
  ...overrides,
});
