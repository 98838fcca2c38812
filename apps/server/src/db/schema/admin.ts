import { index, integer, jsonb, pgTable, serial, text } from "drizzle-orm/pg-core";
import { createdAt, pointsTo } from "./columns.ts";
import { AUDIT_ENTITIES } from "@learnward/contracts";
import { accounts, companies } from "./identity.ts";
import { authUsers } from "./auth.ts";

/**
 * The audit trail platform operators read: their own actions, and the security events of
 * every company: role changes, deactivations, invitations, publish decisions, plan changes,
 * failed sign-ins, two-factor changes, outbox reads. Who, when, what, before, after.
 */
export const adminAudit = pgTable(
  "admin_audit",
  {
    id: serial("id").primaryKey(),
    actorId: pointsTo("actor_id", () => accounts.id),
    /** The company the event happened in (null for the platform itself). */
    companyId: pointsTo("company_id", () => companies.id),
    entity: text("entity", { enum: AUDIT_ENTITIES }).notNull(),
    /** null when the thing has no row of its own (a failed sign-in for an unknown address). */
    entityId: integer("entity_id"),
    action: text("action").notNull(),
    reason: text("reason"),
    before: jsonb("before"),
    after: jsonb("after"),
    ...createdAt(),
  },
  (t) => [
    index("admin_audit_entity_idx").on(t.entity, t.entityId),
    index("admin_audit_created_idx").on(t.createdAt),
    index("admin_audit_company_idx").on(t.companyId, t.createdAt),
  ],
);

/** Sessions come and go; this keeps each successful sign-in for the account's history. */
export const signInEvents = pgTable(
  "sign_in_events",
  {
    id: serial("id").primaryKey(),
    userId: text("user_id")
      .notNull()
      .references(() => authUsers.id, { onDelete: "cascade" }),
    ipAddress: text("ip_address"),
    userAgent: text("user_agent"),
    ...createdAt(),
  },
  (t) => [index("sign_in_events_user_idx").on(t.userId, t.createdAt)],
);
