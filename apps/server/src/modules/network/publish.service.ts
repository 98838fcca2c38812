import type { Db } from "../../db/client.ts";
import { type Actor, authorize } from "../../lib/actor.ts";
import { AppError, conflict, notFound } from "../../lib/errors.ts";
import type { EventBus } from "../../lib/events.ts";
import type { CollectionRow, CollectionsRepo } from "./collections.repo.ts";
import { changesBetween, isEmpty } from "./drafts.changes.ts";
import type { DraftsRepo } from "./drafts.repo.ts";
import { networkPolicy } from "./network.policy.ts";
import type { PublishRepo, PublishRequestFilter } from "./publish.repo.ts";

const noChanges = () => new AppError("no_changes", 409, "There are no changes to this collection to submit");
const requestOpen = () => conflict("publish_request_open", "A publish request for this collection is already open");

/**
 * Publish requests: owners ask, the L&D leader accepts (the collection joins the library) or rejects with a reason.
 * Once published, the owner's draft of changes is submitted the same way (kind "edit").
 */
export function createPublishService(d: { db: Db; events: EventBus; publish: PublishRepo; collections: CollectionsRepo; drafts: DraftsRepo }) {
  const { db, events } = d;
  /** A request its asker, or the L&D leader who decides, may read; anyone else is told it does not exist. */
  async function load(actor: Actor, companyId: number, id: number) {
    const row = await d.publish.get(companyId, id);
    if (!row || !(row.r.requestedBy === actor.accountId || networkPolicy.decidePublish(actor, null))) throw notFound("Publish request");
    return row;
  }

  /** Files a request for a private collection, which moves to pending; answers the request as filed. */
  async function requestPublication(c: CollectionRow, requestedBy: number, message: string | null) {
    return db.transaction(async (tx) => {
      // Only a private collection moves to pending: two clicks can't file two requests.
      if (!(await d.publish.moveToPending(tx, c.id))) throw requestOpen();
      const filed = await d.publish.insertRequest(tx, { companyId: c.companyId, collectionId: c.id, requestedBy, message });
      await events.emit(tx, "publish_request.created", { actorId: requestedBy, requestId: filed.r.id, collectionId: c.id });
      return filed;
    });
  }

  /** Files the draft for review as it is now, with what it changes; answers the request as filed. */
  async function submitDraft(c: CollectionRow, requestedBy: number, message: string | null) {
    return db.transaction(async (tx) => {
      if (!(await d.drafts.lock(tx, c.id))) throw notFound("Collection");
      if (await d.drafts.hasPending(tx, c.id)) throw requestOpen();
      const draft = await d.drafts.draftOf(tx, c.id);
      if (!draft) throw noChanges();
      const live = await d.drafts.snapshot(tx, c.id);
      const revision = await d.drafts.snapshot(tx, draft.id);
      if (!live || !revision) throw notFound("Collection");
      const changes = changesBetween(live, revision);
      if (isEmpty(changes)) throw noChanges();
      const filed = await d.drafts.insertEditRequest(tx, {
        companyId: c.companyId,
        collectionId: c.id,
        requestedBy,
        draftId: draft.id,
        changes,
        revision,
        message,
      });
      await events.emit(tx, "publish_request.created", { actorId: requestedBy, requestId: filed.r.id, collectionId: c.id });
      return filed;
    });
  }

  /**
   * Accepts or rejects a pending request: a first publication moves the collection, an edit's draft
   * replaces the published version. Answers false when the request was no longer pending.
   */
  async function decideRequest(actorId: number, current: { id: number; collectionId: number; title: string }, accept: boolean, reason: string | null) {
    return db.transaction(async (tx) => {
      // The collection before the request, in the order discarding takes them: the two cannot deadlock.
      if (!(await d.drafts.lock(tx, current.collectionId))) throw notFound("Collection");
      const row = await d.publish.markDecided(tx, current.id, actorId, accept, reason);
      if (row?.kind === "edit") {
        // Rejected changes stay with the owner as their draft; the published version is untouched.
        if (accept) {
          if (!row.revision) throw conflict("request_without_changes", "This request holds no changes");
          await d.drafts.publish(tx, row.collectionId, row.revision);
        }
      } else if (row) await d.publish.setPublished(tx, row.collectionId, accept);
      if (row) {
        await d.publish.audit(tx, {
          actorId,
          companyId: row.companyId,
          entity: "publish_request",
          entityId: row.id,
          action: accept ? "accept" : "reject",
          after: { title: current.title, kind: row.kind, collection_id: row.collectionId },
          reason: row.reason,
        });
        if (accept) await events.emit(tx, "collection.published", { actorId, collectionId: row.collectionId });
        const decided = { actorId, requestId: row.id, collectionId: row.collectionId, requesterId: row.requestedBy };
        await events.emit(tx, accept ? "publish_request.accepted" : "publish_request.rejected", decided);
        if (accept && row.kind === "edit")
          await events.emit(tx, "collection.changed", { actorId, collectionId: row.collectionId, editorId: row.requestedBy, requestId: row.id });
      }
      return Boolean(row);
    });
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
      return c.status === "published" ? submitDraft(c, actor.accountId, message) : requestPublication(c, actor.accountId, message);
    },

    async decide(actor: Actor, companyId: number, id: number, accept: boolean, reason: string | null) {
      const current = await load(actor, companyId, id);
      const won = await decideRequest(actor.accountId, { id: current.r.id, collectionId: current.r.collectionId, title: current.title }, accept, reason);
      const after = await load(actor, companyId, id);
      if (!won && after.r.status !== (accept ? "accepted" : "rejected"))
        throw conflict("request_already_decided", `This request was already ${after.r.status}`, { status: after.r.status });
      return after;
    },
  };
}
export type PublishService = ReturnType<typeof createPublishService>;
