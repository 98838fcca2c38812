import type { EventBus, Executor, Handler } from "../../lib/events.ts";
import { recordEvent, recordPlanAssigned, recordPlansDone } from "./insights.events.repo.ts";

/**
 * Insights learns what happened from the domain events (lib/events.ts), in the emitter's transaction.
 * It is also where a plan's completion is decided (its plan_completed event, once per person and
 * plan): that decision is announced as `plan.completed` for the modules that act on it.
 */
export function subscribeInsights({ on, emit }: Pick<EventBus, "on" | "emit">): void {
  const announce = async (tx: Executor, actorId: number, planIds: number[]) => {
    for (const planId of planIds) await emit(tx, "plan.completed", { actorId, planId });
  };
  const record = (kind: "save" | "start" | "finish") => async (tx: Executor, e: { actorId: number; contentId: number }) =>
    announce(tx, e.actorId, await recordEvent(tx, { kind, accountId: e.actorId, contentId: e.contentId }));

  on("content.saved", record("save"));
  on("content.imported", async (tx, e) => {
    await recordEvent(tx, { kind: "save", accountId: e.actorId, contentIds: e.contentIds });
  });
  on("content.started", record("start"));
  on("content.finished", record("finish"));
  on("collection.item_done", async (tx, e) =>
    announce(tx, e.actorId, await recordEvent(tx, { kind: "item_done", accountId: e.actorId, contentId: e.contentId, collectionId: e.collectionId })),
  );
  on("plan.assigned", (tx, e) => recordPlanAssigned(tx, e.planId, e.actorId));
  on("plan.item_detached", async (tx, e) => announce(tx, e.actorId, await recordPlansDone(tx, e.actorId, e.planId)));
  on("content.removed", async (tx, e) => announce(tx, e.actorId, await recordPlansDone(tx, e.actorId)));
  on("purchase_request.approved", decided("approved"));
  on("purchase_request.rejected", decided("rejected"));
  on("certificate.issued", async (tx, e) => {
    await recordEvent(tx, { kind: "certificate_issued", accountId: e.actorId });
  });
}
const decided =
  (outcome: "approved" | "rejected"): Handler<"purchase_request.approved" | "purchase_request.rejected"> =>
  async (tx, e) => {
    await recordEvent(tx, { kind: "request_decided", accountId: e.requesterId, actorId: e.actorId, requestId: e.requestId, outcome });
  };
