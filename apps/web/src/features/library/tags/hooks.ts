import { keepPreviousData, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useDebounced } from "../../../lib/useDebounced";
import { libraryKey } from "../query";
import { deleteTag, fetchTags, mergeTags, renameTag, setItemTags, suggestTags } from "./api";

/** Under the library key: a change to my library (an item deleted, imported) reloads my tags' counts too. */
export const tagsKey = [...libraryKey, "tags"] as const;

/** My tags with their counts; `enabled` false asks nothing (a colleague's library). */
export function useTags(enabled = true) {
  return useQuery({ queryKey: tagsKey, queryFn: ({ signal }) => fetchTags(signal), enabled });
}

/** Suggestions for what is being typed, asked once typing pauses. */
export function useTagSuggestions(typed: string, enabled = true) {
  const q = useDebounced(typed.trim());
  return useQuery({
    queryKey: [...tagsKey, "suggest", q] as const,
    queryFn: ({ signal }) => suggestTags(q, signal),
    enabled,
    placeholderData: keepPreviousData,
    staleTime: 30_000,
  });
}

/** Every tag change shows in the lists (their items' chips and filters) and in my tags. */
function useReloadLibrary() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: libraryKey });
}

export function useSetItemTags() {
  const reload = useReloadLibrary();
  return useMutation({ mutationFn: ({ itemId, tags }: { itemId: number; tags: string[] }) => setItemTags(itemId, tags), onSuccess: reload });
}

export function useRenameTag() {
  const reload = useReloadLibrary();
  return useMutation({ mutationFn: ({ id, name }: { id: number; name: string }) => renameTag(id, name), onSuccess: reload });
}

export function useMergeTags() {
  const reload = useReloadLibrary();
  return useMutation({ mutationFn: ({ ids, into }: { ids: number[]; into: number }) => mergeTags(ids, into), onSuccess: reload });
}

export function useDeleteTag() {
  const reload = useReloadLibrary();
  return useMutation({ mutationFn: (id: number) => deleteTag(id), onSuccess: reload });
}
