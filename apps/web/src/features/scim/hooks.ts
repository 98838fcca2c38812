import { queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { ScimTokenStatus } from "@learnward/contracts";
import { createScimToken, fetchScimToken, type ScimOwner } from "./api";

export const scimTokenKey = (owner: ScimOwner = {}) => ["scim-token", owner.companyId ?? "mine"] as const;
export const scimTokenOptions = (owner: ScimOwner = {}) =>
  queryOptions({ queryKey: scimTokenKey(owner), queryFn: ({ signal }) => fetchScimToken(owner, signal) });

export function useScimToken(owner: ScimOwner = {}) {
  return useQuery(scimTokenOptions(owner));
}

/** Creates or rotates the token; the status is updated from the answer, the secret stays with the caller. */
export function useCreateScimToken(owner: ScimOwner = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => createScimToken(owner),
    onSuccess: ({ token: _secret, ...status }) => queryClient.setQueryData<ScimTokenStatus>(scimTokenKey(owner), status),
  });
}
