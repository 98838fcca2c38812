import { useCallback, useMemo } from "react";
import { usePageSearchParams } from "../../lib/pageSearchParams";
import { ContentType, DiscoverKind, DiscoverLanguage, DurationBucket } from "@learnward/contracts";

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

const pick = <T extends string>(schema: { safeParse: (v: unknown) => { success: boolean; data?: T } }, value: string | null): T | "" => {
  const parsed = schema.safeParse(value);
  return parsed.success ? parsed.data! : "";
};

export function readFilter(params: URLSearchParams): DiscoverFilter {
  const page = Number(params.get("page"));
  return {
    search: params.get("q") ?? "",
    type: pick(ContentType, params.get("type")),
    provider: (params.get("provider") ?? "").slice(0, 40),
    skill: (params.get("skill") ?? "").slice(0, 60),
    duration: pick(DurationBucket, params.get("duration")),
    language: pick(DiscoverLanguage, params.get("language")),
    kind: pick(DiscoverKind, params.get("kind")),
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
          const next = new URLSearchParams(current);
          for (const [key, value] of Object.entries(changes)) {
            if (value === null || value === "" || (key === "page" && value === 1)) next.delete(key);
            else next.set(key, String(value));
          }
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
