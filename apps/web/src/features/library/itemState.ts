import { useMutation, useQueryClient, type QueryKey } from "@tanstack/react-query";
import { READING_STATES, type ContentItem, type CourseStatus, type ItemState } from "@learnward/contracts";
import { setItemState } from "./api";
import { moveCourse } from "./courseMoves";
import { libraryKey } from "./query";

// An item's state, as every card and the item's page move it: at once on screen, then on the server.
// No zod here: the cards are in /home's first load.

/** The spec's course_status of a state (contracts' courseStatusOf, without zod): a job's states are none. */
const courseStatusOf = (state: ItemState | null): CourseStatus | null =>
  state !== null && (READING_STATES as readonly string[]).includes(state) ? (state as CourseStatus) : null;

/** The item as it stands in `state`, the fields the server would answer changed alike. */
export function inState(item: ContentItem, state: ItemState | null): ContentItem {
  const course = courseStatusOf(state);
  return { ...item, state, course_status: course, completed: course === "running" ? false : course === "finalized" ? true : null };
}

/**
 * Every cached answer that shows the item, with it moved: library pages ({results: items}), folder
 * pages ({results: [{content: item}]}) and the item's own page. Anything else is left as it is.
 */
function movedIn(data: unknown, id: number, state: ItemState | null): unknown {
  if (!data || typeof data !== "object") return data;
  const moved = (value: unknown): unknown => {
    if (!value || typeof value !== "object") return value;
    const entry = value as { id_primary?: number; content?: ContentItem };
    if (entry.id_primary === id) return inState(value as ContentItem, state);
    if (entry.content?.id_primary === id) return { ...entry, content: inState(entry.content, state) };
    return value;
  };
  const page = data as { results?: unknown };
  if (Array.isArray(page.results)) return { ...page, results: page.results.map(moved) };
  return moved(data);
}

export interface StateMove {
  item: ContentItem;
  to: ItemState | null;
}

/**
 * Moves one of my items to a state, shown at once everywhere it is cached and put back if the server
 * refuses. A course moves through the spec's course calls (spec §4), everything else with PATCH
 * /state; either way the lists and their per-state counts reload afterwards.
 */
export function useItemStateMove() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ item, to }: StateMove): Promise<void> => {
      const course = courseStatusOf(to);
      if (item.content_type === "course" && course !== null) await moveCourse(item.id_content, item.course_status, course);
      else await setItemState(item.id_primary, to);
    },
    onMutate: async ({ item, to }: StateMove) => {
      await queryClient.cancelQueries({ queryKey: libraryKey });
      const before = queryClient.getQueriesData({ queryKey: libraryKey });
      queryClient.setQueriesData({ queryKey: libraryKey }, (data: unknown) => movedIn(data, item.id_primary, to));
      return { before };
    },
    onError: (_error, _move, context?: { before: [QueryKey, unknown][] }) => {
      for (const [key, data] of context?.before ?? []) queryClient.setQueryData(key, data);
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: libraryKey }),
  });
}
