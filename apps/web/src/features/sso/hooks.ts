import { queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { UpdateOidcConnectionRequest } from "@learnward/contracts";
import { fetchOidcConnection, updateOidcConnection, type SsoOwner } from "./api";

export const oidcConnectionKey = (owner: SsoOwner = {}) => ["sso-oidc", owner.companyId ?? "mine"] as const;
export const oidcConnectionOptions = (owner: SsoOwner = {}) =>
  queryOptions({ queryKey: oidcConnectionKey(owner), queryFn: ({ signal }) => fetchOidcConnection(owner, signal) });

export function useOidcConnection(owner: SsoOwner = {}) {
  return useQuery(oidcConnectionOptions(owner));
}

export function useUpdateOidcConnection(owner: SsoOwner = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: UpdateOidcConnectionRequest) => updateOidcConnection(owner, body),
    onSuccess: (saved) => queryClient.setQueryData(oidcConnectionKey(owner), saved),
  });
}
