import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { RateSkillRequest } from "@learnward/contracts";
import { fetchPathSkillLevel, fetchPersonSkillLevels, fetchTeamSkillLevels, rateSkill, setPathSkillLevel } from "./api";
import { storeAnswer } from "../../lib/storeAnswer";

/** Every skill-level answer is cached under this key: a rating changes a person's row in every list. */
export const SKILLS = "skills";

export const teamSkillLevelsOptions = (id: number, page: number, pageSize: number) =>
  queryOptions({
    queryKey: [SKILLS, "team", id, { page, pageSize }] as const,
    queryFn: ({ signal }) => fetchTeamSkillLevels(id, page, pageSize, signal),
    placeholderData: keepPreviousData,
  });

export function useTeamSkillLevels(id: number | null, page: number, pageSize: number, enabled: boolean) {
  return useQuery({ ...teamSkillLevelsOptions(id ?? 0, page, pageSize), enabled: enabled && id !== null });
}

export function usePersonSkillLevels(id: number) {
  return useQuery({ queryKey: [SKILLS, "person", id] as const, queryFn: ({ signal }) => fetchPersonSkillLevels(id, signal) });
}

export function useRateSkill(personId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: RateSkillRequest) => rateSkill(personId, body),
    onSettled: () => queryClient.invalidateQueries({ queryKey: [SKILLS] }),
  });
}

export function usePathSkillLevel(id: number, enabled: boolean) {
  return useQuery({ queryKey: [SKILLS, "path", id] as const, queryFn: ({ signal }) => fetchPathSkillLevel(id, signal), enabled });
}

export function useSetPathSkillLevel(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (level: number | null) => setPathSkillLevel(id, level),
    onSuccess: (answer) => storeAnswer(queryClient, [SKILLS, "path", id], answer),
  });
}
