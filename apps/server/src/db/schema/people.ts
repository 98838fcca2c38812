import { index, integer, pgTable, serial, text, timestamp } from "drizzle-orm/pg-core";
import { accounts, companies, invitations, teams } from "./identity.ts";

const REQUEST_STATUS = ["pending", "accepted", "rejected"] as const;

/** A team leader asks hr to invite someone to their team (PRODUCT.md, People management). */
export const inviteRequests = pgTable(
  "invite_requests",
  {
    id: serial("id").primaryKey(),
    companyId: integer("company_id")
      .notNull()
      .references(() => companies.id, { onDelete: "cascade" }),
    teamId: integer("team_id")
      .notNull()
      .references(() => teams.id, { onDelete: "cascade" }),
    email: text("email").notNull(),
    role: text("role", { enum: ["hr", "ldleader", "teamleader", "member"] })
      .notNull()
      .default("member"),
    status: text("status", { enum: REQUEST_STATUS }).notNull().default("pending"),
    reason: text("reason"),
    requestedBy: integer("requested_by")
      .notNull()
      .references(() => accounts.id, { onDelete: "cascade" }),
    decidedBy: integer("decided_by").references(() => accounts.id, { onDelete: "set null" }),
    decidedAt: timestamp("decided_at", { withTimezone: true }),
    invitationId: integer("invitation_id").references(() => invitations.id, { onDelete: "set null" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("invite_requests_company_status_idx").on(t.companyId, t.status, t.createdAt)],
);

/** A team leader asks hr to remove a member of their team; accepting deactivates the account. */
export const removalRequests = pgTable(
  "removal_requests",
  {
    id: serial("id").primaryKey(),
    companyId: integer("company_id")
      .notNull()
      .references(() => companies.id, { onDelete: "cascade" }),
    teamId: integer("team_id")
      .notNull()
      .references(() => teams.id, { onDelete: "cascade" }),
    accountId: integer("account_id")
      .notNull()
      .references(() => accounts.id, { onDelete: "cascade" }),
    status: text("status", { enum: REQUEST_STATUS }).notNull().default("pending"),
    reason: text("reason"),
    decisionReason: text("decision_reason"),
    requestedBy: integer("requested_by")
      .notNull()
      .references(() => accounts.id, { onDelete: "cascade" }),
    decidedBy: integer("decided_by").references(() => accounts.id, { onDelete: "set null" }),
    decidedAt: timestamp("decided_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("removal_requests_company_status_idx").on(t.companyId, t.status, t.createdAt)],
);
