import { BudgetAuditAction } from "@learnward/contracts";
import type { Actor } from "../../lib/actor.ts";
import { snakeKeys } from "../../lib/snake.ts";
import { budgetingPolicy } from "./budgeting.policy.ts";
import type { AllocationView, AuditView, BudgetRow, RequestView } from "./budgeting.repo.ts";
import type { usagePoints } from "./budgeting.periods.ts";

/** The answers' shapes of the budgeting module (contracts' Budget, PurchaseRequest, AuditEntry). */

export function presentBudget(b: BudgetRow, allocs: AllocationView[]) {
  const mine = allocs.filter((a) => a.a.budgetId === b.id);
  const allocations = mine.map((a) => {
    const reserved = Number(a.reserved);
    const paid = Number(a.paid);
    return {
      id: a.a.id,
      team: { id: a.a.teamId, name: a.teamName },
      amount_minor: Number(a.a.amountMinor),
      reserved_minor: reserved,
      paid_minor: paid,
      remaining_minor: Number(a.a.amountMinor) - reserved - paid,
    };
  });
  const sum = (k: "amount_minor" | "reserved_minor" | "paid_minor") => allocations.reduce((s, a) => s + a[k], 0);
  return {
    id: b.id,
    period: b.period,
    period_start: b.periodStart,
    period_end: b.periodEnd,
    frequency: b.frequency,
    amount_minor: Number(b.amountMinor),
    currency: b.currency,
    allocated_minor: sum("amount_minor"),
    unallocated_minor: Number(b.amountMinor) - sum("amount_minor"),
    reserved_minor: sum("reserved_minor"),
    paid_minor: sum("paid_minor"),
    allocations,
    created_at: b.createdAt.toISOString(),
  };
}

export const presentUsage = (b: BudgetRow, teamId: number | undefined, allocs: AllocationView[], points: ReturnType<typeof usagePoints>) => ({
  budget_id: b.id,
  team_id: teamId ?? null,
  step: b.period === "year" ? ("month" as const) : ("day" as const),
  allocated_minor: allocs.reduce((sum, a) => sum + Number(a.a.amountMinor), 0),
  points,
});

export function presentRequest(actor: Actor, x: RequestView) {
  const r = x.r;
  return {
    id: r.id,
    title: r.title,
    link: r.link,
    price_minor: Number(r.priceMinor),
    currency: r.currency,
    reason: r.reason,
    status: r.status,
    team: r.teamId !== null && x.teamName !== null ? { id: r.teamId, name: x.teamName } : null,
    requested_by: { id: r.requestedBy, display_name: x.askerName },
    decided_by: r.decidedBy !== null && x.deciderName !== null ? { id: r.decidedBy, display_name: x.deciderName } : null,
    decided_at: r.decidedAt?.toISOString() ?? null,
    rejection_reason: r.rejectionReason,
    paid_at: r.paidAt,
    payment_reference: r.paymentReference,
    budget_id: x.budgetId ?? null,
    created_at: r.createdAt.toISOString(),
    // The web app gates its buttons with these (STYLE.md).
    abilities: {
      approve: r.status === "pending" && budgetingPolicy.decide(actor, r),
      reject: r.status === "pending" && budgetingPolicy.decide(actor, r),
      pay: budgetingPolicy.pay(actor, r),
      cancel: budgetingPolicy.cancel(actor, r),
    },
  };
}

/** Finance's export: one line per request. */
export const requestCsvColumns = [
  "id",
  "created_at",
  "title",
  "link",
  "team",
  "requested_by",
  "price",
  "currency",
  "status",
  "decided_by",
  "decided_at",
  "paid_at",
  "payment_reference",
];
export const requestCsvRow = ({ r, teamName, askerName, deciderName }: RequestView) => ({
  id: r.id,
  created_at: r.createdAt.toISOString(),
  title: r.title,
  link: r.link,
  team: teamName,
  requested_by: askerName,
  price: (Number(r.priceMinor) / 100).toFixed(2),
  currency: r.currency,
  status: r.status,
  decided_by: deciderName,
  decided_at: r.decidedAt?.toISOString(),
  paid_at: r.paidAt,
  payment_reference: r.paymentReference,
});

export const presentAuditEntry = (r: AuditView) => ({
  id: r.e.id,
  actor: r.e.actorId !== null && r.actorName !== null ? { id: r.e.actorId, display_name: r.actorName } : null,
  entity: r.e.entity,
  entity_id: r.e.entityId,
  action: auditAction(r.e.action),
  subject: { title: r.title, team: r.team, period: r.period, period_start: r.periodStart },
  before: snakeKeys(r.e.before),
  after: snakeKeys(r.e.after),
  created_at: r.e.createdAt.toISOString(),
});

/** Demo worlds seeded before the codes were fixed wrote "allocate" for a new allocation. */
const auditAction = (action: string): BudgetAuditAction => (action === "allocate" ? "create" : BudgetAuditAction.parse(action));
