import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { InsightActionKind } from "@learnward/contracts";
import { runInsightAction } from "./api";
import type { InsightFilters } from "./filters";
import { insightsKey, insightsOptions } from "./queries";

/** The dashboard for these filters; the previous view stays on screen while the next one loads. */
export function useInsights(filters: InsightFilters) {
  return useQuery(insightsOptions(filters));
}

export interface ActionInput {
  kind: InsightActionKind;
  filters: InsightFilters;
  accountIds?: number[];
}

/** Runs an insight's action (reminding overdue people); the dashboard reloads to show the result. */
export function useInsightAction() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ kind, filters, accountIds }: ActionInput) => runInsightAction(kind, filters, accountIds),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: insightsKey }),
  });
}
