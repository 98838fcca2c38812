import type { ContentItem } from "@learnward/contracts";

/** How often a list showing an item whose page is still being read asks again. */
export const PENDING_REFETCH_MS = 2_000;
/**
 * An item still said to be pending this long after its save is not waited for any more: the server
 * gives up on a page well before (its read has a few seconds, and a few retries), so a list never
 * polls for ever if an answer is lost.
 */
export const PENDING_PATIENCE_MS = 3 * 60_000;

/** Whether any of these items is still being read, recently enough to be worth asking again. */
export function readingAny(items: readonly ContentItem[] | undefined, now = Date.now()): boolean {
  return !!items?.some((item) => item.metadata_pending && now - Date.parse(item.created_at) < PENDING_PATIENCE_MS);
}

/**
 * A query's refetchInterval for a list of saved items: every PENDING_REFETCH_MS while one it shows is
 * being read (a save answers before its page is read), and not at all once none is.
 */
export const refetchWhileReading =
  <T>(itemsOf: (data: T) => readonly ContentItem[]) =>
  (query: { state: { data: T | undefined } }): number | false =>
    query.state.data !== undefined && readingAny(itemsOf(query.state.data)) ? PENDING_REFETCH_MS : false;
