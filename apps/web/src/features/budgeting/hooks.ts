import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { actOnRequest, allocate, createBudget, createPurchaseRequest, updateBudget, type Frequency, type RequestAction, type RequestsFilter } from "./api";
import { budgetAuditOptions, budgetingKeys as keys, budgetsOptions, budgetTeamsOptions, budgetUsageOptions, purchaseRequestsOptions } from "./queries";

export {
  EXPORT_CSV_URL,
  type AuditRow,
  type Frequency,
  type PeriodFilter,
  type RequestAction,
  type RequestsFilter,
  type Scope,
  type Sort,
  type StatusFilter,
} from "./api";

/** Budgets covering today (current) or all of them, newest first. */
export function useBudgets(current: boolean, enabled = true) {
  return useQuery({ ...budgetsOptions(current), enabled });
}

/** Committed and paid money over a budget's period, for one team (a team leader always gets their own). */
export function useBudgetUsage(budgetId: number, team: number | undefined) {
  return useQuery(budgetUsageOptions(budgetId, team));
}

/** Every team of the company (ldleader sees all of them): the allocation editor shows each one. */
export function useTeams(enabled = true) {
  return useQuery({ ...budgetTeamsOptions(), enabled });
}

export function usePurchaseRequests(filter: RequestsFilter, enabled = true) {
  return useQuery({ ...purchaseRequestsOptions(filter), enabled });
}

/** One page of the budgeting audit trail, newest first. */
export function useAudit(page: number, pageSize: number) {
  return useQuery(budgetAuditOptions(page, pageSize));
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
    mutationFn: createBudget,
    onSuccess: invalidate,
  });
}

export function useUpdateBudget() {
  const invalidate = useInvalidateBudgeting();
  return useMutation({
    mutationFn: ({ id, ...body }: { id: number; amount_minor?: number; frequency?: Frequency | null }) => updateBudget(id, body),
    onSuccess: invalidate,
  });
}

export function useAllocate() {
  const invalidate = useInvalidateBudgeting();
  return useMutation({
    mutationFn: ({ budgetId, ...body }: { budgetId: number; team_id: number; amount_minor: number }) => allocate(budgetId, body),
    onSuccess: invalidate,
  });
}

export function useCreatePurchaseRequest() {
  const invalidate = useInvalidateBudgeting();
  return useMutation({
    mutationFn: createPurchaseRequest,
    onSuccess: invalidate,
  });
}

export function useRequestAction() {
  const invalidate = useInvalidateBudgeting();
  return useMutation({
    mutationFn: (action: RequestAction) => actOnRequest(action),
    onSuccess: invalidate,
  });
}
