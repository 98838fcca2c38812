import type { EnsureInfiniteQueryDataOptions, EnsureQueryDataOptions, QueryClient } from "@tanstack/react-query";
import type { Params } from "react-router";
import type { Me } from "@learnward/contracts";

/** Where a page is: its address's query, its route's parameters, and who is signed in once known. */
export interface PageAt {
  search: URLSearchParams;
  params: Params;
  /** Unknown while the session loads (the first load): data only some people see waits for it. */
  me?: Me;
}

/** Query options of any answer, a list read a page at a time too: a page's first data lists several. */
/* eslint-disable @typescript-eslint/no-explicit-any -- a list of options of different answer types */
export type AnyQueryOptions = EnsureQueryDataOptions<any, any, any, any> | EnsureInfiniteQueryDataOptions<any, any, any, any, any>;
/* eslint-enable @typescript-eslint/no-explicit-any */

/** Fetches one of a page's first data into `queryClient` unless it is there (a paged list: its first page), answering it. */
export const ensureFirstData = (queryClient: QueryClient, options: AnyQueryOptions): Promise<unknown> =>
  "initialPageParam" in options ? queryClient.ensureInfiniteQueryData(options as EnsureInfiniteQueryDataOptions) : queryClient.ensureQueryData(options);

/**
 * A page's first data: the same query options (features/<module>/queries.ts) its components read,
 * so the router's early fetch, the server render and the page share one cache entry and one request.
 * Only queries the page runs at once belong here (not those it holds back with `enabled`).
 */
export type FirstData = (at: PageAt) => readonly AnyQueryOptions[];
