import type { InsightBucket, InsightScope, InsightTable, InsightTime } from "@learnward/contracts";

export const INSIGHTS = "/api/b2b/v1/insights/";

/** The dashboard's filters, kept in the URL (?scope=&team=&time=&bucket=) so a reload or a shared link shows the same view. */
export interface InsightFilters {
  /** Absent: the widest scope the viewer may see (the server decides). */
  scope?: InsightScope;
  team?: number;
  time: InsightTime;
  bucket: InsightBucket;
}

export const TIMES: readonly InsightTime[] = ["all", "30d", "7d", "24h"];
export const BUCKETS: readonly InsightBucket[] = ["day", "month"];
const SCOPES: readonly InsightScope[] = ["me", "team", "company"];
export const DEFAULT_TIME: InsightTime = "30d";
export const DEFAULT_BUCKET: InsightBucket = "day";

const oneOf = <T extends string>(values: readonly T[], value: string | null): T | undefined => values.find((v) => v === value);

/** Reads the filters from the URL; anything unknown falls back to the default. */
export function readFilters(params: URLSearchParams): InsightFilters {
  const team = Number(params.get("team"));
  const scope = oneOf(SCOPES, params.get("scope"));
  return {
    scope,
    team: scope === "team" && Number.isSafeInteger(team) && team > 0 ? team : undefined,
    time: oneOf(TIMES, params.get("time")) ?? DEFAULT_TIME,
    bucket: oneOf(BUCKETS, params.get("bucket")) ?? DEFAULT_BUCKET,
  };
}

/** The URL's search part for these filters, keeping the parameters that are not the dashboard's. */
export function writeFilters(current: URLSearchParams, next: InsightFilters): URLSearchParams {
  const params = new URLSearchParams(current);
  const set = (key: string, value: string | number | undefined) => (value === undefined ? params.delete(key) : params.set(key, String(value)));
  set("scope", next.scope);
  set("team", next.scope === "team" ? next.team : undefined);
  set("time", next.time);
  set("bucket", next.bucket);
  return params;
}

/** The query of the insights calls. */
export function insightsQuery(f: InsightFilters): Record<string, string | number | undefined> {
  return { scope: f.scope, team: f.scope === "team" ? f.team : undefined, time: f.time, bucket: f.bucket };
}

/** Where one table of the dashboard downloads as CSV (same scope and filters). */
export function exportHref(f: InsightFilters, table: InsightTable): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries({ ...insightsQuery(f), table })) if (value !== undefined) params.set(key, String(value));
  return `/api/b2b/v1/insights/export.csv?${params.toString()}`;
}
