import { DISCOVER_PAGE_SIZE } from "@learnward/contracts";
import type { DiscoverFilter } from "./params";

/** Discover's calls, without React or zod: its first data is declared from these (queries.ts). */
export const DISCOVER = "/api/b2b/v1/discover/";
export const CONVERSATIONS = "/api/b2b/v1/copilot/conversations/";
export const ROW_QUERY = { limit: 8 };
export const CONVERSATIONS_QUERY = { page_size: 20 };

/** GET /api/b2b/v1/discover/ parameters: the filters that are set, the page and its size. */
export function discoverSearchQuery(filter: DiscoverFilter) {
  return {
    search: filter.search || undefined,
    type: filter.type || undefined,
    provider: filter.provider || undefined,
    skill: filter.skill || undefined,
    duration: filter.duration || undefined,
    language: filter.language || undefined,
    kind: filter.kind || undefined,
    page: filter.page,
    page_size: DISCOVER_PAGE_SIZE,
  };
}
