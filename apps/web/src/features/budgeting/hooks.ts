import { keepPreviousData, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { z } from "zod";
import {
  AuditEntry,
  Budget,
  BudgetUsage,
  Paginated,
  PurchaseRequest,
  type Page,
} from "@learnward/contracts";
import { request } from "../../lib/api";
import { fetchAllTeams } from "../people/api";

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

const BudgetPage = Paginated(Budget);
const RequestPage = Paginated(PurchaseRequest);
const AuditPage = Paginated(AuditEntry);

const keys = {
  budgets: ["budgets"] as const,
  requests: ["purchase-requests"] as const,
  audit: ["budget-audit"] as const,
};

export const EXPORT_CSV_URL = "/api/b2b/v1/purchase-requests/export.csv";

/** Budgets covering today (current) or all of them, newest first. */
export function useBudgets(current: boolean, enabled = true) {
  return useQuery({
    queryKey: [...keys.budgets, { current }],
    queryFn: () =>
      request("/api/b2b/v1/budgets/", { query: { current: current ? "true" : undefined, page_size: 100 }, parse: BudgetPage.parse }) as Promise<
        Page<Budget>
      >,
    enabled,
  });
}

/** Committed and paid money over a budget's period, for one team (a team leader always gets their own). */
export function useBudgetUsage(budgetId: number, team: number | undefined) {
  return useQuery({
    queryKey: [...keys.budgets, "usage", budgetId, team ?? null],
    queryFn: () => request(`/api/b2b/v1/budgets/${budgetId}/usage/`, { query: { team }, parse: BudgetUsage.parse }),
  });
}

/** Every team of the company (ldleader sees all of them): the allocation editor shows each one. */
export function useTeams(enabled = true) {
  return useQuery({
    queryKey: ["teams", "budgeting"],
    queryFn: ({ signal }) => fetchAllTeams(signal),
    enabled,
    staleTime: 5 * 60_000,
  });
}

export function usePurchaseRequests(filter: RequestsFilter, enabled = true) {
  return useQuery({
    queryKey: [...keys.requests, filter],
    queryFn: () =>
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
        parse: RequestPage.parse,
      }),
    placeholderData: keepPreviousData,
    enabled,
  });
}

/** One page of the budgeting audit trail, newest first. */
export function useAudit(page: number, pageSize: number) {
  return useQuery({
    queryKey: [...keys.audit, { page, pageSize }],
    queryFn: () => request("/api/b2b/v1/budget-audit/", { query: { page, page_size: pageSize }, parse: AuditPage.parse }),
    placeholderData: keepPreviousData,
  });
}

/** Every budgeting change can move budgets, requests and the audit trail: refresh all three. */
function useInvalidateBudgeting() {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: keys.budgets }),
      queryClient.invalidateQueries({ queryKey: keys.requests }),
      queryClient.invalidateQueries({ queryKey: keys.audit }),
    ]);
}

export function useCreateBudget() {
  const invalidate = useInvalidateBudgeting();
  return useMutation({
    mutationFn: (body: { period: "year" | "month"; period_start: string; amount_minor: number; frequency?: Frequency | null }) =>
      request("/api/b2b/v1/budgets/", { method: "POST", body, parse: Budget.parse }),
    onSuccess: invalidate,
  });
}

export function useUpdateBudget() {
  const invalidate = useInvalidateBudgeting();
  return useMutation({
    mutationFn: ({ id, ...body }: { id: number; amount_minor?: number; frequency?: Frequency | null }) =>
      request(`/api/b2b/v1/budgets/${id}/`, { method: "PATCH", body, parse: Budget.parse }),
    onSuccess: invalidate,
  });
}

export function useAllocate() {
  const invalidate = useInvalidateBudgeting();
  return useMutation({
    mutationFn: ({ budgetId, ...body }: { budgetId: number; team_id: number; amount_minor: number }) =>
      request(`/api/b2b/v1/budgets/${budgetId}/allocations/`, { method: "POST", body, parse: Budget.parse }),
    onSuccess: invalidate,
  });
}

export function useCreatePurchaseRequest() {
  const invalidate = useInvalidateBudgeting();
  return useMutation({
    mutationFn: (body: { title: string; link?: string | null; price_minor: number; reason?: string }) =>
      request("/api/b2b/v1/purchase-requests/", { method: "POST", body, parse: PurchaseRequest.parse }),
    onSuccess: invalidate,
  });
}

export type RequestAction =
  | { kind: "approve"; id: number }
  | { kind: "reject"; id: number; reason: string }
  | { kind: "pay"; id: number; reference: string; paid_at?: string }
  | { kind: "cancel"; id: number };

export function useRequestAction() {
  const invalidate = useInvalidateBudgeting();
  return useMutation({
    mutationFn: (action: RequestAction) => {
      const { kind, id, ...body } = action;
      return request(`/api/b2b/v1/purchase-requests/${id}/${kind}/`, { method: "POST", body, parse: PurchaseRequest.parse });
    },
    onSuccess: invalidate,
  });
}
