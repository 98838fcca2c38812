import { keepPreviousData, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import {
  createLrsCredential,
  deleteXapiMapping,
  fetchFailedForwards,
  fetchLrsCredentials,
  fetchLrsForwarder,
  retryFailedForward,
  retryFailedForwards,
  saveLrsForwarder,
  testLrsForwarder,
  fetchXapiMappings,
  fetchXapiUnapplied,
  retryXapiUnapplied,
  revokeLrsCredential,
  rotateLrsCredential,
  saveXapiMapping,
  searchCatalog,
} from "./api";
import { storeAnswer } from "../../lib/storeAnswer";

const keys = {
  credentials: ["lrs", "credentials"] as const,
  mappings: ["lrs", "mappings"] as const,
  unapplied: ["lrs", "unapplied"] as const,
  forwarder: ["lrs", "forwarder"] as const,
  failed: ["lrs", "failed"] as const,
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

/** Where the company's events are forwarded (never the secret), with what waits and what failed. */
export const useLrsForwarder = () => useQuery({ queryKey: keys.forwarder, queryFn: ({ signal }) => fetchLrsForwarder(signal) });
/** Saving answers the setting whole: the page shows it with no second read. */
export function useSaveLrsForwarder() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: saveLrsForwarder, onSuccess: (saved) => storeAnswer(queryClient, keys.forwarder, saved) });
}
export const useTestLrsForwarder = () => useMutation({ mutationFn: testLrsForwarder });

/** One page of the statements that failed for good. */
export const useFailedForwards = (page: number) =>
  useQuery({ queryKey: [...keys.failed, page], queryFn: ({ signal }) => fetchFailedForwards(page, signal), placeholderData: keepPreviousData });
function useForwardRetry<A, R>(fn: (arg: A) => Promise<R>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onSuccess: () => Promise.all([queryClient.invalidateQueries({ queryKey: keys.failed }), queryClient.invalidateQueries({ queryKey: keys.forwarder })]),
  });
}
export const useRetryFailedForward = () => useForwardRetry(retryFailedForward);
export const useRetryFailedForwards = () => useForwardRetry(retryFailedForwards);
