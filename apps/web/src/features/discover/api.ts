import type { DiscoverContent } from "@learnward/contracts";
import { request } from "../../lib/api";
import { checkedBy } from "../../lib/contracts";
import type { DiscoverFilter } from "./params";
import { CONVERSATIONS, CONVERSATIONS_QUERY, DISCOVER, discoverSearchQuery, ROW_QUERY } from "./requests";

// Discover's and the copilot's calls, each answer checked against its contract (no zod on the first
// load). The copilot's streamed answer is read in stream.ts.

const checkConversationsPage = checkedBy((s) => s.Paginated(s.CopilotConversationSummary));
const checkDiscoverResponse = checkedBy((s) => s.DiscoverResponse);
const checkTrendingResponse = checkedBy((s) => s.TrendingResponse);
const checkRecommendationsResponse = checkedBy((s) => s.RecommendationsResponse);
const checkContentItem = checkedBy((s) => s.ContentItem);
const checkCopilotConversation = checkedBy((s) => s.CopilotConversation);
const checkCopilotCollectionResponse = checkedBy((s) => s.CopilotCollectionResponse);

/** GET /api/b2b/v1/discover/: a page of results with facet counts. */
export const searchDiscover = (filter: DiscoverFilter, signal?: AbortSignal) =>
  request(DISCOVER, { query: discoverSearchQuery(filter), parse: checkDiscoverResponse, signal });

export const fetchTrending = (signal?: AbortSignal) => request(`${DISCOVER}trending/`, { query: ROW_QUERY, parse: checkTrendingResponse, signal });

export const fetchRecommendations = (signal?: AbortSignal) =>
  request(`${DISCOVER}recommendations/`, { query: ROW_QUERY, parse: checkRecommendationsResponse, signal });

/** One click: POST /api/contentuser/save/ with the catalog item (spec §7), to my library. */
export const saveItem = (item: Pick<DiscoverContent, "id_content">) =>
  request("/api/contentuser/save/", { method: "POST", body: { id_content: item.id_content, fetch_metadata: false }, parse: checkContentItem });

/** One click: POST /api/user/wishlist with id_course (spec §4: saves it first when needed). */
export const wishlistItem = (item: Pick<DiscoverContent, "id_content">) =>
  request("/api/user/wishlist/", { method: "POST", body: { id_course: item.id_content }, parse: checkContentItem });

/** One click: POST /api/user/courses with id_course, completed false (spec §4: started, saving it first when needed). */
export const startCourse = (item: Pick<DiscoverContent, "id_content">) =>
  request("/api/user/courses/", { method: "POST", body: { id_course: item.id_content, completed: false }, parse: checkContentItem });

/** A page of my copilot conversations, newest first. */
export const fetchConversations = (page: number, signal?: AbortSignal) =>
  request(CONVERSATIONS, { query: page === 1 ? CONVERSATIONS_QUERY : { ...CONVERSATIONS_QUERY, page }, parse: checkConversationsPage, signal });

export const fetchConversation = (id: number, signal?: AbortSignal) => request(`${CONVERSATIONS}${id}/`, { parse: checkCopilotConversation, signal });

export const createConversation = () => request(CONVERSATIONS, { method: "POST", body: {}, parse: checkCopilotConversation });

/** POST …/{id}/collection/: the last answer becomes a private draft collection. */
export const turnIntoCollection = (conversationId: number | null) =>
  request(`${CONVERSATIONS}${conversationId}/collection/`, { method: "POST", body: {}, parse: checkCopilotCollectionResponse });

const checkCuratedCatalogItem = checkedBy((s) => s.CuratedCatalogItem);
const checkMergeCatalogItemResponse = checkedBy((s) => s.MergeCatalogItemResponse);
const CATALOG = "/api/b2b/v1/catalog/";

/** The L&D leader hides a catalog item from discover and the copilot (saved copies stay). */
export const hideCatalogItem = (id: number) => request(`${CATALOG}${id}/hide/`, { method: "POST", parse: checkCuratedCatalogItem });

/** The L&D leader merges a duplicate into the item to keep. */
export const mergeCatalogItem = ({ id, intoId }: { id: number; intoId: number }) =>
  request(`${CATALOG}${id}/merge/`, { method: "POST", body: { into_id: intoId }, parse: checkMergeCatalogItemResponse });

/** The first catalog items matching a search: what an item can be merged into. */
export const searchCatalogItems = (search: string, signal?: AbortSignal) =>
  request(DISCOVER, { query: { search: search || undefined, kind: "content", page_size: 20 }, parse: checkDiscoverResponse, signal });
