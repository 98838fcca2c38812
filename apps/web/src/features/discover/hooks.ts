import { keepPreviousData, useMutation, useQueries, useQuery, useQueryClient, type QueryClient } from "@tanstack/react-query";
import type { AskCopilotResponse, CopilotConversation, DiscoverContent } from "@learnward/contracts";
import { request } from "../../lib/api";
import { checkedBy } from "../../lib/contracts";
import { libraryKey } from "../library/query";
import type { DiscoverFilter } from "./params";
import { CONVERSATIONS, CONVERSATIONS_QUERY, DISCOVER, discoverSearchQuery, ROW_QUERY } from "./requests";

// Discover's data: search, trending and recommendations rows, one-click saves, copilot conversations.

const checkConversationsPage = checkedBy((s) => s.Paginated(s.CopilotConversationSummary));
const checkDiscoverResponse = checkedBy((s) => s.DiscoverResponse);
const checkTrendingResponse = checkedBy((s) => s.TrendingResponse);
const checkRecommendationsResponse = checkedBy((s) => s.RecommendationsResponse);
const checkContentItem = checkedBy((s) => s.ContentItem);
const checkCopilotConversation = checkedBy((s) => s.CopilotConversation);
const checkCopilotCollectionResponse = checkedBy((s) => s.CopilotCollectionResponse);

export const discoverKeys = {
  all: ["discover"] as const,
  search: (filter: DiscoverFilter) => ["discover", "search", filter] as const,
  trending: ["discover", "trending"] as const,
  recommendations: ["discover", "recommendations"] as const,
  conversations: ["copilot", "conversations"] as const,
  conversation: (id: number) => ["copilot", "conversation", id] as const,
};

/** GET /api/b2b/v1/discover/: a page of results with facet counts. */
export function useDiscoverSearch(filter: DiscoverFilter) {
  return useQuery({
    queryKey: discoverKeys.search(filter),
    queryFn: ({ signal }) =>
      request(DISCOVER, {
        query: discoverSearchQuery(filter),
        parse: checkDiscoverResponse,
        signal,
      }),
    placeholderData: keepPreviousData,
  });
}

export function useTrending() {
  return useQuery({
    queryKey: discoverKeys.trending,
    queryFn: ({ signal }) => request(`${DISCOVER}trending/`, { query: ROW_QUERY, parse: checkTrendingResponse, signal }),
  });
}

export function useRecommendations() {
  return useQuery({
    queryKey: discoverKeys.recommendations,
    queryFn: ({ signal }) => request(`${DISCOVER}recommendations/`, { query: ROW_QUERY, parse: checkRecommendationsResponse, signal }),
  });
}

/** After a save, every list that shows "saved" and the library itself are stale. */
function afterSave(queryClient: QueryClient) {
  void queryClient.invalidateQueries({ queryKey: discoverKeys.all });
  void queryClient.invalidateQueries({ queryKey: ["copilot", "conversation"] });
  void queryClient.invalidateQueries({ queryKey: libraryKey });
}

/** One click: POST /api/contentuser/save/ with the catalog item (spec §7), to my library. */
export function useSaveItem() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (item: Pick<DiscoverContent, "id_content">) =>
      request("/api/contentuser/save/", { method: "POST", body: { id_content: item.id_content, fetch_metadata: false }, parse: checkContentItem }),
    onSettled: () => afterSave(queryClient),
  });
}

/** One click: POST /api/user/wishlist with id_course (spec §4: saves it first when needed). */
export function useWishlistItem() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (item: Pick<DiscoverContent, "id_content">) =>
      request("/api/user/wishlist/", { method: "POST", body: { id_course: item.id_content }, parse: checkContentItem }),
    onSettled: () => afterSave(queryClient),
  });
}

export function useConversations() {
  return useQuery({
    queryKey: discoverKeys.conversations,
    queryFn: ({ signal }) => request(CONVERSATIONS, { query: CONVERSATIONS_QUERY, parse: checkConversationsPage, signal }),
  });
}

/**
 * Older pages of the history (2, 3, …), loaded as the person asks for them. They share the first
 * page's key prefix, so a new conversation refreshes them all.
 */
export function useOlderConversations(pages: number) {
  return useQueries({
    queries: Array.from({ length: pages }, (_, index) => ({
      queryKey: [...discoverKeys.conversations, { page: index + 2 }],
      queryFn: ({ signal }: { signal: AbortSignal }) => request(CONVERSATIONS, { query: { ...CONVERSATIONS_QUERY, page: index + 2 }, parse: checkConversationsPage, signal }),
    })),
  });
}

export function useConversation(id: number | null) {
  return useQuery({
    queryKey: discoverKeys.conversation(id ?? 0),
    queryFn: ({ signal }) => request(`${CONVERSATIONS}${id}/`, { parse: checkCopilotConversation, signal }),
    enabled: id !== null,
  });
}

export const createConversation = () => request(CONVERSATIONS, { method: "POST", body: {}, parse: checkCopilotConversation });

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
    mutationFn: () => request(`${CONVERSATIONS}${conversationId}/collection/`, { method: "POST", body: {}, parse: checkCopilotCollectionResponse }),
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
