import { bigint, char, date, index, integer, jsonb, pgTable, serial, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";
import { accounts, companies, teams } from "./identity.ts";

const money = (name: string) => bigint(name, { mode: "number" });

/** A company's learning budget for one year or month (PRODUCT.md, Budgeting). */
export const budgets = pgTable(
  "budgets",
  {
    id: serial("id").primaryKey(),
    companyId: integer("company_id")
      .notNull()
      .references(() => companies.id, { onDelete: "cascade" }),
    period: text("period", { enum: ["year", "month"] }).notNull(),
    periodStart: date("period_start", { mode: "string" }).notNull(),
    periodEnd: date("period_end", { mode: "string" }).notNull(),
    frequency: text("frequency", { enum: ["monthly", "yearly", "weekly"] }),
    amountMinor: money("amount_minor").notNull(),
    currency: char("currency", { length: 3 }).notNull(),
    createdBy: integer("created_by").references(() => accounts.id, { onDelete: "set null" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex("budgets_company_period_uq").on(t.companyId, t.period, t.periodStart)],
);

export const budgetAllocations = pgTable(
  "budget_allocations",
  {
    id: serial("id").primaryKey(),
    budgetId: integer("budget_id")
      .notNull()
      .references(() => budgets.id, { onDelete: "cascade" }),
    teamId: integer("team_id")
      .notNull()
      .references(() => teams.id, { onDelete: "cascade" }),
    amountMinor: money("amount_minor").notNull(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex("budget_allocations_budget_team_uq").on(t.budgetId, t.teamId)],
);

export const purchaseRequests = pgTable(
  "purchase_requests",
  {
    id: serial("id").primaryKey(),
    companyId: integer("company_id")
      .notNull()
      .references(() => companies.id, { onDelete: "cascade" }),
    teamId: integer("team_id").references(() => teams.id, { onDelete: "set null" }),
    requestedBy: integer("requested_by")
      .notNull()
      .references(() => accounts.id, { onDelete: "cascade" }),
    title: text("title").notNull(),
    link: text("link"),
    priceMinor: money("price_minor").notNull(),
    currency: char("currency", { length: 3 }).notNull(),
    reason: text("reason"),
    status: text("status", { enum: ["pending", "approved", "rejected", "paid", "cancelled"] })
      .notNull()
      .default("pending"),
    allocationId: integer("allocation_id").references(() => budgetAllocations.id, { onDelete: "set null" }),
    decidedBy: integer("decided_by").references(() => accounts.id, { onDelete: "set null" }),
    decidedAt: timestamp("decided_at", { withTimezone: true }),
    rejectionReason: text("rejection_reason"),
    paidAt: date("paid_at", { mode: "string" }),
    paymentReference: text("payment_reference"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("purchase_requests_company_status_idx").on(t.companyId, t.status, t.createdAt), index("purchase_requests_allocation_idx").on(t.allocationId)],
);

/** Every change to budgets, allocations and requests: who, when, before, after. */
export const budgetAudit = pgTable(
  "budget_audit",
  {
    id: serial("id").primaryKey(),
    companyId: integer("company_id")
      .notNull()
      .references(() => companies.id, { onDelete: "cascade" }),
    actorId: integer("actor_id").references(() => accounts.id, { onDelete: "set null" }),
    entity: text("entity", { enum: ["budget", "allocation", "purchase_request"] }).notNull(),
    entityId: integer("entity_id").notNull(),
    action: text("action").notNull(),
    before: jsonb("before"),
    after: jsonb("after"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("budget_audit_company_idx").on(t.companyId, t.createdAt)],
);
