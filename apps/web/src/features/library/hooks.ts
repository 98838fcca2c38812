import { useCallback, useState } from "react";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { ContentItem, ContentSearchResponse, CourseStatus, DeleteContentResponse } from "@learnward/contracts";
import type { z } from "zod";
import { addToFolder, deleteContent, previewContent, saveContent, updateContent, type SaveContent, type UpdateContent } from "./api";
import { moveCourse } from "./courseMoves";
import { contentCountsOptions, contentSearchOptions } from "./queries";
import { libraryKey, type LibraryQuery } from "./query";

export type SearchPage = z.infer<typeof ContentSearchResponse>;
export type { UpdateContent };
export { saveContent };

/** GET /api/contentuser/counts: spec §3 counts, for a search term when one is given. */
export function useContentCounts(username: string | undefined, search = "", tag?: string) {
  return useQuery(contentCountsOptions(username, search, tag));
}

/** GET /api/contentuser/search: one page of 8 (spec §9); never more than is shown. */
export function useContentSearch(query: LibraryQuery) {
  return useQuery(contentSearchOptions(query));
}

/** POST /api/contentuser/preview/: what saving a URL would store (fields null when unreadable). */
export function usePreviewContent() {
  return useMutation({
    mutationFn: previewContent,
  });
}

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
    mutationFn: ({ id, changes }: { id: number; changes: UpdateContent }) => updateContent(id, changes),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: libraryKey }),
  });
}

/** The fields that bring a deleted item back with POST /api/contentuser/save/ (undo). */
export function resaveRequest(item: ContentItem): SaveContent {
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
    mutationFn: (item: ContentItem) => deleteContent(item.id_primary),
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
