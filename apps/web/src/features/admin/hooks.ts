import { keepPreviousData, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import {
  adjustBudget,
  createCompany,
  fetchAccounts,
  fetchAllCompanies,
  fetchAudit,
  fetchBudgets,
  fetchCompanies,
  fetchSignIns,
  resendInvitation,
  setCompanySuspended,
  updateAccount,
  updateCompany,
  type AccountPatch,
  type AccountsParams,
  type AdjustBody,
  type AuditParams,
  type BudgetsParams,
  type CompaniesParams,
  type CompanyPatch,
} from "./api";

// Everything the admin screens cache lives under one key: a change to a company moves its people's
// rows and counts, a change to an account moves company counts, and every change writes an audit
// entry, so each mutation refreshes them all.
const ADMIN = "admin";
const keys = {
  companies: (params: CompaniesParams) => [ADMIN, "companies", params] as const,
  allCompanies: [ADMIN, "companies", "all"] as const,
  accounts: (params: AccountsParams) => [ADMIN, "accounts", params] as const,
  signIns: (id: number) => [ADMIN, "sign-ins", id] as const,
  budgets: (params: BudgetsParams) => [ADMIN, "budgets", params] as const,
  audit: (params: AuditParams) => [ADMIN, "audit", params] as const,
};

function useAdminMutation<V, R>(mutationFn: (variables: V) => Promise<R>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSettled: () => queryClient.invalidateQueries({ queryKey: [ADMIN] }),
  });
}

// ---- Companies ----

export function useCompanies(params: CompaniesParams) {
  return useQuery({ queryKey: keys.companies(params), queryFn: ({ signal }) => fetchCompanies(params, signal), placeholderData: keepPreviousData });
}

/** Every company, for filters, pickers and naming companies in audit entries. */
export function useAllCompanies() {
  return useQuery({ queryKey: keys.allCompanies, queryFn: ({ signal }) => fetchAllCompanies(signal), staleTime: 60_000 });
}

export const useCreateCompany = () => useAdminMutation(createCompany);
export const useUpdateCompany = () => useAdminMutation(({ id, ...body }: CompanyPatch & { id: number }) => updateCompany(id, body));
export const useSetCompanySuspended = () => useAdminMutation(({ id, suspended }: { id: number; suspended: boolean }) => setCompanySuspended(id, suspended));

// ---- Accounts ----

export function useAccounts(params: AccountsParams) {
  return useQuery({ queryKey: keys.accounts(params), queryFn: ({ signal }) => fetchAccounts(params, signal), placeholderData: keepPreviousData });
}

export const useUpdateAccount = () => useAdminMutation(({ id, ...body }: AccountPatch & { id: number }) => updateAccount(id, body));

export function useSignIns(id: number) {
  return useQuery({ queryKey: keys.signIns(id), queryFn: ({ signal }) => fetchSignIns(id, signal) });
}

export const useResendInvitation = () => useAdminMutation(resendInvitation);

// ---- Budgets ----

export function useAdminBudgets(params: BudgetsParams) {
  return useQuery({ queryKey: keys.budgets(params), queryFn: ({ signal }) => fetchBudgets(params, signal), placeholderData: keepPreviousData });
}

export const useAdjustBudget = () => useAdminMutation(({ id, ...body }: AdjustBody & { id: number }) => adjustBudget(id, body));

// ---- Audit ----

export function useAudit(params: AuditParams) {
  return useQuery({ queryKey: keys.audit(params), queryFn: ({ signal }) => fetchAudit(params, signal), placeholderData: keepPreviousData });
}
