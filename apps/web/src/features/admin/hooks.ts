import { keepPreviousData, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import {
  adjustBudget,
  createCompany,
  fetchCompany,
  fetchCompanies,
  fetchSignIns,
  inviteToCompany,
  fetchOpenInvitations,
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
  type InvitationBody,
} from "./api";
import { SEARCH_SELECT_MATCHES } from "../../components/SearchSelect";
import { accountsOptions, ADMIN, adminBudgetsOptions, auditOptions, companiesOptions } from "./queries";

const keys = {
  companyMatches: (search: string) => [ADMIN, "companies", "matches", search] as const,
  company: (id: number) => [ADMIN, "company", id] as const,
  signIns: (id: number) => [ADMIN, "sign-ins", id] as const,
  invitationMatches: (search: string) => [ADMIN, "invitations", search] as const,
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
  return useQuery(companiesOptions(params));
}

/** The companies a picker offers for what was typed (its first matches), once `enabled`. */
export function useCompanyMatches(search: string, enabled: boolean) {
  return useQuery({
    queryKey: keys.companyMatches(search),
    queryFn: ({ signal }) => fetchCompanies({ search, page: 1, page_size: SEARCH_SELECT_MATCHES }, signal),
    select: (page) => page.results,
    enabled,
    placeholderData: keepPreviousData,
    staleTime: 60_000,
  });
}

/** One company (a picker naming a company chosen elsewhere). */
export function useCompany(id: number | null) {
  return useQuery({ queryKey: keys.company(id ?? 0), queryFn: ({ signal }) => fetchCompany(id!, signal), enabled: id !== null, staleTime: 60_000 });
}

export const useCreateCompany = () => useAdminMutation(createCompany);
export const useUpdateCompany = () => useAdminMutation(({ id, ...body }: CompanyPatch & { id: number }) => updateCompany(id, body));
export const useInviteToCompany = () => useAdminMutation(({ companyId, ...body }: InvitationBody & { companyId: number }) => inviteToCompany(companyId, body));
export const useSetCompanySuspended = () => useAdminMutation(({ id, suspended }: { id: number; suspended: boolean }) => setCompanySuspended(id, suspended));

// ---- Accounts ----

export function useAccounts(params: AccountsParams) {
  return useQuery(accountsOptions(params));
}

export const useUpdateAccount = () => useAdminMutation(({ id, ...body }: AccountPatch & { id: number }) => updateAccount(id, body));

export function useSignIns(id: number) {
  return useQuery({ queryKey: keys.signIns(id), queryFn: ({ signal }) => fetchSignIns(id, signal) });
}

/** The first open invitations whose address holds what was typed, for the resend picker. */
export function useInvitationMatches(search: string, enabled: boolean) {
  return useQuery({
    queryKey: keys.invitationMatches(search),
    queryFn: ({ signal }) => fetchOpenInvitations(search, SEARCH_SELECT_MATCHES, signal),
    select: (page) => page.results,
    enabled,
    placeholderData: keepPreviousData,
  });
}

export const useResendInvitation = () => useAdminMutation(resendInvitation);

// ---- Budgets ----

export function useAdminBudgets(params: BudgetsParams) {
  return useQuery(adminBudgetsOptions(params));
}

export const useAdjustBudget = () => useAdminMutation(({ id, ...body }: AdjustBody & { id: number }) => adjustBudget(id, body));

// ---- Audit ----

export function useAudit(params: AuditParams) {
  return useQuery(auditOptions(params));
}
