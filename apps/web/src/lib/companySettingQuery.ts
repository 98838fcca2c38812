import { queryOptions, useMutation, useQuery, useQueryClient, type QueryKey } from "@tanstack/react-query";
import { storeAnswer } from "./storeAnswer";

/** Whose setting is read: hr's own company (no id), or the company a platform admin opened. */
type Owner = { companyId?: number };

/**
 * A company setting read whole (chat hooks, single sign-on, SCIM): its query key per owner, its query
 * options and the hook that reads it. `name` keeps each setting's cache apart.
 */
export function companySettingQuery<N extends string, T>(name: N, read: (owner: Owner, signal: AbortSignal) => Promise<T>) {
  const key = (owner: Owner = {}) => [name, owner.companyId ?? "mine"] as const;
  const options = (owner: Owner = {}) => queryOptions({ queryKey: key(owner), queryFn: ({ signal }) => read(owner, signal) });
  function useRead(owner: Owner = {}) {
    return useQuery(options(owner));
  }
  return { key, options, useRead };
}

/** Saves a company setting whole: the server's answer is what the page shows from then on, with no second read. */
export function useSaveCompanySetting<B, T>(key: QueryKey, save: (body: B) => Promise<T>) {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: save, onSuccess: (saved) => storeAnswer(queryClient, key, saved) });
}
