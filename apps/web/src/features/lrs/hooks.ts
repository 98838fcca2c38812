import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import {
  createLrsCredential,
  deleteXapiMapping,
  fetchLrsCredentials,
  fetchXapiMappings,
  fetchXapiUnapplied,
  retryXapiUnapplied,
  revokeLrsCredential,
  rotateLrsCredential,
  saveXapiMapping,
  searchCatalog,
} from "./api";

const keys = {
  credentials: ["lrs", "credentials"] as const,
  mappings: ["lrs", "mappings"] as const,
  unapplied: ["lrs", "unapplied"] as const,
};

/** The company's LRS credentials (never their secrets) and its xAPI endpoint. */
export const useLrsCredentials = () => useQuery({ queryKey: keys.credentials, queryFn: ({ signal }) => fetchLrsCredentials(signal) });

function useCredentialChange<A, R>(fn: (arg: A) => Promise<R>) {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: fn, onSuccess: () => queryClient.invalidateQueries({ queryKey: keys.credentials }) });
}
/** A new credential or a new secret: the answer holds the secret, shown once. */
export const useCreateLrsCredential = () => useCredentialChange(createLrsCredential);
export const useRotateLrsCredential = () => useCredentialChange(rotateLrsCredential);
export const useRevokeLrsCredential = () => useCredentialChange(revokeLrsCredential);

/** What waits for a person or an item, and the activities mapped to items. */
export const useXapiUnapplied = () => useQuery({ queryKey: keys.unapplied, queryFn: ({ signal }) => fetchXapiUnapplied(signal) });
export const useXapiMappings = () => useQuery({ queryKey: keys.mappings, queryFn: ({ signal }) => fetchXapiMappings(signal) });

function useWaitingChange<A, R>(fn: (arg: A) => Promise<R>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onSuccess: () => Promise.all([queryClient.invalidateQueries({ queryKey: keys.mappings }), queryClient.invalidateQueries({ queryKey: keys.unapplied })]),
  });
}
export const useSaveXapiMapping = () => useWaitingChange(saveXapiMapping);
export const useDeleteXapiMapping = () => useWaitingChange(deleteXapiMapping);
export const useRetryXapiUnapplied = () => useWaitingChange(retryXapiUnapplied);

/** Catalog items matching what was typed (asked once the picker opens). */
export function useCatalogChoices(search: string, enabled: boolean) {
  return useQuery({
    queryKey: ["lrs", "catalog", search],
    queryFn: ({ signal }) => searchCatalog(search, signal),
    enabled,
    select: (page) => page.results.flatMap((r) => (r.kind === "content" ? [r] : [])),
  });
}
