import type { ReactNode } from "react";
import type { UseQueryResult } from "@tanstack/react-query";
import { LoadFailed } from "./LoadFailed";
import { Loading } from "./Loading";

/**
 * A saved setting's editor (single sign-on, group mappings, chat hooks), loading and failing in place:
 * a spinner while the setting is read, its error with a retry, then `children` with what was read.
 */
export function SettingBody<T>({ query, loadingLabel, children }: { query: UseQueryResult<T>; loadingLabel: string; children: (data: T) => ReactNode }) {
  if (query.isPending) return <Loading label={loadingLabel} />;
  if (query.isError) return <LoadFailed error={query.error} onRetry={() => void query.refetch()} />;
  return children(query.data);
}
