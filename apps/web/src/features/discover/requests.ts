import { DISCOVER_PAGE_SIZE } from "@learnward/contracts";
import type { EarlyRequest } from "../../lib/api";
import type { DiscoverFilter } from "./params";

/** Discover's calls, without React or zod: its first ones start while its code downloads (app/router.tsx). */
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

const UNFILTERED: DiscoverFilter = { search: "", type: "", provider: "", skill: "", duration: "", language: "", kind: "", page: 1 };

/**
 * What /discover asks first: the trending and recommended rows, the copilot's history, and, when the
 * address holds no search (its filters are checked with zod, which loads later), the first results.
 */
export function discoverRequests(params: URLSearchParams): EarlyRequest[] {
  const requests: EarlyRequest[] = [
    [`${DISCOVER}trending/`, ROW_QUERY],
    [`${DISCOVER}recommendations/`, ROW_QUERY],
    [CONVERSATIONS, CONVERSATIONS_QUERY],
  ];
  if ([...params.keys()].every((key) => key === "c")) requests.push([DISCOVER, discoverSearchQuery(UNFILTERED)]);
  return requests;
}
