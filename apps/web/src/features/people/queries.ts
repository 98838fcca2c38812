import { keepPreviousData, queryOptions } from "@tanstack/react-query";
import type { Me, Page } from "@learnward/contracts";
import type { FirstData } from "../../app/firstData";
import {
  fetchEmployees,
  fetchInviteRequests,
  fetchRemovalRequests,
  fetchTeam,
  fetchTeamMembers,
  fetchTeamProgress,
  fetchTeams,
  type EmployeesParams,
  type RequestKind,
  type RequestsParams,
  type StatusFilter,
  type TeamsParams,
} from "./api";
import type { AnyRequest } from "./requests";

// Everything the people screens cache lives under one key: a change to a team, an employee or a
// request can move counts, leaders and lists on every tab, so each mutation refreshes them all.
export const PEOPLE = "people";

export const teamsOptions = (params: TeamsParams) =>
  queryOptions({ queryKey: [PEOPLE, "teams", params] as const, queryFn: ({ signal }) => fetchTeams(params, signal), placeholderData: keepPreviousData });

/** A page of the company's people, as the employees tab asks for it. */
export const employeesOptions = (params: EmployeesParams) =>
  queryOptions({
    queryKey: [PEOPLE, "employees", params] as const,
    queryFn: ({ signal }) => fetchEmployees(params, signal),
    placeholderData: keepPreviousData,
  });

/** A page of the company's invite or removal requests (spec §3), as a RequestsSection asks for it. */
export const requestsOptions = (kind: RequestKind, params: RequestsParams) =>
  queryOptions<Page<AnyRequest>>({
    queryKey: [PEOPLE, `${kind}-requests`, params],
    queryFn: ({ signal }) => (kind === "invite" ? fetchInviteRequests(params, signal) : fetchRemovalRequests(params, signal)),
    placeholderData: keepPreviousData,
  });

/** The first page a RequestsSection opens with, showing requests of `status`: newest first. */
export const firstRequests = (status: StatusFilter): RequestsParams => ({ status, sort: "desc", page: 1, page_size: 10 });

/** The approvals tab opens on what waits for hr. */
export const APPROVALS_STATUS: StatusFilter = "pending";

export const teamOptions = (id: number) => queryOptions({ queryKey: [PEOPLE, "team", id] as const, queryFn: ({ signal }) => fetchTeam(id, signal) });

/** A page of the team's active members. */
export const teamMembersOptions = (id: number, page: number, pageSize: number) =>
  queryOptions({
    queryKey: [PEOPLE, "team-members", id, { page, pageSize }] as const,
    queryFn: ({ signal }) => fetchTeamMembers(id, page, pageSize, signal),
    placeholderData: keepPreviousData,
  });

/** A page of the team's members with the plans each holds (the L&D leader, or the team's own leader). */
export const teamProgressOptions = (id: number, page: number, pageSize: number) =>
  queryOptions({
    queryKey: [PEOPLE, "team-progress", id, { page, pageSize }] as const,
    queryFn: ({ signal }) => fetchTeamProgress(id, page, pageSize, signal),
    placeholderData: keepPreviousData,
  });

/** A team leader sees only their own team; everyone else in the company reads any (people.policy readTeam). */
export const mayOpenTeam = (me: Me, teamId: number | null): teamId is number =>
  teamId !== null && (me.abilities.see_all_people || (me.abilities.see_own_team && me.account.team?.id === teamId));

/** The first page of a team's people, as usePaging opens it. */
const FIRST_PAGE = [1, 20] as const;

/** /peopleManagement/team/{id}: the team, its first page of members and, for those who see it, their plans. */
export const teamFirstData: FirstData = ({ params, me }) => {
  const id = params.id && /^\d+$/.test(params.id) && Number(params.id) > 0 ? Number(params.id) : null;
  if (!me || !mayOpenTeam(me, id)) return [];
  return [teamOptions(id), teamMembersOptions(id, ...FIRST_PAGE), ...(me.abilities.see_plan_progress ? [teamProgressOptions(id, ...FIRST_PAGE)] : [])];
};

/** /peopleManagement/skillboost: a team leader's own team's plans; the L&D leader's team of the address. */
export const skillboostFirstData: FirstData = ({ search, me }) => {
  if (!me?.abilities.see_people || !me.abilities.see_plan_progress) return [];
  if (!me.abilities.see_all_people) return me.account.team ? [teamProgressOptions(me.account.team.id, ...FIRST_PAGE)] : [];
  const chosen = Number(search.get("team")) || null;
  // Until one is chosen, the page opens the first team by name.
  return chosen === null ? [teamsOptions({ page: 1, page_size: 1 })] : [teamOptions(chosen), teamProgressOptions(chosen, ...FIRST_PAGE)];
};
