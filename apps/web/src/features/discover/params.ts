import { useCallback, useMemo } from "react";
import { usePageSearchParams, withChanges } from "../../lib/pageSearchParams";
import {
  CONTENT_TYPES,
  DISCOVER_KINDS,
  DISCOVER_LANGUAGES,
  DURATION_BUCKETS,
  type ContentType,
  type DiscoverKind,
  type DiscoverLanguage,
  type DurationBucket,
} from "@learnward/contracts";

/** Discover's search and filters, kept in the address so a search can be shared and reloaded. */
export interface DiscoverFilter {
  search: string;
  type: ContentType | "";
  provider: string;
  skill: string;
  duration: DurationBucket | "";
  language: DiscoverLanguage | "";
  kind: DiscoverKind | "";
  page: number;
}
export type FilterName = "type" | "provider" | "skill" | "duration" | "language" | "kind";
export const FILTERS: readonly FilterName[] = ["kind", "type", "provider", "skill", "duration", "language"];

/** The address's value if it is one of `allowed`, else none: an address can say anything. */
const pick = <T extends string>(allowed: readonly T[], value: string | null): T | "" => allowed.find((option) => option === value) ?? "";

export function readFilter(params: URLSearchParams): DiscoverFilter {
  const page = Number(params.get("page"));
  return {
    search: params.get("q") ?? "",
    type: pick(CONTENT_TYPES, params.get("type")),
    provider: (params.get("provider") ?? "").slice(0, 40),
    skill: (params.get("skill") ?? "").slice(0, 60),
    duration: pick(DURATION_BUCKETS, params.get("duration")),
    language: pick(DISCOVER_LANGUAGES, params.get("language")),
    kind: pick(DISCOVER_KINDS, params.get("kind")),
    page: Number.isInteger(page) && page > 0 ? page : 1,
  };
}

export function useDiscoverParams() {
  const [params, setParams] = usePageSearchParams();
  const filter = useMemo(() => readFilter(params), [params]);
  /** Changes some values; any change but the page goes back to page 1. */
  const update = useCallback(
    (changes: Partial<Record<"q" | FilterName | "page" | "c", string | number | null>>) => {
      setParams(
        (current) => {
          const next = withChanges(current, changes);
          if (!("page" in changes) && Object.keys(changes).some((k) => k !== "c")) next.delete("page");
          return next;
        },
        { replace: true },
      );
    },
    [setParams],
  );
  const conversation = /^\d{1,10}$/.test(params.get("c") ?? "") ? Number(params.get("c")) : null;
  return { filter, update, conversation };
}
