import { type Actor, authorize } from "../../lib/actor.ts";
import { conflict, notFound } from "../../lib/errors.ts";
import type { CollectionsRepo } from "./collections.repo.ts";
import type { DraftsRepo } from "./drafts.repo.ts";
import { networkPolicy } from "./network.policy.ts";
import type { PublishRepo, PublishRequestFilter } from "./publish.repo.ts";

/**
 * Publish requests: owners ask, the L&D leader accepts (the collection joins the library) or rejects with a reason.
 * Once published, the owner's draft of changes is submitted the same way (kind "edit").
 */
export function createPublishService(d: { publish: PublishRepo; collections: CollectionsRepo; drafts: DraftsRepo }) {
  /** A request its asker, or the L&D leader who decides, may read; anyone else is told it does not exist. */
  async function load(actor: Actor, companyId: number, id: number) {
    const row = await d.publish.get(companyId, id);
    if (!row || !(row.r.requestedBy === actor.accountId || networkPolicy.decidePublish(actor, null))) throw notFound("Publish request");
    return row;
  }

  return {
    load,

    async list(actor: Actor, f: Omit<PublishRequestFilter, "requestedBy"> & { scope: "mine" | "queue" }) {
      if (f.scope === "queue") authorize(actor, networkPolicy.decidePublish, null);
      return d.publish.list({ ...f, requestedBy: f.scope === "mine" ? actor.accountId : undefined });
    },

    /** Asks for a private collection's publication, or submits the draft of a published one. */
    async create(actor: Actor, companyId: number, collectionId: number, message: string | null) {
      const c = await d.collections.get(companyId, collectionId);
      if (!c || c.ownerId !== actor.accountId) throw notFound("Collection");
      authorize(actor, networkPolicy.editCollection, c);
      return c.status === "published" ? d.drafts.submit(c, actor.accountId, message) : d.publish.create(c, actor.accountId, message);
    },

    async decide(actor: Actor, companyId: number, id: number, accept: boolean, reason: string | null) {
      const current = await load(actor, companyId, id);
      const won = await d.publish.decide(actor.accountId, { id: current.r.id, collectionId: current.r.collectionId, title: current.title }, accept, reason);
      const after = await load(actor, companyId, id);
      if (!won && after.r.status !== (accept ? "accepted" : "rejected"))
        throw conflict("request_already_decided", `This request was already ${after.r.status}`, { status: after.r.status });
      return after;
    },
  };
}
export type PublishService = ReturnType<typeof createPublishService>;
