import { keepPreviousData, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import {
  acceptInvitation,
  createTeam,
  decideRequest,
  deleteTeam,
  fetchInvitation,
  fetchOpenInvitations,
  fetchTeams,
  invite,
  requestInvite,
  requestRemoval,
  resendInvitation,
  revokeInvitation,
  updateEmployee,
  updateTeam,
  type Decision,
  type EmployeesParams,
  type InvitationsParams,
  type RequestKind,
  type RequestsParams,
  type TeamsParams,
  type UpdateEmployeeBody,
} from "./api";
import { employeesOptions, PEOPLE, requestsOptions, teamMembersOptions, teamOptions, teamProgressOptions, teamsOptions } from "./queries";
import { SEARCH_SELECT_MATCHES } from "../../components/SearchSelect";

// Everything the people screens cache lives under one key: a change to a team, an employee or a
// request can move counts, leaders and lists on every tab, so each mutation refreshes them all.
const keys = {
  teamMatches: (search: string) => [PEOPLE, "teams", "matches", search] as const,
  invitation: (token: string) => ["invitation", token] as const,
  openInvitations: (params: InvitationsParams) => [PEOPLE, "invitations", params] as const,
};

function usePeopleMutation<V, R>(mutationFn: (variables: V) => Promise<R>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSettled: () => queryClient.invalidateQueries({ queryKey: [PEOPLE] }),
  });
}

// ---- Teams ----

export function useTeams(params: TeamsParams, enabled = true) {
  return useQuery({ ...teamsOptions(params), enabled });
}

/** The teams a picker offers for what was typed (its first matches), once `enabled`. */
export function useTeamMatches(search: string, enabled: boolean) {
  return useQuery({
    queryKey: keys.teamMatches(search),
    queryFn: ({ signal }) => fetchTeams({ search, page: 1, page_size: SEARCH_SELECT_MATCHES }, signal),
    select: (page) => page.results,
    enabled,
    placeholderData: keepPreviousData,
    staleTime: 60_000,
  });
}

export function useTeam(id: number | null) {
  return useQuery({ ...teamOptions(id ?? 0), enabled: id !== null });
}

/** A page of the team's active members. */
export function useTeamMembers(id: number | null, page: number, pageSize: number) {
  return useQuery({ ...teamMembersOptions(id ?? 0, page, pageSize), enabled: id !== null });
}

export const useCreateTeam = () => usePeopleMutation(createTeam);
export const useUpdateTeam = () => usePeopleMutation(({ id, ...body }: { id: number; name?: string; leader_id?: number | null }) => updateTeam(id, body));
export const useDeleteTeam = () => usePeopleMutation(deleteTeam);

// ---- Employees ----

export function useEmployees(params: EmployeesParams, enabled = true) {
  return useQuery({ ...employeesOptions(params), enabled });
}

export const useUpdateEmployee = () => usePeopleMutation(({ id, ...body }: UpdateEmployeeBody & { id: number }) => updateEmployee(id, body));

export const useInvite = () => usePeopleMutation(invite);

// ---- Open invitations ----

export function useOpenInvitations(params: InvitationsParams, enabled = true) {
  return useQuery({
    queryKey: keys.openInvitations(params),
    queryFn: ({ signal }) => fetchOpenInvitations(params, signal),
    placeholderData: keepPreviousData,
    enabled,
  });
}
export const useResendInvitation = () => usePeopleMutation(resendInvitation);
export const useRevokeInvitation = () => usePeopleMutation(revokeInvitation);

// ---- Requests ----

export function useRequests(kind: RequestKind, params: RequestsParams, enabled = true) {
  return useQuery({ ...requestsOptions(kind, params), enabled });
}

export const useRequestInvite = () => usePeopleMutation(requestInvite);
export const useRequestRemoval = () => usePeopleMutation(requestRemoval);
export const useDecideRequest = () =>
  usePeopleMutation(({ kind, id, decision, reason }: { kind: RequestKind; id: number; decision: Decision; reason?: string }) =>
    decideRequest(kind, id, decision, reason),
  );

// ---- Team progress on plans ----

/** A page of the team's members with the plans each holds (the L&D leader, or the team's own leader). */
export function useTeamProgress(id: number | null, page: number, pageSize: number, enabled: boolean) {
  return useQuery({ ...teamProgressOptions(id ?? 0, page, pageSize), enabled: enabled && id !== null });
}

// ---- Invitation link (public) ----

export function useInvitation(token: string) {
  return useQuery({ queryKey: keys.invitation(token), queryFn: ({ signal }) => fetchInvitation(token, signal), staleTime: 0 });
}

/** Creates the account in the invited team and role (the page then signs in with it). */
export function useAcceptInvitation(token: string) {
  return useMutation({ mutationFn: (body: { name: string; password: string }) => acceptInvitation(token, body) });
}
