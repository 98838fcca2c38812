import type { DomainEventPayload, EventBus, Executor, Handler } from "../../lib/events.ts";
import { recordEvent, recordPlanAssigned, recordPlansDone } from "./insights.events.repo.ts";

/**
 * Insights learns what happened from the domain events (lib/events.ts), in the emitter's transaction.
 * It holds the rule of a plan done in full (insights.events.repo.ts) and tells the others so:
 * plan.completed, once per person and plan.
 */
export function subscribeInsights({ on, emit }: Pick<EventBus, "on" | "emit">): void {
  const completed = (tx: Executor, actorId: number) => async (planIds: number[]) => {
    for (const planId of planIds) await emit(tx, "plan.completed", { actorId, planId });
  };
  on("content.saved", saved);
  on("content.imported", imported);
  on("content.started", started);
  on("content.finished", async (tx, e) => completed(tx, e.actorId)(await finished(tx, e)));
  on("collection.item_done", async (tx, e) => completed(tx, e.actorId)(await itemDone(tx, e)));
  on("plan.assigned", planAssigned);
  on("plan.item_detached", async (tx, e) => completed(tx, e.actorId)(await recordPlansDone(tx, e.actorId, e.planId)));
  on("content.removed", async (tx, e) => completed(tx, e.actorId)(await recordPlansDone(tx, e.actorId)));
  on("purchase_request.approved", approved);
  on("purchase_request.rejected", rejected);
}
/** An event that completes no plan: what it recorded is insights' own. */
const record = async (tx: Executor, ev: Parameters<typeof recordEvent>[1]) => {
  await recordEvent(tx, ev);
};
const saved: Handler<"content.saved"> = (tx, e) => record(tx, { kind: "save", accountId: e.actorId, contentId: e.contentId });
const imported: Handler<"content.imported"> = (tx, e) => record(tx, { kind: "save", accountId: e.actorId, contentIds: e.contentIds });
const started: Handler<"content.started"> = (tx, e) => record(tx, { kind: "start", accountId: e.actorId, contentId: e.contentId });
const finished = (tx: Executor, e: DomainEventPayload<"content.finished">) => recordEvent(tx, { kind: "finish", accountId: e.actorId, contentId: e.contentId });
const itemDone = (tx: Executor, e: DomainEventPayload<"collection.item_done">) =>
  recordEvent(tx, { kind: "item_done", accountId: e.actorId, contentId: e.contentId, collectionId: e.collectionId });
const planAssigned: Handler<"plan.assigned"> = (tx, e) => recordPlanAssigned(tx, e.planId, e.actorId);
const decided =
  (outcome: "approved" | "rejected"): Handler<"purchase_request.approved" | "purchase_request.rejected"> =>
  (tx, e) =>
    record(tx, { kind: "request_decided", accountId: e.requesterId, actorId: e.actorId, requestId: e.requestId, outcome });
const approved = decided("approved");
const rejected = decided("rejected");
