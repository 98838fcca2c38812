import { queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { ScimTokenStatus } from "@learnward/contracts";
import { createScimToken, fetchScimToken } from "./api";

export const scimTokenKey = ["scim-token", "mine"] as const;
export const scimTokenOptions = () => queryOptions({ queryKey: scimTokenKey, queryFn: ({ signal }) => fetchScimToken(signal) });

export function useScimToken() {
  return useQuery(scimTokenOptions());
}

/** Creates or rotates the token; the status is updated from the answer, the secret stays with the caller. */
export function useCreateScimToken() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createScimToken,
    onSuccess: ({ token: _secret, ...status }) => queryClient.setQueryData<ScimTokenStatus>(scimTokenKey, status),
  });
}
