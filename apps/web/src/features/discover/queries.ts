import { keepPreviousData, queryOptions } from "@tanstack/react-query";
import type { FirstData } from "../../app/firstData";
import { fetchConversation, fetchConversations, fetchRecommendations, fetchTrending, searchDiscover } from "./api";
import { FILTERS, readFilter, type DiscoverFilter } from "./params";

export const discoverKeys = {
  all: ["discover"] as const,
  search: (filter: DiscoverFilter) => ["discover", "search", filter] as const,
  trending: ["discover", "trending"] as const,
  recommendations: ["discover", "recommendations"] as const,
  conversations: ["copilot", "conversations"] as const,
  conversation: (id: number) => ["copilot", "conversation", id] as const,
};

/** GET /api/b2b/v1/discover/: a page of results with facet counts. */
export const discoverSearchOptions = (filter: DiscoverFilter) =>
  queryOptions({ queryKey: discoverKeys.search(filter), queryFn: ({ signal }) => searchDiscover(filter, signal), placeholderData: keepPreviousData });

export const trendingOptions = () => queryOptions({ queryKey: discoverKeys.trending, queryFn: ({ signal }) => fetchTrending(signal) });

export const recommendationsOptions = () => queryOptions({ queryKey: discoverKeys.recommendations, queryFn: ({ signal }) => fetchRecommendations(signal) });

/** The first page of my copilot conversations. */
export const conversationsOptions = () => queryOptions({ queryKey: discoverKeys.conversations, queryFn: ({ signal }) => fetchConversations(1, signal) });

/** An older page (2, 3, …): under the first page's key, so a new conversation refreshes them all. */
export const olderConversationsOptions = (page: number) =>
  queryOptions({ queryKey: [...discoverKeys.conversations, { page }] as const, queryFn: ({ signal }) => fetchConversations(page, signal) });

export const conversationOptions = (id: number) =>
  queryOptions({ queryKey: discoverKeys.conversation(id), queryFn: ({ signal }) => fetchConversation(id, signal) });

/** The rows are shown above an unfiltered search only (DiscoverPage). */
export const isFiltered = (filter: DiscoverFilter) => filter.search !== "" || FILTERS.some((name) => filter[name] !== "");

/**
 * /discover first shows the results of the address's search, the trending and recommended rows when
 * it holds none, and the copilot's history (and the conversation it names).
 */
export const discoverFirstData: FirstData = ({ search }) => {
  const filter = readFilter(search);
  const conversation = /^\d{1,10}$/.test(search.get("c") ?? "") ? Number(search.get("c")) : null;
  return [
    discoverSearchOptions(filter),
    ...(isFiltered(filter) ? [] : [trendingOptions(), recommendationsOptions()]),
    conversationsOptions(),
    ...(conversation === null ? [] : [conversationOptions(conversation)]),
  ];
};
