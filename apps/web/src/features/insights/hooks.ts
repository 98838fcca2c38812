import { keepPreviousData, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { InsightActionKind } from "@learnward/contracts";
import { checkedBy } from "../../lib/contracts";
import { request } from "../../lib/api";
import { INSIGHTS, insightsQuery, type InsightFilters } from "./filters";

const key = ["insights"] as const;
const checkInsights = checkedBy((s) => s.Insights);
const checkInsightActionResult = checkedBy((s) => s.InsightActionResult);

/** The dashboard for these filters; the previous view stays on screen while the next one loads. */
export function useInsights(filters: InsightFilters) {
  return useQuery({
    queryKey: [...key, filters],
    queryFn: ({ signal }) => request(INSIGHTS, { query: insightsQuery(filters), parse: checkInsights, signal }),
    placeholderData: keepPreviousData,
  });
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
    mutationFn: ({ kind, filters, accountIds }: ActionInput) =>
      request(`/api/b2b/v1/insights/actions/${kind}/`, {
        method: "POST",
        body: { scope: filters.scope, team: filters.scope === "team" ? filters.team : undefined, account_ids: accountIds },
        parse: checkInsightActionResult,
      }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: key }),
  });
}
