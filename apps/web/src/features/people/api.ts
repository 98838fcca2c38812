import type { z } from "zod";
import type {
  Employee as EmployeeSchema,
  Invitation as InvitationSchema,
  InviteRequest as InviteRequestSchema,
  PendingInvitation as PendingInvitationSchema,
  RemovalRequest as RemovalRequestSchema,
  Team as TeamSchema,
  TeamProgressPage as TeamProgressPageSchema,
  CompanyRole,
  Page,
  Role,
} from "@learnward/contracts";
import { request } from "../../lib/api";
import { checkedBy } from "../../lib/contracts";

// The people module's calls (apps/server/src/modules/people, network/plans), each answer checked
// against its contract (loaded with the first answer: no zod on a page's first load).

export type Team = z.infer<typeof TeamSchema>;
export type Employee = z.infer<typeof EmployeeSchema>;
export type Invitation = z.infer<typeof InvitationSchema>;
export type InviteRequest = z.infer<typeof InviteRequestSchema>;
export type OpenInvitation = z.infer<typeof PendingInvitationSchema>;
export type RemovalRequest = z.infer<typeof RemovalRequestSchema>;
export type TeamProgressPage = z.infer<typeof TeamProgressPageSchema>;
export type TeamProgressRow = TeamProgressPage["results"][number];
export type RequestKind = "invite" | "removal";
export type StatusFilter = "all" | "pending" | "accepted" | "rejected";
export type SortOrder = "asc" | "desc";

const checkTeamsPage = checkedBy((s) => s.Paginated(s.Team));
const checkEmployeesPage = checkedBy((s) => s.Paginated(s.Employee));
const checkInviteRequestsPage = checkedBy((s) => s.Paginated(s.InviteRequest));
const checkRemovalRequestsPage = checkedBy((s) => s.Paginated(s.RemovalRequest));
const checkOpenInvitationsPage = checkedBy((s) => s.Paginated(s.PendingInvitation));
const checkOpenInvitation = checkedBy((s) => s.PendingInvitation);
const checkTeamProgressPage = checkedBy((s) => s.TeamProgressPage);
const parseTeam = checkedBy((s) => s.Team);
const parseEmployee = checkedBy((s) => s.Employee);
const parseInvitation = checkedBy((s) => s.Invitation);

const B2B = "/api/b2b/v1";
/** The server's largest page. */
export const MAX_PAGE_SIZE = 100;

// ---- Teams ----

export interface TeamsParams {
  search?: string;
  page: number;
  page_size: number;
}

export const fetchTeams = (params: TeamsParams, signal?: AbortSignal): Promise<Page<Team>> =>
  request(`${B2B}/teams/`, { query: { ...params, search: params.search || undefined }, parse: checkTeamsPage, signal });

/** Every team of the company (for pickers and the CSV check), a page of 100 at a time. */
export async function fetchAllTeams(signal?: AbortSignal): Promise<Team[]> {
  const teams: Team[] = [];
  for (let page = 1; ; page++) {
    const answer = await fetchTeams({ page, page_size: MAX_PAGE_SIZE }, signal);
    teams.push(...answer.results);
    if (!answer.next || answer.results.length === 0) return teams;
  }
}

export const fetchTeam = (id: number, signal?: AbortSignal) => request(`${B2B}/teams/${id}/`, { parse: parseTeam, signal });
/** A page of a team's active members, by name. */
export const fetchTeamMembers = (id: number, page: number, pageSize: number, signal?: AbortSignal) =>
  request(`${B2B}/teams/${id}/members/`, { query: { page, page_size: pageSize }, parse: checkEmployeesPage, signal });

export const createTeam = (body: { name: string; leader_id?: number | null }) => request(`${B2B}/teams/`, { method: "POST", body, parse: parseTeam });

export const updateTeam = (id: number, body: { name?: string; leader_id?: number | null }) =>
  request(`${B2B}/teams/${id}/`, { method: "PATCH", body, parse: parseTeam });

export const deleteTeam = (id: number) => request(`${B2B}/teams/${id}/`, { method: "DELETE" });

// ---- Employees ----

export type EmployeeOrdering = "name" | "email" | "created_at" | "role";
export type EmployeeStatusFilter = "active" | "deactivated" | "all";

export interface EmployeesParams {
  search?: string;
  team?: number;
  role?: Role;
  status: EmployeeStatusFilter;
  ordering: EmployeeOrdering;
  sort: SortOrder;
  page: number;
  page_size: number;
}

export const fetchEmployees = (params: EmployeesParams, signal?: AbortSignal): Promise<Page<Employee>> =>
  request(`${B2B}/employees/`, { query: { ...params, search: params.search || undefined }, parse: checkEmployeesPage, signal });

export interface UpdateEmployeeBody {
  role?: CompanyRole;
  team_id?: number | null;
  status?: "deactivated";
}

export const updateEmployee = (id: number, body: UpdateEmployeeBody) => request(`${B2B}/employees/${id}/`, { method: "PATCH", body, parse: parseEmployee });

/** The employee with exactly this email, in any status, if there is one. */
export async function findEmployeeByEmail(email: string, signal?: AbortSignal): Promise<Employee | null> {
  const answer = await fetchEmployees({ search: email, status: "all", ordering: "email", sort: "asc", page: 1, page_size: 10 }, signal);
  return answer.results.find((employee) => employee.email.toLowerCase() === email.toLowerCase()) ?? null;
}

// ---- Invitations ----

export interface InviteBody {
  email: string;
  role: CompanyRole;
  team_id: number | null;
}

export const invite = (body: InviteBody) => request(`${B2B}/invitations/`, { method: "POST", body });

export const fetchInvitation = (token: string, signal?: AbortSignal) =>
  request(`${B2B}/invitations/${encodeURIComponent(token)}/`, { parse: parseInvitation, signal });

export const acceptInvitation = (token: string, body: { name: string; password: string }) =>
  request(`${B2B}/invitations/${encodeURIComponent(token)}/accept/`, { method: "POST", body, parse: parseInvitation });

// ---- Open invitations (hr; platform operators for any company) ----

export interface InvitationsParams {
  page: number;
  page_size: number;
  search?: string;
  include_expired?: "true";
  company?: number;
}

export const fetchOpenInvitations = (params: InvitationsParams, signal?: AbortSignal) =>
  request(`${B2B}/invitations/`, { query: { ...params, search: params.search || undefined }, parse: checkOpenInvitationsPage, signal });

/** A fresh link in place of the invitation's; answers the new invitation. */
export const resendInvitation = (id: number) => request(`${B2B}/invitations/${id}/resend/`, { method: "POST", body: {}, parse: checkOpenInvitation });

export const revokeInvitation = (id: number) => request(`${B2B}/invitations/${id}/revoke/`, { method: "POST", body: {} });

// ---- Invite and removal requests ----

export interface RequestsParams {
  status: StatusFilter;
  sort: SortOrder;
  page: number;
  page_size: number;
}

export const fetchInviteRequests = (params: RequestsParams, signal?: AbortSignal) =>
  request(`${B2B}/invite-requests/`, { query: { ...params }, parse: checkInviteRequestsPage, signal });

export const fetchRemovalRequests = (params: RequestsParams, signal?: AbortSignal) =>
  request(`${B2B}/removal-requests/`, { query: { ...params }, parse: checkRemovalRequestsPage, signal });

export const requestInvite = (body: { email: string; team_id: number; reason?: string }) => request(`${B2B}/invite-requests/`, { method: "POST", body });

export const requestRemoval = (body: { employee_id: number; reason?: string }) => request(`${B2B}/removal-requests/`, { method: "POST", body });

export type Decision = "accept" | "reject";

/** hr decides a request; the reason is optional either way. */
export const decideRequest = (kind: RequestKind, id: number, decision: Decision, reason?: string) =>
  request(`${B2B}/${kind}-requests/${id}/${decision}/`, { method: "POST", body: reason ? { reason } : {} });

// ---- Team progress on upskilling plans ----

/** The same page of the team's members as fetchTeamMembers, each with the plans they hold, and the skills of those plans. */
export const fetchTeamProgress = (id: number, page: number, pageSize: number, signal?: AbortSignal) =>
  request(`${B2B}/teams/${id}/progress/`, { query: { page, page_size: pageSize }, parse: checkTeamProgressPage, signal });
