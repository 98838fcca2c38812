import { keepPreviousData, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { Employee, MyTask, Paginated, Plan, PlanAssignee, Team } from "@learnward/contracts";
import { request } from "../../lib/api";
import { networkKeys } from "./hooks";
import type { CreatePlanBody, TaskStatusFilter } from "./types";

// Upskilling plans (spec §3): my tasks, the plans I manage, and who can be given one.

export const TASKS_PAGE_SIZE = 20;
export const PLANS_PAGE_SIZE = 20;

const MyTasksPage = Paginated(MyTask);
const PlansPage = Paginated(Plan);
const AssigneesPage = Paginated(PlanAssignee);
export const ASSIGNEES_PAGE_SIZE = 20;
const EmployeesPage = Paginated(Employee);
const TeamsPage = Paginated(Team);

export function useMyTasks(status: TaskStatusFilter, page: number) {
  return useQuery({
    queryKey: [...networkKeys.myTasks, { status, page }],
    queryFn: ({ signal }) =>
      request("/api/b2b/v1/my-tasks/", { query: { status, page, page_size: TASKS_PAGE_SIZE }, parse: MyTasksPage.parse, signal }),
    placeholderData: keepPreviousData,
  });
}

/** Accept (start) or decline a plan assigned to me. */
export function useRespondToTask() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ planId, answer }: { planId: number; answer: "accept" | "reject" }) =>
      request(`/api/b2b/v1/my-tasks/${planId}/${answer}/`, { method: "POST", body: {}, parse: MyTask.parse }),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: networkKeys.myTasks });
      void queryClient.invalidateQueries({ queryKey: networkKeys.plans });
    },
  });
}

export function usePlans(page: number, enabled = true) {
  return useQuery({
    queryKey: [...networkKeys.plans, "list", { page }],
    queryFn: ({ signal }) =>
      request("/api/b2b/v1/plans/", { query: { page, page_size: PLANS_PAGE_SIZE }, parse: PlansPage.parse, signal }),
    placeholderData: keepPreviousData,
    enabled,
  });
}

/** A page of a plan's assignees, by name (a team leader gets their own team's people). */
export function usePlanAssignees(planId: number, page: number, enabled: boolean) {
  return useQuery({
    queryKey: [...networkKeys.plans, planId, "assignees", { page }],
    queryFn: ({ signal }) =>
      request(`/api/b2b/v1/plans/${planId}/assignees/`, { query: { page, page_size: ASSIGNEES_PAGE_SIZE }, parse: AssigneesPage.parse, signal }),
    placeholderData: keepPreviousData,
    enabled,
  });
}

export function useCreatePlan() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CreatePlanBody) => request("/api/b2b/v1/plans/", { method: "POST", body, parse: Plan.parse }),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: networkKeys.plans });
      void queryClient.invalidateQueries({ queryKey: networkKeys.myTasks });
    },
  });
}

/** People a planner may choose: everyone for the L&D leader, a team leader's own team (server-side). */
export function useEmployeeOptions(search: string, enabled: boolean) {
  return useQuery({
    queryKey: ["network", "employees", search],
    queryFn: ({ signal }) =>
      request("/api/b2b/v1/employees/", { query: { search: search || undefined, page_size: 20 }, parse: EmployeesPage.parse, signal }),
    placeholderData: keepPreviousData,
    enabled,
    staleTime: 60_000,
  });
}

/** Teams a planner may choose (a team leader gets their own), searched on the server. */
export function useTeamOptions(search: string, enabled: boolean) {
  return useQuery({
    queryKey: ["network", "teams", search],
    queryFn: ({ signal }) => request("/api/b2b/v1/teams/", { query: { search: search || undefined, page_size: 20 }, parse: TeamsPage.parse, signal }),
    placeholderData: keepPreviousData,
    enabled,
    staleTime: 60_000,
  });
}
