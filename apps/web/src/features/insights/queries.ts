import { keepPreviousData, queryOptions } from "@tanstack/react-query";
import type { FirstData } from "../../app/firstData";
import { complianceByTeamOptions } from "../compliance/api";
import { fetchInsights } from "./api";
import { readFilters, type InsightFilters } from "./filters";

export const insightsKey = ["insights"] as const;

/** The dashboard for these filters; the previous view stays on screen while the next one loads. */
export const insightsOptions = (filters: InsightFilters) =>
  queryOptions({
    queryKey: [...insightsKey, filters] as const,
    queryFn: ({ signal }) => fetchInsights(filters, signal),
    placeholderData: keepPreviousData,
  });

/** /dashboard/content first shows the dashboard for the filters in its address, and compliance per team to whoever reads it. */
export const insightsFirstData: FirstData = ({ search, me }) => [
  insightsOptions(readFilters(search)),
  ...(me?.abilities.read_compliance ? [complianceByTeamOptions()] : []),
];
