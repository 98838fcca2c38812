import { useMutation, useQueries, useQuery, useQueryClient, type QueryClient } from "@tanstack/react-query";
import type { AskCopilotResponse, CopilotConversation } from "@learnward/contracts";
import { libraryKey } from "../library/query";
import { addItem, createCollection } from "../network/api";
import { networkKeys } from "../network/queries";
import { createConversation, hideCatalogItem, mergeCatalogItem, saveItem, searchCatalogItems, startCourse, turnIntoCollection, wishlistItem } from "./api";
import type { DiscoverFilter } from "./params";
import {
  conversationOptions,
  conversationsOptions,
  discoverKeys,
  discoverSearchOptions,
  olderConversationsOptions,
  recommendationsOptions,
  trendingOptions,
} from "./queries";

// Discover's data: search, trending and recommendations rows, one-click saves, copilot conversations.

export { createConversation, discoverKeys };

/** GET /api/b2b/v1/discover/: a page of results with facet counts. */
export function useDiscoverSearch(filter: DiscoverFilter) {
  return useQuery(discoverSearchOptions(filter));
}

export function useTrending() {
  return useQuery(trendingOptions());
}

export function useRecommendations() {
  return useQuery(recommendationsOptions());
}

/** After a save, every list that shows "saved" and the library itself are stale. */
function afterSave(queryClient: QueryClient) {
  void queryClient.invalidateQueries({ queryKey: discoverKeys.all });
  void queryClient.invalidateQueries({ queryKey: ["copilot", "conversation"] });
  void queryClient.invalidateQueries({ queryKey: libraryKey });
}

/** After a hide or a merge, every discover list and copilot answer may have changed. */
function afterCuration(queryClient: QueryClient) {
  void queryClient.invalidateQueries({ queryKey: discoverKeys.all });
  void queryClient.invalidateQueries({ queryKey: ["copilot", "conversation"] });
}

export function useHideCatalogItem() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: hideCatalogItem, onSuccess: () => afterCuration(queryClient) });
}

export function useMergeCatalogItem() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: mergeCatalogItem, onSuccess: () => afterCuration(queryClient) });
}

/** Catalog items to merge into, by what was typed (asked for once the picker opens). */
export function useCatalogMatches(search: string, enabled: boolean) {
  return useQuery({
    queryKey: [...discoverKeys.all, "merge-targets", search],
    queryFn: ({ signal }) => searchCatalogItems(search, signal),
    enabled,
    select: (page) => page.results.flatMap((r) => (r.kind === "content" ? [r] : [])),
  });
}

/** One click: POST /api/contentuser/save/ with the catalog item (spec §7), to my library. */
export function useSaveItem() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveItem,
    onSettled: () => afterSave(queryClient),
  });
}

/** One click: POST /api/user/wishlist with id_course (spec §4: saves it first when needed). */
export function useWishlistItem() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: wishlistItem,
    onSettled: () => afterSave(queryClient),
  });
}

/** One click: POST /api/user/courses with completed false, the course is running in my library. */
export function useStartCourse() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: startCourse,
    onSettled: () => afterSave(queryClient),
  });
}

/** Where an item goes: one of my collections, or a new private draft made with this title. */
export type CollectionTarget = { id: number; title: string } | { title: string };

/** POST …/collections/{id}/items/ with the catalog item, creating the draft collection first when it is new. */
export function useAddToCollection() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ target, contentId }: { target: CollectionTarget; contentId: number }) => {
      const id = "id" in target ? target.id : (await createCollection({ title: target.title, description: null, cover_url: null, skills: [] })).id;
      return addItem(id, { content_id: contentId });
    },
    onSettled: () => void queryClient.invalidateQueries({ queryKey: networkKeys.collectionLists }),
  });
}

export function useConversations() {
  return useQuery(conversationsOptions());
}

/**
 * Older pages of the history (2, 3, …), loaded as the person asks for them. They share the first
 * page's key prefix, so a new conversation refreshes them all.
 */
export function useOlderConversations(pages: number) {
  return useQueries({
    queries: Array.from({ length: pages }, (_, index) => olderConversationsOptions(index + 2)),
  });
}

export function useConversation(id: number | null) {
  return useQuery({ ...conversationOptions(id ?? 0), enabled: id !== null });
}

/** Adds a finished question and answer to the cached conversation and list. */
export function storeAnswer(queryClient: QueryClient, done: AskCopilotResponse) {
  queryClient.setQueryData<CopilotConversation>(discoverKeys.conversation(done.conversation.id), (old) => ({
    ...done.conversation,
    messages: [...(old?.messages ?? []).filter((m) => m.id !== done.question.id && m.id !== done.answer.id), done.question, done.answer],
  }));
  void queryClient.invalidateQueries({ queryKey: discoverKeys.conversations });
}

/** POST …/{id}/collection/: the last answer becomes a private draft collection. */
export function useTurnIntoCollection(conversationId: number | null) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => turnIntoCollection(conversationId),
    onSuccess: (made) => {
      // The answer now links to its collection.
      queryClient.setQueryData<CopilotConversation>(discoverKeys.conversation(conversationId ?? 0), (old) => {
        if (!old) return old;
        const last = [...old.messages].reverse().find((m) => m.role === "assistant");
        const link = { id: made.collection.id, title: made.collection.title, url: made.url };
        return { ...old, messages: old.messages.map((m) => (m === last ? { ...m, collection: link } : m)) };
      });
      void queryClient.invalidateQueries({ queryKey: ["network"] });
    },
  });
}
