import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { CreateComplianceRequirementRequest } from "@learnward/contracts";
import { networkKeys } from "../network/queries";
import { COMPLIANCE, complianceByTeamOptions, createRequirement, deleteRequirement, fetchMyCompliance, fetchRequirements, startAgain } from "./api";

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

/** Starts a required path again: my standing and the path's progress are read afresh. */
export function useStartAgain() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (a: { requirementId: number; collectionId: number }) => startAgain(a.requirementId),
    onSettled: (_data, _error, a) =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: [COMPLIANCE] }),
        queryClient.invalidateQueries({ queryKey: networkKeys.collection(a.collectionId) }),
        queryClient.invalidateQueries({ queryKey: networkKeys.progress(a.collectionId) }),
      ]),
  });
}
