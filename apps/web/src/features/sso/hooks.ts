import { queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { UpdateOidcConnectionRequest, UpdateSamlConnectionRequest, UpdateSsoGroupMappingsRequest } from "@learnward/contracts";
import {
  confirmSsoLink,
  declineSsoLink,
  fetchOidcConnection,
  fetchSamlConnection,
  fetchSsoLink,
  updateOidcConnection,
  updateSamlConnection,
  type SsoOwner,
} from "./api";
import { fetchSsoGroupMappings, updateSsoGroupMappings } from "./groupsApi";

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

export const samlConnectionKey = (owner: SsoOwner = {}) => ["sso-saml", owner.companyId ?? "mine"] as const;

export function useSamlConnection(owner: SsoOwner = {}) {
  return useQuery({ queryKey: samlConnectionKey(owner), queryFn: ({ signal }) => fetchSamlConnection(owner, signal) });
}

export function useUpdateSamlConnection(owner: SsoOwner = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: UpdateSamlConnectionRequest) => updateSamlConnection(owner, body),
    onSuccess: (saved) => queryClient.setQueryData(samlConnectionKey(owner), saved),
  });
}

export const ssoGroupMappingsKey = (owner: SsoOwner = {}) => ["sso-group-mappings", owner.companyId ?? "mine"] as const;

export function useSsoGroupMappings(owner: SsoOwner = {}) {
  return useQuery({ queryKey: ssoGroupMappingsKey(owner), queryFn: ({ signal }) => fetchSsoGroupMappings(owner, signal) });
}

export function useUpdateSsoGroupMappings(owner: SsoOwner = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: UpdateSsoGroupMappingsRequest) => updateSsoGroupMappings(owner, body),
    onSuccess: (saved) => queryClient.setQueryData(ssoGroupMappingsKey(owner), saved),
  });
}

/** What a mailed link would link: read once (the answer does not change while the page is open). */
export function useSsoLink(token: string | null) {
  return useQuery({
    queryKey: ["sso-link", token],
    queryFn: ({ signal }) => fetchSsoLink(token!, signal),
    enabled: token !== null,
    retry: false,
    staleTime: Infinity,
  });
}

export const useConfirmSsoLink = () => useMutation({ mutationFn: confirmSsoLink });
export const useDeclineSsoLink = () => useMutation({ mutationFn: declineSsoLink });
