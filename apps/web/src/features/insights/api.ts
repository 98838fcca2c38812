import type { InsightActionKind } from "@learnward/contracts";
import { request } from "../../lib/api";
import { checkedBy } from "../../lib/contracts";
import { INSIGHTS, insightsQuery, type InsightFilters } from "./filters";

// The insights module's calls, each answer checked against its contract (no zod on the first load).

const checkInsights = checkedBy((s) => s.Insights);
const checkInsightActionResult = checkedBy((s) => s.InsightActionResult);

/** GET /api/b2b/v1/insights/: the dashboard for these filters. */
export const fetchInsights = (filters: InsightFilters, signal?: AbortSignal) =>
  request(INSIGHTS, { query: insightsQuery(filters), parse: checkInsights, signal });

/** POST …/insights/actions/{kind}/: an insight's action (reminding overdue people). */
export const runInsightAction = (kind: InsightActionKind, filters: InsightFilters, accountIds?: number[]) =>
  request(`/api/b2b/v1/insights/actions/${kind}/`, {
    method: "POST",
    body: { scope: filters.scope, team: filters.scope === "team" ? filters.team : undefined, account_ids: accountIds },
    parse: checkInsightActionResult,
  });
