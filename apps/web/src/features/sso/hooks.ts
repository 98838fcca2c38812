import { useMutation, useQuery } from "@tanstack/react-query";
import { companySettingQuery, useSaveCompanySetting } from "../../lib/companySettingQuery";
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

const oidcConnection = companySettingQuery("sso-oidc", fetchOidcConnection);
export const oidcConnectionKey = oidcConnection.key;
export const oidcConnectionOptions = oidcConnection.options;
export const useOidcConnection = oidcConnection.useRead;

export function useUpdateOidcConnection(owner: SsoOwner = {}) {
  return useSaveCompanySetting(oidcConnectionKey(owner), (body: UpdateOidcConnectionRequest) => updateOidcConnection(owner, body));
}

const samlConnection = companySettingQuery("sso-saml", fetchSamlConnection);
export const samlConnectionKey = samlConnection.key;
export const useSamlConnection = samlConnection.useRead;

export function useUpdateSamlConnection(owner: SsoOwner = {}) {
  return useSaveCompanySetting(samlConnectionKey(owner), (body: UpdateSamlConnectionRequest) => updateSamlConnection(owner, body));
}

const ssoGroupMappings = companySettingQuery("sso-group-mappings", fetchSsoGroupMappings);
export const ssoGroupMappingsKey = ssoGroupMappings.key;
export const useSsoGroupMappings = ssoGroupMappings.useRead;

export function useUpdateSsoGroupMappings(owner: SsoOwner = {}) {
  return useSaveCompanySetting(ssoGroupMappingsKey(owner), (body: UpdateSsoGroupMappingsRequest) => updateSsoGroupMappings(owner, body));
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
