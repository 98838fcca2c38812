import type { ContentType } from "@learnward/contracts";
import type { CollectionScope } from "./types";

/** The collection lists' call, without React or zod: its pages' first data is declared from it (queries.ts). */
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
