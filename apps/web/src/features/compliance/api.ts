import { queryOptions } from "@tanstack/react-query";
import type { CreateComplianceRequirementRequest } from "@learnward/contracts";
import { request } from "../../lib/api";
import { checkedBy } from "../../lib/contracts";

// Compliance's calls, each answer checked against its contract.

const checkPage = checkedBy((s) => s.ComplianceRequirementPage);
const checkOne = checkedBy((s) => s.ComplianceRequirement);
const checkMine = checkedBy((s) => s.MyComplianceResponse);
const checkByTeam = checkedBy((s) => s.ComplianceByTeamResponse);
const checkAssignment = checkedBy((s) => s.ComplianceAssignment);

/** The company's required paths (the L&D leader's and hr's), first 100. */
export const fetchRequirements = (signal?: AbortSignal) =>
  request("/api/b2b/v1/compliance-requirements", { query: { page_size: 100 }, parse: checkPage, signal });

export const createRequirement = (body: CreateComplianceRequirementRequest) =>
  request("/api/b2b/v1/compliance-requirements", { method: "POST", body, parse: checkOne });

export const deleteRequirement = (id: number) => request(`/api/b2b/v1/compliance-requirements/${id}`, { method: "DELETE" });

/** The paths required of me, soonest due first. */
export const fetchMyCompliance = (signal?: AbortSignal) => request("/api/b2b/v1/my-compliance", { parse: checkMine, signal });

/** Starts a required path of mine again for its next cycle: its items are to do again. */
export const startAgain = (requirementId: number) =>
  request(`/api/b2b/v1/my-compliance/${requirementId}/start-again`, { method: "POST", body: {}, parse: checkAssignment });

/** Per team: how many required paths are on time, due, overdue and expired. */
export const fetchComplianceByTeam = (signal?: AbortSignal) => request("/api/b2b/v1/insights/compliance", { parse: checkByTeam, signal });

/** The auditors' CSV (same origin: the session cookie goes with it). */
export const COMPLIANCE_CSV = "/api/b2b/v1/insights/compliance.csv";

/** Every compliance answer is cached under this key: a requirement changes everyone's standing. */
export const COMPLIANCE = "compliance";

/** Insights' per-team counts: part of the dashboard's first data for whoever reads them. */
export const complianceByTeamOptions = () => queryOptions({ queryKey: [COMPLIANCE, "teams"] as const, queryFn: ({ signal }) => fetchComplianceByTeam(signal) });
