import { keepPreviousData, queryOptions } from "@tanstack/react-query";
import {
  fetchAccounts,
  fetchAudit,
  fetchBudgets,
  fetchCompanies,
  type AccountsParams,
  type AuditParams,
  type BudgetsParams,
  type CompaniesParams,
} from "./api";

// Everything the admin screens cache lives under one key: a change to a company moves its people's
// rows and counts, a change to an account moves company counts, and every change writes an audit
// entry, so each mutation refreshes them all.
export const ADMIN = "admin";

/** A page of the platform's companies, as CompaniesTable asks for it. */
export const companiesOptions = (params: CompaniesParams) =>
  queryOptions({
    queryKey: [ADMIN, "companies", params] as const,
    queryFn: ({ signal }) => fetchCompanies(params, signal),
    placeholderData: keepPreviousData,
  });

/** A page of every company's accounts, as AccountsTable asks for it. */
export const accountsOptions = (params: AccountsParams) =>
  queryOptions({
    queryKey: [ADMIN, "accounts", params] as const,
    queryFn: ({ signal }) => fetchAccounts(params, signal),
    placeholderData: keepPreviousData,
  });

/** A page of every company's budgets, as BudgetsTable asks for it. */
export const adminBudgetsOptions = (params: BudgetsParams) =>
  queryOptions({
    queryKey: [ADMIN, "budgets", params] as const,
    queryFn: ({ signal }) => fetchBudgets(params, signal),
    placeholderData: keepPreviousData,
  });

/** A page of audit entries, as AuditLog asks for it. */
export const auditOptions = (params: AuditParams) =>
  queryOptions({
    queryKey: [ADMIN, "audit", params] as const,
    queryFn: ({ signal }) => fetchAudit(params, signal),
    placeholderData: keepPreviousData,
  });
