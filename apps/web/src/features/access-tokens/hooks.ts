import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { createAccessToken, fetchAccessTokens, revokeAccessToken } from "./api";

const tokensKey = ["access-tokens"] as const;

/** My personal access tokens (never the secrets). */
export function useAccessTokens() {
  return useQuery({ queryKey: tokensKey, queryFn: ({ signal }) => fetchAccessTokens(signal) });
}

/** A new token: the answer holds the secret, shown once; the list is read again. */
export function useCreateAccessToken() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: createAccessToken, onSuccess: () => queryClient.invalidateQueries({ queryKey: tokensKey }) });
}

/** Revokes a token: whatever uses it is refused from now on. */
export function useRevokeAccessToken() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: revokeAccessToken, onSuccess: () => queryClient.invalidateQueries({ queryKey: tokensKey }) });
}
