import type { z } from "zod";
import type { AuditEntry } from "@learnward/contracts";
import { request } from "../../lib/api";
import { checkedBy } from "../../lib/contracts";

// The budgeting module's calls, each answer checked against its contract (loaded with the first
// answer: no zod on a page's first load).

export type Scope = "mine" | "decide";
export type StatusFilter = "all" | "pending" | "approved" | "rejected" | "paid" | "cancelled";
export type PeriodFilter = "" | "year" | "month";
export type Sort = "asc" | "desc";
export type Frequency = "monthly" | "yearly" | "weekly";
export type AuditRow = z.infer<typeof AuditEntry>;

export interface RequestsFilter {
  scope: Scope;
  status: StatusFilter;
  period: PeriodFilter;
  sort: Sort;
  page: number;
  pageSize: number;
  team?: number;
}

const checkBudgetPage = checkedBy((s) => s.Paginated(s.Budget));
const checkBudget = checkedBy((s) => s.Budget);
const checkBudgetUsage = checkedBy((s) => s.BudgetUsage);
const checkRequestPage = checkedBy((s) => s.Paginated(s.PurchaseRequest));
const checkPurchaseRequest = checkedBy((s) => s.PurchaseRequest);
const checkAuditPage = checkedBy((s) => s.Paginated(s.AuditEntry));

export const EXPORT_CSV_URL = "/api/b2b/v1/purchase-requests/export.csv";

/** Budgets covering today (current) or all of them, newest first. */
export const fetchBudgets = (current: boolean, signal?: AbortSignal) =>
  request("/api/b2b/v1/budgets/", { query: { current: current ? "true" : undefined, page_size: 100 }, parse: checkBudgetPage, signal });

/** Committed and paid money over a budget's period, for one team (a team leader always gets their own). */
export const fetchBudgetUsage = (budgetId: number, team: number | undefined, signal?: AbortSignal) =>
  request(`/api/b2b/v1/budgets/${budgetId}/usage/`, { query: { team }, parse: checkBudgetUsage, signal });

export const fetchPurchaseRequests = (filter: RequestsFilter, signal?: AbortSignal) =>
  request("/api/b2b/v1/purchase-requests/", {
    query: {
      scope: filter.scope,
      status: filter.status,
      period: filter.period || undefined,
      sort: filter.sort,
      page: filter.page,
      page_size: filter.pageSize,
      team: filter.team,
    },
    parse: checkRequestPage,
    signal,
  });

/** One page of the budgeting audit trail, newest first. */
export const fetchAudit = (page: number, pageSize: number, signal?: AbortSignal) =>
  request("/api/b2b/v1/budget-audit/", { query: { page, page_size: pageSize }, parse: checkAuditPage, signal });

export const createBudget = (body: { period: "year" | "month"; period_start: string; amount_minor: number; frequency?: Frequency | null }) =>
  request("/api/b2b/v1/budgets/", { method: "POST", body, parse: checkBudget });

export const updateBudget = (id: number, body: { amount_minor?: number; frequency?: Frequency | null }) =>
  request(`/api/b2b/v1/budgets/${id}/`, { method: "PATCH", body, parse: checkBudget });

export const allocate = (budgetId: number, body: { team_id: number; amount_minor: number }) =>
  request(`/api/b2b/v1/budgets/${budgetId}/allocations/`, { method: "POST", body, parse: checkBudget });

export const createPurchaseRequest = (body: { title: string; link?: string | null; price_minor: number; reason?: string }) =>
  request("/api/b2b/v1/purchase-requests/", { method: "POST", body, parse: checkPurchaseRequest });

export type RequestAction =
  | { kind: "approve"; id: number }
  | { kind: "reject"; id: number; reason: string }
  | { kind: "pay"; id: number; reference: string; paid_at?: string }
  | { kind: "cancel"; id: number };

export const actOnRequest = (action: RequestAction) => {
  const { kind, id, ...body } = action;
  return request(`/api/b2b/v1/purchase-requests/${id}/${kind}/`, { method: "POST", body, parse: checkPurchaseRequest });
};
