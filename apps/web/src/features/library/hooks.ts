import { useCallback, useState } from "react";
import { keepPreviousData, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type {
  ContentCounts,
  ContentItem,
  ContentSearchResponse,
  CourseStatus,
  DeleteContentResponse,
  SaveContentRequest,
  UpdateContentRequest,
} from "@learnward/contracts";
import type { z } from "zod";
import { isApiError, request } from "../../lib/api";
import { checkedBy } from "../../lib/contracts";
import { moveCourse } from "./courseMoves";
import { addToFolder } from "./folderHooks";
import { contentCountsQuery, contentSearchQuery, libraryKey, type LibraryQuery } from "./query";

export type SearchPage = z.infer<typeof ContentSearchResponse>;
export type UpdateContent = z.input<typeof UpdateContentRequest>;

const checkContentCounts = checkedBy((s) => s.ContentCounts);
const checkContentSearchResponse = checkedBy((s) => s.ContentSearchResponse);
const checkContentPreview = checkedBy((s) => s.ContentPreview);
const checkContentItem = checkedBy((s) => s.ContentItem);
const checkDeleteContentResponse = checkedBy((s) => s.DeleteContentResponse);

/** Everything cached for the library starts with this key, so one invalidation reloads lists and counts. */
const countsKey = (username: string | undefined, search: string) => [...libraryKey, "counts", username ?? null, search] as const;

const EMPTY_COUNTS: ContentCounts = {
  articlesCount: 0,
  videosCount: 0,
  booksCount: 0,
  podcastsCount: 0,
  coursesCount: 0,
  allContentCount: 0,
  jobsCount: 0,
  runningCount: 0,
  finalizedCount: 0,
  wishlistCount: 0,
  allCount: 0,
};
const EMPTY_PAGE: SearchPage = { count: 0, results: [], links: { next: null, previous: null } };

/**
 * spec §8: loading another person's content falls back to empty lists and zero counts. A 404 is
 * kept (the person does not exist in this company) so the page can say so.
 */
async function orEmptyForColleague<T>(username: string | undefined, load: () => Promise<T>, empty: T): Promise<T> {
  if (!username) return load();
  try {
    return await load();
  } catch (error) {
    if (isApiError(error, "not_found")) throw error;
    console.error(`Could not load ${username}'s library`, error);
    return empty;
  }
}

/** GET /api/contentuser/counts: spec §3 counts, for a search term when one is given. */
export function useContentCounts(username: string | undefined, search = "") {
  return useQuery({
    queryKey: countsKey(username, search.trim()),
    queryFn: () =>
      orEmptyForColleague(
        username,
        () => request("/api/contentuser/counts", { query: contentCountsQuery(username, search), parse: checkContentCounts }),
        EMPTY_COUNTS,
      ),
    placeholderData: keepPreviousData,
  });
}

/** GET /api/contentuser/search: one page of 8 (spec §9); never more than is shown. */
export function useContentSearch(query: LibraryQuery) {
  const params = contentSearchQuery(query);
  return useQuery({
    queryKey: [...libraryKey, "search", params] as const,
    queryFn: ({ signal }) =>
      orEmptyForColleague(
        query.username,
        () => request("/api/contentuser/search", { query: params, signal, parse: checkContentSearchResponse }),
        EMPTY_PAGE,
      ),
    placeholderData: keepPreviousData,
  });
}

/** POST /api/contentuser/preview/: what saving a URL would store (fields null when unreadable). */
export function usePreviewContent() {
  return useMutation({
    mutationFn: (url: string) => request("/api/contentuser/preview/", { method: "POST", body: { url }, parse: checkContentPreview }),
  });
}

export const saveContent = (body: SaveContentRequest) =>
  request("/api/contentuser/save/", { method: "POST", body, parse: checkContentItem });

/** POST /api/contentuser/save/; 409 means it is already in the library (spec §8: the error is rethrown). */
export function useSaveContent() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveContent,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: libraryKey }),
  });
}

/** PATCH /api/contentuser/{id}/ with the changed fields only. */
export function useUpdateContent() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, changes }: { id: number; changes: UpdateContent }) =>
      request(`/api/contentuser/${id}/`, { method: "PATCH", body: changes, parse: checkContentItem }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: libraryKey }),
  });
}

/** The fields that bring a deleted item back with POST /api/contentuser/save/ (undo). */
export function resaveRequest(item: ContentItem): SaveContentRequest {
  return {
    id_content: item.id_content,
    title: item.title,
    content_type: item.content_type,
    author: item.author,
    duration_s: item.duration_s,
    description: item.description,
    // The server only takes http(s) image links; without one it keeps the catalog's image.
    ...(item.image_url && /^https?:\/\//i.test(item.image_url) ? { image_url: item.image_url } : {}),
    is_private: item.is_private,
    fetch_metadata: false,
  };
}

/**
 * Saves a deleted item again from its catalog entry, with its own fields, in its course state and
 * at its places in my folders (as the delete answered them).
 */
async function restoreContent(item: ContentItem, places: DeleteContentResponse["folder_relations"]): Promise<ContentItem> {
  const saved = await saveContent(resaveRequest(item));
  // A saved course starts on the wishlist (spec §4); put it back where it was.
  if (item.course_status && item.course_status !== saved.course_status) {
    await moveCourse(item.id_content, saved.course_status, item.course_status);
  }
  for (const place of places) {
    await addToFolder({ ...place, id_primary: saved.id_primary });
  }
  return saved;
}

/**
 * DELETE /api/contentuser/delete/?id_primary= (spec §7: then it leaves the lists), and its undo.
 * The undo runs from a toast after the item's card is gone, so it is a plain call, not a mutation
 * of the card.
 */
export function useDeleteContent() {
  const queryClient = useQueryClient();
  const reload = () => queryClient.invalidateQueries({ queryKey: libraryKey });
  const remove = useMutation({
    mutationFn: (item: ContentItem) => request("/api/contentuser/delete/", { method: "DELETE", query: { id_primary: item.id_primary }, parse: checkDeleteContentResponse }),
    onSuccess: reload,
  });
  const restore = (item: ContentItem, removed: DeleteContentResponse) => restoreContent(item, removed.folder_relations).finally(() => void reload());
  return { remove, restore };
}

export interface CourseMove {
  item: ContentItem;
  to: CourseStatus;
}

/**
 * spec §4 course moves. After any move the lists and counts reload. Loading is tracked as a list of
 * loading markers (the items being moved), so each card shows its own progress.
 */
export function useCourseMove() {
  const queryClient = useQueryClient();
  const [loading, setLoading] = useState<readonly number[]>([]);
  const mutation = useMutation({
    mutationFn: ({ item, to }: CourseMove) => moveCourse(item.id_content, item.course_status, to),
    onSettled: () => queryClient.invalidateQueries({ queryKey: libraryKey }),
  });
  const { mutateAsync } = mutation;
  const move = useCallback(
    (variables: CourseMove, outcome: { onSuccess?: () => void; onError?: (error: unknown) => void } = {}) => {
      const marker = variables.item.id_primary;
      setLoading((markers) => [...markers, marker]);
      mutateAsync(variables)
        .then(outcome.onSuccess, outcome.onError)
        .finally(() => setLoading((markers) => markers.filter((m) => m !== marker)));
    },
    [mutateAsync],
  );
  return { move, loading };
}
