import { useCallback, useMemo } from "react";
import { usePageSearchParams, withChanges } from "../../lib/pageSearchParams";
import { CONTENT_TYPES } from "@learnward/contracts";
import type { LibraryFilter } from "./CollectionGrid";
import { pageOf } from "./requests";
import type { ContentType } from "./types";

const isType = (value: string | null): value is ContentType => value !== null && (CONTENT_TYPES as readonly string[]).includes(value);

/** A list's search, skill, type and page live in the URL: shareable, and kept by the back button. */
export function useFilterParams() {
  const [params, setParams] = usePageSearchParams();
  const filter: LibraryFilter = useMemo(
    () => ({ search: params.get("q") ?? "", skill: params.get("skill") ?? "", type: isType(params.get("type")) ? (params.get("type") as ContentType) : "" }),
    [params],
  );
  const page = pageOf(params.get("page"));

  /** Filters replace the history entry; opening something else (`push`) adds one, so back returns. */
  const update = useCallback(
    (changes: Record<string, string | number | null>, { push = false }: { push?: boolean } = {}) =>
      setParams((current) => withChanges(current, changes), { replace: !push }),
    [setParams],
  );
  const setFilter = useCallback((next: LibraryFilter) => update({ q: next.search, skill: next.skill, type: next.type, page: null }), [update]);
  const setPage = useCallback((next: number) => update({ page: next }), [update]);
  return { filter, page, setFilter, setPage, params, update };
}
