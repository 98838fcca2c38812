import type { AuditEntity } from "@learnward/contracts";
import type { Db, Tx } from "../db/client.ts";
import { adminAudit } from "../db/schema/index.ts";

export interface AuditEvent {
  /** The account that acted; null when nobody signed in did (a failed sign-in). */
  actorId: number | null;
  companyId: number | null;
  entity: AuditEntity;
  entityId: number | null;
  action: string;
  before?: unknown;
  after?: unknown;
  reason?: string | null;
}

/**
 * One line in the audit trail platform operators read (/admin, audit log). Written inside the
 * caller's transaction where there is one, so a change and its record land together.
 */
export async function recordAudit(db: Db | Tx, e: AuditEvent): Promise<void> {
  await db.insert(adminAudit).values({
    actorId: e.actorId,
    companyId: e.companyId,
    entity: e.entity,
    entityId: e.entityId,
    action: e.action,
    reason: e.reason ?? null,
    before: e.before ?? null,
    after: e.after ?? null,
  });
}
