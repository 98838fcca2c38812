import type { Actor } from "../../lib/actor.ts";
import type { Db } from "../../db/client.ts";
import { recordAudit } from "../../lib/audit.ts";
import { notFound } from "../../lib/errors.ts";
import type { SystemRepo } from "./system.repo.ts";

export function createSystemService(d: { db: Db; repo: SystemRepo }) {
  return {
    /** The outbox holds reset and invitation links: each read is audited. */
    async readOutbox(actor: Actor, page: number, limit: number, offset: number) {
      await recordAudit(d.db, { actorId: actor.accountId, companyId: null, entity: "outbox", entityId: null, action: "read", after: { page } });
      return d.repo.outboxPage(limit, offset);
    },
    /** One mail with both its parts, to show it as it would arrive; audited like the list. */
    async readOutboxMail(actor: Actor, id: number) {
      await recordAudit(d.db, { actorId: actor.accountId, companyId: null, entity: "outbox", entityId: id, action: "read" });
      const row = await d.repo.outboxMail(id);
      if (!row) throw notFound("Mail");
      return row;
    },
  };
}
export type SystemService = ReturnType<typeof createSystemService>;
