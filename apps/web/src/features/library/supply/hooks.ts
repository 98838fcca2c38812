import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { CatalogFeed, CreateCatalogFeedRequest } from "@learnward/contracts";
import { addStarterCatalog, fetchCatalogFeeds, refreshCatalogFeed, subscribeCatalogFeed, unsubscribeCatalogFeed } from "./api";

export const catalogFeedsKey = ["catalog-feeds"] as const;

/** While a feed waits to be read (just subscribed, or asked to refresh), the list is read again every few seconds. */
const WAITING_POLL_MS = 3000;
const waiting = (feeds: CatalogFeed[] | undefined) => feeds?.some((f) => f.status === "pending" || Date.parse(f.next_refresh_at) <= Date.now());

export function useCatalogFeeds() {
  return useQuery({
    queryKey: catalogFeedsKey,
    queryFn: ({ signal }) => fetchCatalogFeeds(signal),
    refetchInterval: (q) => (waiting(q.state.data?.results) ? WAITING_POLL_MS : false),
  });
}

function useFeedsMutation<V, R>(fn: (v: V) => Promise<R>) {
  const client = useQueryClient();
  return useMutation({ mutationFn: fn, onSettled: () => client.invalidateQueries({ queryKey: catalogFeedsKey }) });
}

export const useSubscribeCatalogFeed = () => useFeedsMutation((body: CreateCatalogFeedRequest) => subscribeCatalogFeed(body));
export const useRefreshCatalogFeed = () => useFeedsMutation((id: number) => refreshCatalogFeed(id));
export const useUnsubscribeCatalogFeed = () => useFeedsMutation((id: number) => unsubscribeCatalogFeed(id));

export function useAddStarterCatalog() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (companyId: number) => addStarterCatalog(companyId),
    // Discover, the copilot's suggestions and the library's catalog lists now have more to show.
    onSuccess: () => client.invalidateQueries({ predicate: (q) => q.queryKey[0] !== "catalog-feeds" }),
  });
}
