import type { EventBus, Handler } from "../../lib/events.ts";
import { recordEvent, recordPlanAssigned, recordPlansDone } from "./insights.events.repo.ts";

/** Insights learns what happened from the domain events (lib/events.ts), in the emitter's transaction. */
export function subscribeInsights({ on }: Pick<EventBus, "on">): void {
  on("content.saved", saved);
  on("content.imported", imported);
  on("content.started", started);
  on("content.finished", finished);
  on("collection.item_done", itemDone);
  on("plan.assigned", planAssigned);
  on("plan.item_detached", (tx, e) => recordPlansDone(tx, e.actorId, e.planId));
  on("content.removed", (tx, e) => recordPlansDone(tx, e.actorId));
  on("purchase_request.approved", approved);
  on("purchase_request.rejected", rejected);
}
const saved: Handler<"content.saved"> = (tx, e) => recordEvent(tx, { kind: "save", accountId: e.actorId, contentId: e.contentId });
const imported: Handler<"content.imported"> = (tx, e) => recordEvent(tx, { kind: "save", accountId: e.actorId, contentIds: e.contentIds });
const started: Handler<"content.started"> = (tx, e) => recordEvent(tx, { kind: "start", accountId: e.actorId, contentId: e.contentId });
const finished: Handler<"content.finished"> = (tx, e) => recordEvent(tx, { kind: "finish", accountId: e.actorId, contentId: e.contentId });
const itemDone: Handler<"collection.item_done"> = (tx, e) =>
  recordEvent(tx, { kind: "item_done", accountId: e.actorId, contentId: e.contentId, collectionId: e.collectionId });
const planAssigned: Handler<"plan.assigned"> = (tx, e) => recordPlanAssigned(tx, e.planId, e.actorId);
const decided =
  (outcome: "approved" | "rejected"): Handler<"purchase_request.approved" | "purchase_request.rejected"> =>
  (tx, e) =>
    recordEvent(tx, { kind: "request_decided", accountId: e.requesterId, actorId: e.actorId, requestId: e.requestId, outcome });
const approved = decided("approved");
const rejected = decided("rejected");
