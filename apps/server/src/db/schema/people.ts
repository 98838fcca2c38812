import { index, pgTable, serial, text } from "drizzle-orm/pg-core";
import { createdAt, ownedBy, pointsTo } from "./columns.ts";
import { companyRef, decision } from "./refs.ts";
import { accounts, invitations, teams } from "./identity.ts";

const REQUEST_STATUS = ["pending", "accepted", "rejected"] as const;

/** A team leader asks hr to invite someone to their team (PRODUCT.md, People management). */
export const inviteRequests = pgTable(
  "invite_requests",
  {
    id: serial("id").primaryKey(),
    companyId: companyRef(),
    teamId: ownedBy("team_id", () => teams.id),
    email: text("email").notNull(),
    role: text("role", { enum: ["hr", "ldleader", "teamleader", "member"] })
      .notNull()
      .default("member"),
    status: text("status", { enum: REQUEST_STATUS }).notNull().default("pending"),
    reason: text("reason"),
    requestedBy: ownedBy("requested_by", () => accounts.id),
    ...decision(),
    invitationId: pointsTo("invitation_id", () => invitations.id),
    ...createdAt(),
  },
  (t) => [index("invite_requests_company_status_idx").on(t.companyId, t.status, t.createdAt)],
);

/** A team leader asks hr to remove a member of their team; accepting deactivates the account. */
export const removalRequests = pgTable(
  "removal_requests",
  {
    id: serial("id").primaryKey(),
    companyId: companyRef(),
    teamId: ownedBy("team_id", () => teams.id),
    accountId: ownedBy("account_id", () => accounts.id),
    status: text("status", { enum: REQUEST_STATUS }).notNull().default("pending"),
    reason: text("reason"),
    decisionReason: text("decision_reason"),
    requestedBy: ownedBy("requested_by", () => accounts.id),
    ...decision(),
    ...createdAt(),
  },
  (t) => [index("removal_requests_company_status_idx").on(t.companyId, t.status, t.createdAt)],
);
