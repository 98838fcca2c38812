import { keepPreviousData, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { createPlan, fetchEmployeeOptions, fetchPlanAssignees, fetchTeamOptions, respondToTask } from "./api";
import { myTasksOptions, networkKeys, plansOptions } from "./queries";
import type { CreatePlanBody, TaskStatusFilter } from "./types";

// Upskilling plans (spec §3): my tasks, the plans I manage, and who can be given one.

export { ASSIGNEES_PAGE_SIZE, PLANS_PAGE_SIZE, TASKS_PAGE_SIZE } from "./api";

export function useMyTasks(status: TaskStatusFilter, page: number) {
  return useQuery(myTasksOptions(status, page));
}

/** Accept (start) or decline a plan assigned to me. */
export function useRespondToTask() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ planId, answer }: { planId: number; answer: "accept" | "reject" }) => respondToTask(planId, answer),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: networkKeys.myTasks });
      void queryClient.invalidateQueries({ queryKey: networkKeys.plans });
    },
  });
}

export function usePlans(page: number, enabled = true) {
  return useQuery({ ...plansOptions(page), enabled });
}

/** A page of a plan's assignees, by name (a team leader gets their own team's people). */
export function usePlanAssignees(planId: number, page: number, enabled: boolean) {
  return useQuery({
    queryKey: [...networkKeys.plans, planId, "assignees", { page }],
    queryFn: ({ signal }) => fetchPlanAssignees(planId, page, signal),
    placeholderData: keepPreviousData,
    enabled,
  });
}

export function useCreatePlan() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CreatePlanBody) => createPlan(body),
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
    queryFn: ({ signal }) => fetchEmployeeOptions(search, signal),
    placeholderData: keepPreviousData,
    enabled,
    staleTime: 60_000,
  });
}

/** Teams a planner may choose (a team leader gets their own), searched on the server. */
export function useTeamOptions(search: string, enabled: boolean) {
  return useQuery({
    queryKey: ["network", "teams", search],
    queryFn: ({ signal }) => fetchTeamOptions(search, signal),
    placeholderData: keepPreviousData,
    enabled,
    staleTime: 60_000,
  });
}
