import { z } from "zod";
import { HttpUrl, Id, IdText, IsoDate, QueryBool } from "./common.ts";
import { SortOrder } from "./people.ts";

/** spec §3 enumerations. */
export const ApprovalStatus = z.enum(["pending", "approved", "rejected", "paid", "cancelled"]);
export type ApprovalStatus = z.infer<typeof ApprovalStatus>;
export const ApprovalStatusFilter = z.enum(["all", "approved", "pending", "paid", "rejected", "cancelled"]);
export const Period = z.enum(["year", "month"]);
export const Frequency = z.enum(["monthly", "yearly", "weekly"]);

/** Money is integer minor units (cents) of the company's currency; never floats. */
const Minor = z.number().int().min(0).max(1_000_000_000_000);
const Person = z.object({ id: z.number().int(), display_name: z.string() });

export const Allocation = z.object({
  id: z.number().int(),
  team: z.object({ id: z.number().int(), name: z.string() }),
  amount_minor: z.number().int(),
  reserved_minor: z.number().int().describe("Approved, not yet paid"),
  paid_minor: z.number().int(),
  remaining_minor: z.number().int(),
});
export type Allocation = z.infer<typeof Allocation>;
export const Budget = z.object({
  id: z.number().int(),
  period: Period,
  period_start: z.string(),
  period_end: z.string().describe("Last day of the period"),
  frequency: Frequency.nullable().describe("How the budget recurs, if it does"),
  amount_minor: z.number().int(),
  currency: z.string().length(3),
  allocated_minor: z.number().int(),
  unallocated_minor: z.number().int(),
  reserved_minor: z.number().int(),
  paid_minor: z.number().int(),
  allocations: z.array(Allocation),
  created_at: z.string(),
});
export type Budget = z.infer<typeof Budget>;
/** How an allocation (or the whole budget) was used over its period, cumulative at the end of each step. */
export const BudgetUsageQuery = z.object({
  team: IdText.optional().describe("One team's allocation; a team leader always gets their own"),
});
export const BudgetUsage = z.object({
  budget_id: z.number().int(),
  team_id: z.number().int().nullable(),
  step: z.enum(["month", "day"]).describe("A month for yearly budgets, a day for monthly ones"),
  allocated_minor: z.number().int(),
  points: z
    .array(
      z.object({
        start: z.string(),
        end: z.string(),
        committed_minor: z.number().int().describe("Approved or paid by the end of the step"),
        paid_minor: z.number().int().describe("Paid by the end of the step"),
      }),
    )
    .describe("From the start of the period up to today (or the period's end)"),
});
export type BudgetUsage = z.infer<typeof BudgetUsage>;
export const BudgetsQuery = z.object({
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  page_size: z.coerce.number().int().min(1).max(100).default(20),
  period: Period.optional(),
  current: QueryBool.describe("Only the budgets covering today"),
});
export const CreateBudgetRequest = z
  .object({
    period: Period,
    period_start: IsoDate.describe("First day: YYYY-01-01 for a year, YYYY-MM-01 for a month"),
    amount_minor: Minor,
    frequency: Frequency.nullable().optional(),
  })
  .strict();
export const UpdateBudgetRequest = z.object({ amount_minor: Minor.optional(), frequency: Frequency.nullable().optional() }).strict();
export const AllocateRequest = z.object({ team_id: Id, amount_minor: Minor }).strict();

export const PurchaseRequest = z.object({
  id: z.number().int(),
  title: z.string(),
  link: z.string().nullable(),
  price_minor: z.number().int(),
  currency: z.string().length(3),
  reason: z.string().nullable(),
  status: ApprovalStatus,
  team: z.object({ id: z.number().int(), name: z.string() }).nullable(),
  requested_by: Person,
  decided_by: Person.nullable(),
  decided_at: z.string().nullable(),
  rejection_reason: z.string().nullable(),
  paid_at: z.string().nullable(),
  payment_reference: z.string().nullable(),
  budget_id: z.number().int().nullable().describe("The budget the amount is reserved against"),
  created_at: z.string(),
  abilities: z.object({ approve: z.boolean(), reject: z.boolean(), pay: z.boolean(), cancel: z.boolean() }),
});
export type PurchaseRequest = z.infer<typeof PurchaseRequest>;
export const CreatePurchaseRequest = z
  .object({
    title: z.string().trim().min(1).max(300),
    link: HttpUrl.nullable().optional(),
    price_minor: Minor.refine((n) => n > 0, "Must be more than zero"),
    reason: z.string().trim().max(2000).optional(),
  })
  .strict();
export const PurchaseRequestsQuery = z.object({
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  page_size: z.coerce.number().int().min(1).max(100).default(20),
  status: ApprovalStatusFilter.default("all"),
  period: Period.optional().describe("Only requests made in the current year or month"),
  team: IdText.optional(),
  scope: z.enum(["mine", "decide"]).default("mine").describe("decide: the requests I may decide"),
  sort: SortOrder.default("desc"),
});
export const RejectPurchaseRequest = z.object({ reason: z.string().trim().min(1).max(1000) }).strict();
export const PayPurchaseRequest = z.object({ reference: z.string().trim().min(1).max(200), paid_at: IsoDate.optional() }).strict();

/** What a change to a budget, an allocation or a purchase request did, as a code the web app translates. */
export const BudgetAuditAction = z.enum(["create", "update", "approve", "reject", "pay", "cancel"]);
export type BudgetAuditAction = z.infer<typeof BudgetAuditAction>;
export const AuditEntry = z.object({
  id: z.number().int(),
  actor: Person.nullable(),
  entity: z.enum(["budget", "allocation", "purchase_request"]),
  entity_id: z.number().int(),
  action: BudgetAuditAction,
  subject: z
    .object({
      title: z.string().nullable().describe("The purchase request's title"),
      team: z.string().nullable().describe("The team of the allocation or of the purchase request"),
      period: Period.nullable().describe("The period of the budget (or of the allocation's budget)"),
      period_start: z.string().nullable(),
    })
    .describe("What the change was made to, in the words a person uses for it; null fields when it no longer exists"),
  before: z.unknown(),
  after: z.unknown(),
  created_at: z.string(),
});
export const AuditQuery = z.object({
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  page_size: z.coerce.number().int().min(1).max(100).default(50),
  entity: z.enum(["budget", "allocation", "purchase_request"]).optional(),
  entity_id: IdText.optional(),
});
