import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { CreateComplianceRequirementRequest } from "@learnward/contracts";
import { COMPLIANCE, complianceByTeamOptions, createRequirement, deleteRequirement, fetchMyCompliance, fetchRequirements } from "./api";

export function useRequirements(enabled: boolean) {
  return useQuery({ queryKey: [COMPLIANCE, "requirements"], queryFn: ({ signal }) => fetchRequirements(signal), enabled });
}

export function useMyCompliance() {
  return useQuery({ queryKey: [COMPLIANCE, "mine"], queryFn: ({ signal }) => fetchMyCompliance(signal) });
}

export function useComplianceByTeam(enabled: boolean) {
  return useQuery({ ...complianceByTeamOptions(), enabled });
}

export function useCreateRequirement() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CreateComplianceRequirementRequest) => createRequirement(body),
    onSettled: () => queryClient.invalidateQueries({ queryKey: [COMPLIANCE] }),
  });
}

export function useDeleteRequirement() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => deleteRequirement(id),
    onSettled: () => queryClient.invalidateQueries({ queryKey: [COMPLIANCE] }),
  });
}
