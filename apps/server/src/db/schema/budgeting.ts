import { bigint, char, date, index, integer, jsonb, pgTable, serial, text, uniqueIndex } from "drizzle-orm/pg-core";
import { timestamptz, createdAt, timestamps, ownedBy, pointsTo } from "./columns.ts";
import { companyRef, decision } from "./refs.ts";
import { accounts, teams } from "./identity.ts";

const money = (name: string) => bigint(name, { mode: "number" });

/** A company's learning budget for one year or month (PRODUCT.md, Budgeting). */
export const budgets = pgTable(
  "budgets",
  {
    id: serial("id").primaryKey(),
    companyId: companyRef(),
    period: text("period", { enum: ["year", "month"] }).notNull(),
    periodStart: date("period_start", { mode: "string" }).notNull(),
    periodEnd: date("period_end", { mode: "string" }).notNull(),
    frequency: text("frequency", { enum: ["monthly", "yearly", "weekly"] }),
    amountMinor: money("amount_minor").notNull(),
    currency: char("currency", { length: 3 }).notNull(),
    createdBy: pointsTo("created_by", () => accounts.id),
    ...timestamps(),
  },
  (t) => [uniqueIndex("budgets_company_period_uq").on(t.companyId, t.period, t.periodStart)],
);

export const budgetAllocations = pgTable(
  "budget_allocations",
  {
    id: serial("id").primaryKey(),
    budgetId: ownedBy("budget_id", () => budgets.id),
    teamId: ownedBy("team_id", () => teams.id),
    amountMinor: money("amount_minor").notNull(),
    updatedAt: timestamptz("updated_at").notNull().defaultNow(),
  },
  (t) => [uniqueIndex("budget_allocations_budget_team_uq").on(t.budgetId, t.teamId)],
);

export const purchaseRequests = pgTable(
  "purchase_requests",
  {
    id: serial("id").primaryKey(),
    companyId: companyRef(),
    teamId: pointsTo("team_id", () => teams.id),
    requestedBy: ownedBy("requested_by", () => accounts.id),
    title: text("title").notNull(),
    link: text("link"),
    priceMinor: money("price_minor").notNull(),
    currency: char("currency", { length: 3 }).notNull(),
    reason: text("reason"),
    status: text("status", { enum: ["pending", "approved", "rejected", "paid", "cancelled"] })
      .notNull()
      .default("pending"),
    allocationId: pointsTo("allocation_id", () => budgetAllocations.id),
    ...decision(),
    rejectionReason: text("rejection_reason"),
    paidAt: date("paid_at", { mode: "string" }),
    paymentReference: text("payment_reference"),
    ...timestamps(),
  },
  (t) => [index("purchase_requests_company_status_idx").on(t.companyId, t.status, t.createdAt), index("purchase_requests_allocation_idx").on(t.allocationId)],
);

/** Every change to budgets, allocations and requests: who, when, before, after. */
export const budgetAudit = pgTable(
  "budget_audit",
  {
    id: serial("id").primaryKey(),
    companyId: companyRef(),
    actorId: pointsTo("actor_id", () => accounts.id),
    entity: text("entity", { enum: ["budget", "allocation", "purchase_request"] }).notNull(),
    entityId: integer("entity_id").notNull(),
    action: text("action").notNull(),
    before: jsonb("before"),
    after: jsonb("after"),
    ...createdAt(),
  },
  (t) => [index("budget_audit_company_idx").on(t.companyId, t.createdAt)],
);
