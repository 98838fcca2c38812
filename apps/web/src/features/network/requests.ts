import type { ContentType } from "@learnward/contracts";
import type { EarlyRequest } from "../../lib/api";
import type { CollectionScope } from "./types";

/** The collection lists' call, without React or zod: /collaborative-network starts it while its code downloads (app/router.tsx). */
export const COLLECTIONS = "/api/b2b/v1/collections/";
export const COLLECTIONS_PAGE_SIZE = 12;
/** The paths I follow, above the company's on /collaborative-network. */
export const FOLLOWING_PAGE_SIZE = 6;

export interface CollectionsFilter {
  scope: CollectionScope;
  page?: number;
  pageSize?: number;
  search?: string;
  skill?: string;
  type?: ContentType;
}

/** GET /api/b2b/v1/collections/ parameters. */
export function collectionsQuery(filter: CollectionsFilter) {
  return {
    scope: filter.scope,
    page: filter.page ?? 1,
    page_size: filter.pageSize ?? COLLECTIONS_PAGE_SIZE,
    search: filter.search || undefined,
    skill: filter.skill || undefined,
    type: filter.type,
  };
}

export const pageOf = (value: string | null) => (value && /^\d{1,6}$/.test(value) && Number(value) > 0 ? Number(value) : 1);

/**
 * What /collaborative-network asks first: the paths I follow and, when the address holds no search
 * (its type is checked with zod, which loads later), the company's paths.
 */
export function learningPathsRequests(params: URLSearchParams): EarlyRequest[] {
  const requests: EarlyRequest[] = [[COLLECTIONS, collectionsQuery({ scope: "following", pageSize: FOLLOWING_PAGE_SIZE, page: pageOf(params.get("fpage")) })]];
  if (!params.get("q") && !params.get("skill") && !params.get("type")) requests.push([COLLECTIONS, collectionsQuery({ scope: "library", page: pageOf(params.get("page")) })]);
  return requests;
}
