import { index, integer, jsonb, pgTable, serial, text, timestamp } from "drizzle-orm/pg-core";
import { accounts } from "./identity.ts";
import { authUsers } from "./auth.ts";

/** Every platform-operator action: who, when, what, before, after (issue 11). */
export const adminAudit = pgTable(
  "admin_audit",
  {
    id: serial("id").primaryKey(),
    actorId: integer("actor_id").references(() => accounts.id, { onDelete: "set null" }),
    entity: text("entity", { enum: ["company", "account", "budget", "invitation"] }).notNull(),
    entityId: integer("entity_id").notNull(),
    action: text("action").notNull(),
    reason: text("reason"),
    before: jsonb("before"),
    after: jsonb("after"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("admin_audit_entity_idx").on(t.entity, t.entityId), index("admin_audit_created_idx").on(t.createdAt)],
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
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("sign_in_events_user_idx").on(t.userId, t.createdAt)],
);
