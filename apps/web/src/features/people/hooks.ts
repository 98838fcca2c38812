import type { Page } from "@learnward/contracts";
import { keepPreviousData, useMutation, useQueries, useQuery, useQueryClient } from "@tanstack/react-query";
import {
  acceptInvitation,
  createTeam,
  decideRequest,
  deleteTeam,
  fetchAllTeams,
  fetchEmployees,
  fetchInvitation,
  fetchInviteRequests,
  fetchPlanAssignees,
  fetchPlans,
  fetchRemovalRequests,
  fetchTeam,
  fetchTeamMembers,
  fetchTeams,
  invite,
  requestInvite,
  requestRemoval,
  updateEmployee,
  updateTeam,
  type Decision,
  type EmployeesParams,
  type RequestKind,
  type RequestsParams,
  type TeamsParams,
  type UpdateEmployeeBody,
} from "./api";
import type { AnyRequest } from "./requests";

// Everything the people screens cache lives under one key: a change to a team, an employee or a
// request can move counts, leaders and lists on every tab, so each mutation refreshes them all.
const PEOPLE = "people";
const keys = {
  teams: (params: TeamsParams) => [PEOPLE, "teams", params] as const,
  allTeams: [PEOPLE, "teams", "all"] as const,
  team: (id: number) => [PEOPLE, "team", id] as const,
  members: (id: number) => [PEOPLE, "team-members", id] as const,
  employees: (params: EmployeesParams) => [PEOPLE, "employees", params] as const,
  requests: (kind: RequestKind, params: RequestsParams) => [PEOPLE, `${kind}-requests`, params] as const,
  plans: (team: number | undefined) => [PEOPLE, "plans", team ?? "mine"] as const,
  assignees: (planId: number) => [PEOPLE, "plan-assignees", planId] as const,
  invitation: (token: string) => ["invitation", token] as const,
};

function usePeopleMutation<V, R>(mutationFn: (variables: V) => Promise<R>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSettled: () => queryClient.invalidateQueries({ queryKey: [PEOPLE] }),
  });
}

// ---- Teams ----

export function useTeams(params: TeamsParams) {
  return useQuery({
    queryKey: keys.teams(params),
    queryFn: ({ signal }) => fetchTeams(params, signal),
    placeholderData: keepPreviousData,
  });
}

/** Every team, for pickers and filters. */
export function useAllTeams(enabled = true) {
  return useQuery({ queryKey: keys.allTeams, queryFn: ({ signal }) => fetchAllTeams(signal), enabled, staleTime: 60_000 });
}

export function useTeam(id: number | null) {
  return useQuery({ queryKey: keys.team(id ?? 0), queryFn: ({ signal }) => fetchTeam(id!, signal), enabled: id !== null });
}

export function useTeamMembers(id: number | null) {
  return useQuery({ queryKey: keys.members(id ?? 0), queryFn: ({ signal }) => fetchTeamMembers(id!, signal), enabled: id !== null });
}

export const useCreateTeam = () => usePeopleMutation(createTeam);
export const useUpdateTeam = () =>
  usePeopleMutation(({ id, ...body }: { id: number; name?: string; leader_id?: number | null }) => updateTeam(id, body));
export const useDeleteTeam = () => usePeopleMutation(deleteTeam);

// ---- Employees ----

export function useEmployees(params: EmployeesParams, enabled = true) {
  return useQuery({
    queryKey: keys.employees(params),
    queryFn: ({ signal }) => fetchEmployees(params, signal),
    placeholderData: keepPreviousData,
    enabled,
  });
}

export const useUpdateEmployee = () =>
  usePeopleMutation(({ id, ...body }: UpdateEmployeeBody & { id: number }) => updateEmployee(id, body));

export const useInvite = () => usePeopleMutation(invite);

// ---- Requests ----

export function useRequests(kind: RequestKind, params: RequestsParams, enabled = true) {
  return useQuery<Page<AnyRequest>>({
    queryKey: keys.requests(kind, params),
    queryFn: ({ signal }) => (kind === "invite" ? fetchInviteRequests(params, signal) : fetchRemovalRequests(params, signal)),
    placeholderData: keepPreviousData,
    enabled,
  });
}

export const useRequestInvite = () => usePeopleMutation(requestInvite);
export const useRequestRemoval = () => usePeopleMutation(requestRemoval);
export const useDecideRequest = () =>
  usePeopleMutation(({ kind, id, decision, reason }: { kind: RequestKind; id: number; decision: Decision; reason?: string }) =>
    decideRequest(kind, id, decision, reason),
  );

// ---- Plans: progress and skills ----

/**
 * The upskilling plans behind a team's progress, with their assignees. `team` filters to plans
 * assigned to that team; without it the server answers the plans the viewer may see.
 */
export function usePlansWithAssignees(team: number | undefined, enabled: boolean) {
  const plans = useQuery({ queryKey: keys.plans(team), queryFn: ({ signal }) => fetchPlans(team, signal), enabled });
  const results = plans.data?.results ?? [];
  const assignees = useQueries({
    queries: results.map((plan) => ({
      queryKey: keys.assignees(plan.id),
      queryFn: ({ signal }: { signal: AbortSignal }) => fetchPlanAssignees(plan.id, signal),
    })),
  });
  const failed = plans.error ?? assignees.find((query) => query.error)?.error ?? null;
  return {
    plans: results,
    /** More plans exist than the first page the server gives. */
    truncated: Boolean(plans.data?.next),
    assignees: new Map(results.map((plan, index) => [plan.id, assignees[index]?.data ?? []])),
    isPending: enabled && (plans.isPending || assignees.some((query) => query.isPending)),
    error: failed,
    refetch: () => void plans.refetch(),
  };
}

// ---- Invitation link (public) ----

export function useInvitation(token: string) {
  return useQuery({ queryKey: keys.invitation(token), queryFn: ({ signal }) => fetchInvitation(token, signal), staleTime: 0 });
}

/** Creates the account in the invited team and role (the page then signs in with it). */
export function useAcceptInvitation(token: string) {
  return useMutation({ mutationFn: (body: { name: string; password: string }) => acceptInvitation(token, body) });
}
