import { keepPreviousData, queryOptions } from "@tanstack/react-query";
import {
  fetchAccounts,
  fetchAudit,
  fetchBudgets,
  fetchCompanies,
  fetchOutbox,
  fetchOutboxMail,
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

/** A page of the development outbox, newest first (mail written while no SMTP server is set). */
export const outboxOptions = (params: { page: number; page_size: number }) =>
  queryOptions({
    queryKey: [ADMIN, "outbox", params] as const,
    queryFn: ({ signal }) => fetchOutbox(params, signal),
    placeholderData: keepPreviousData,
    // A 404 means this server runs in production, where there is no outbox: asking again changes nothing.
    retry: false,
  });

/** One outbox mail with its HTML and text parts. */
export const outboxMailOptions = (id: number) =>
  queryOptions({
    queryKey: [ADMIN, "outbox", "mail", id] as const,
    queryFn: ({ signal }) => fetchOutboxMail(id, signal),
  });
