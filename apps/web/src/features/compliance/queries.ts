import { queryOptions } from "@tanstack/react-query";
import { fetchComplianceByTeam } from "./api";

/** Every compliance answer is cached under this key: a requirement changes everyone's standing. */
export const COMPLIANCE = "compliance";

/** Insights' per-team counts: part of the dashboard's first data for whoever reads them. */
export const complianceByTeamOptions = () => queryOptions({ queryKey: [COMPLIANCE, "teams"] as const, queryFn: ({ signal }) => fetchComplianceByTeam(signal) });
