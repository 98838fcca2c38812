import type { EventBus, Executor } from "../../lib/events.ts";
import type { CollectionsRepo } from "./collections.repo.ts";

/**
 * A learning path is completed when its last item is done, wherever it was done: marked in a path
 * (collection.item_done) or finalized in the library (content.finished), since an item done once is
 * done in every path (done.scope.ts). Network tells the others with collection.completed.
 */
export function subscribeNetwork({ on, emit }: Pick<EventBus, "on" | "emit">, collections: Pick<CollectionsRepo, "completedWith">): void {
  const completed = async (tx: Executor, actorId: number, contentId: number) => {
    for (const collectionId of await collections.completedWith(tx, actorId, contentId)) {
      await emit(tx, "collection.completed", { actorId, collectionId });
    }
  };
  on("collection.item_done", (tx, e) => completed(tx, e.actorId, e.contentId));
  on("content.finished", (tx, e) => completed(tx, e.actorId, e.contentId));
}
