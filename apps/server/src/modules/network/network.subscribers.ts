import type { EventBus, Executor } from "../../lib/events.ts";
import type { CompletionsRepo } from "./completions.repo.ts";

/**
 * Where a learning path's completion is decided: an item done in a path, or a course finalized in
 * the person's library (both count as done, done.scope.ts), may finish every path that holds it.
 * Each path done in full is recorded once per cycle and announced as `collection.completed`.
 */
export function subscribeNetwork(events: Pick<EventBus, "on" | "emit">, completions: CompletionsRepo): void {
  const completePaths = async (tx: Executor, e: { actorId: number; contentId: number }) => {
    for (const collectionId of await completions.recordPathsDone(tx, e.actorId, e.contentId)) {
      await events.emit(tx, "collection.completed", { actorId: e.actorId, collectionId });
    }
  };
  events.on("collection.item_done", completePaths);
  events.on("content.finished", completePaths);
}
