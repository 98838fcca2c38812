import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import {
  addHighlight,
  deleteHighlight,
  editHighlight,
  fetchHighlights,
  fetchItemNote,
  itemHighlightsKey,
  itemNoteKey,
  putItemNote,
  type AddHighlight,
  type EditHighlight,
} from "./api";
import { storeAnswer } from "../../../lib/storeAnswer";

/** My note on a saved item. */
export function useItemNote(itemId: number) {
  return useQuery({ queryKey: itemNoteKey(itemId), queryFn: ({ signal }) => fetchItemNote(itemId, signal) });
}

/** Writes the whole note; the answer is the note as kept. */
export function usePutItemNote(itemId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (note: string) => putItemNote(itemId, note),
    onSuccess: (saved) => storeAnswer(queryClient, itemNoteKey(itemId), saved),
  });
}

/** The item's highlights in page order, a page at a time. */
export function useItemHighlights(itemId: number) {
  return useInfiniteQuery({
    queryKey: itemHighlightsKey(itemId),
    queryFn: ({ pageParam, signal }) => fetchHighlights(itemId, pageParam, signal),
    initialPageParam: 1,
    getNextPageParam: (last, _all, page) => (last.next ? page + 1 : undefined),
  });
}

/** Adding, editing and deleting highlights; each reloads the list (page order is the server's). */
export function useHighlightChanges(itemId: number) {
  const queryClient = useQueryClient();
  const reload = () => queryClient.invalidateQueries({ queryKey: itemHighlightsKey(itemId) });
  return {
    add: useMutation({ mutationFn: (body: AddHighlight) => addHighlight(itemId, body), onSuccess: reload }),
    edit: useMutation({ mutationFn: ({ id, changes }: { id: number; changes: EditHighlight }) => editHighlight(id, changes), onSuccess: reload }),
    remove: useMutation({ mutationFn: deleteHighlight, onSuccess: reload }),
  };
}
