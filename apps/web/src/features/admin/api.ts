import { z } from "zod";
import {
  AdminAccount as AdminAccountSchema,
  AdminAuditEntry as AdminAuditEntrySchema,
  AdminBudget as AdminBudgetSchema,
  AdminCompany as AdminCompanySchema,
  OutboxMail as OutboxMailSchema,
  OutboxMessage as OutboxMessageSchema,
  Paginated,
  PendingInvitation as PendingInvitationSchema,
  SignInEvent as SignInEventSchema,
  type AdjustBudgetRequest,
  type CreateInvitationRequest,
  type CreateCompanyRequest,
  type Page,
  type Role,
  type UpdateAdminAccountRequest,
  type UpdateCompanyRequest,
} from "@learnward/contracts";
import { request } from "../../lib/api";

// The admin module's calls (apps/server/src/modules/admin), each answer checked against its contract.

export type AdminCompany = z.infer<typeof AdminCompanySchema>;
export type AdminAccount = z.infer<typeof AdminAccountSchema>;
export type AdminBudget = z.infer<typeof AdminBudgetSchema>;
export type AuditEntry = z.infer<typeof AdminAuditEntrySchema>;
export type AuditEntity = AuditEntry["entity"];
export type SignInEvent = z.infer<typeof SignInEventSchema>;
export type OpenInvitation = z.infer<typeof PendingInvitationSchema>;
export type CompanyBody = z.input<typeof CreateCompanyRequest>;
export type CompanyPatch = z.input<typeof UpdateCompanyRequest>;
export type AccountPatch = z.input<typeof UpdateAdminAccountRequest>;
export type AdjustBody = z.input<typeof AdjustBudgetRequest>;
export type InvitationBody = z.input<typeof CreateInvitationRequest>;
export type OutboxMessage = z.infer<typeof OutboxMessageSchema>;
export type OutboxMail = z.infer<typeof OutboxMailSchema>;

const ADMIN = "/api/b2b/v1/admin";
const CompaniesPage = Paginated(AdminCompanySchema);
const AccountsPage = Paginated(AdminAccountSchema);
const BudgetsPage = Paginated(AdminBudgetSchema);
const AuditPage = Paginated(AdminAuditEntrySchema);
const Invited = z.object({ id: z.number().int() });
const OpenInvitationsPage = Paginated(PendingInvitationSchema);
const Adjusted = z.object({ id: z.number().int(), amount_minor: z.number().int() });
const parseCompany = (json: unknown) => AdminCompanySchema.parse(json);
const parseAccount = (json: unknown) => AdminAccountSchema.parse(json);

// ---- Companies ----

export type CompanyStatusFilter = "all" | "active" | "suspended";
export interface CompaniesParams {
  search?: string;
  status?: CompanyStatusFilter;
  page: number;
  page_size: number;
}

export const fetchCompanies = (params: CompaniesParams, signal?: AbortSignal): Promise<Page<AdminCompany>> =>
  request(`${ADMIN}/companies/`, { query: { ...params, search: params.search || undefined }, parse: (json) => CompaniesPage.parse(json), signal });

export const fetchCompany = (id: number, signal?: AbortSignal) => request(`${ADMIN}/companies/${id}/`, { parse: parseCompany, signal });

export const createCompany = (body: CompanyBody) => request(`${ADMIN}/companies/`, { method: "POST", body, parse: parseCompany });
export const updateCompany = (id: number, body: CompanyPatch) => request(`${ADMIN}/companies/${id}/`, { method: "PATCH", body, parse: parseCompany });
/** Invites someone into a company (its first hr person, say): the mail goes out at once. */
export const inviteToCompany = (id: number, body: InvitationBody) =>
  request(`${ADMIN}/companies/${id}/invitations/`, { method: "POST", body, parse: (json) => Invited.parse(json) });
/** Suspend: the company's people are signed out and can't sign in; lift: they can again. */
export const setCompanySuspended = (id: number, suspended: boolean) =>
  request(`${ADMIN}/companies/${id}/${suspended ? "suspend" : "reactivate"}/`, { method: "POST", parse: parseCompany });

// ---- Accounts ----

export type AccountStatusFilter = "all" | "active" | "deactivated";
export interface AccountsParams {
  search?: string;
  company?: number;
  role?: Role;
  status?: AccountStatusFilter;
  page: number;
  page_size: number;
}

export const fetchAccounts = (params: AccountsParams, signal?: AbortSignal): Promise<Page<AdminAccount>> =>
  request(`${ADMIN}/accounts/`, { query: { ...params, search: params.search || undefined }, parse: (json) => AccountsPage.parse(json), signal });

export const updateAccount = (id: number, body: AccountPatch) => request(`${ADMIN}/accounts/${id}/`, { method: "PATCH", body, parse: parseAccount });

export const fetchSignIns = (id: number, signal?: AbortSignal) =>
  request(`${ADMIN}/accounts/${id}/sign-ins/`, { parse: (json) => SignInEventSchema.array().parse(json), signal });

/** Invitations of every company not accepted or revoked yet, expired ones included: the ones a fresh link can go to. */
export const fetchOpenInvitations = (search: string, pageSize: number, signal?: AbortSignal) =>
  request("/api/b2b/v1/invitations/", {
    query: { search: search || undefined, include_expired: "true", page: 1, page_size: pageSize },
    parse: (json) => OpenInvitationsPage.parse(json),
    signal,
  });

/** A fresh link in place of the invitation's (the earlier one stops working); answers the new invitation. */
export const resendInvitation = (id: number) =>
  request(`/api/b2b/v1/invitations/${id}/resend/`, { method: "POST", body: {}, parse: (json) => PendingInvitationSchema.parse(json) });

// ---- Budgets ----

export interface BudgetsParams {
  company?: number;
  page: number;
  page_size: number;
}

export const fetchBudgets = (params: BudgetsParams, signal?: AbortSignal): Promise<Page<AdminBudget>> =>
  request(`${ADMIN}/budgets/`, { query: { ...params }, parse: (json) => BudgetsPage.parse(json), signal });

export const adjustBudget = (id: number, body: AdjustBody) =>
  request(`${ADMIN}/budgets/${id}/adjust/`, { method: "POST", body, parse: (json) => Adjusted.parse(json) });

// ---- Audit ----

export interface AuditParams {
  entity?: AuditEntity;
  entity_id?: number;
  page: number;
  page_size: number;
}

export const fetchAudit = (params: AuditParams, signal?: AbortSignal): Promise<Page<AuditEntry>> =>
  request(`${ADMIN}/audit/`, { query: { ...params }, parse: (json) => AuditPage.parse(json), signal });

// ---- Development outbox (the server answers 404 in production) ----

const OutboxPage = Paginated(OutboxMessageSchema);

export const fetchOutbox = (params: { page: number; page_size: number }, signal?: AbortSignal): Promise<Page<OutboxMessage>> =>
  request("/api/dev/outbox", { query: params, parse: (json) => OutboxPage.parse(json), signal });

export const fetchOutboxMail = (id: number, signal?: AbortSignal): Promise<OutboxMail> =>
  request(`/api/dev/outbox/${id}`, { parse: (json) => OutboxMailSchema.parse(json), signal });
