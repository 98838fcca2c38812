import type { QueryClient, QueryKey } from "@tanstack/react-query";

/**
 * Keeps a write's answer as the query's data. A read of the same query still on its way was sent
 * before the answer came (a reload of a whole area, say), so it may carry what was there before the
 * write: it is cancelled first, or its late answer would replace the saved one on screen.
 */
export async function storeAnswer<T>(queryClient: QueryClient, queryKey: QueryKey, answer: T): Promise<void> {
  await queryClient.cancelQueries({ queryKey, exact: true });
  queryClient.setQueryData(queryKey, answer);
}
