import type { Actor } from "../../lib/actor.ts";
import type { Db } from "../../db/client.ts";
import { recordAudit } from "../../lib/audit.ts";
import type { SystemRepo } from "./system.repo.ts";

export function createSystemService(d: { db: Db; repo: SystemRepo }) {
  return {
    /** The outbox holds reset and invitation links: each read is audited. */
    async readOutbox(actor: Actor, page: number, limit: number, offset: number) {
      await recordAudit(d.db, { actorId: actor.accountId, companyId: null, entity: "outbox", entityId: null, action: "read", after: { page } });
      return d.repo.outboxPage(limit, offset);
    },
  };
}
export type SystemService = ReturnType<typeof createSystemService>;
