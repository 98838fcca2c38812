import { describe, expect, it } from "vitest";
import { exportHref, insightsQuery, readFilters, writeFilters } from "./filters";

describe("insights filters in the URL", () => {
  it("reads 30 days, daily, and the server's scope when the URL says nothing", () => {
    expect(readFilters(new URLSearchParams(""))).toEqual({ scope: undefined, team: undefined, time: "30d", bucket: "day" });
  });

  it("reads what the URL says, and ignores what it should not", () => {
    expect(readFilters(new URLSearchParams("scope=team&team=12&time=7d&bucket=month"))).toEqual({ scope: "team", team: 12, time: "7d", bucket: "month" });
    expect(readFilters(new URLSearchParams("scope=galaxy&team=12&time=90d&bucket=week"))).toEqual({
      scope: undefined,
      team: undefined,
      time: "30d",
      bucket: "day",
    });
    expect(readFilters(new URLSearchParams("scope=team&team=-3")).team).toBeUndefined();
    expect(readFilters(new URLSearchParams("scope=company&team=12")).team).toBeUndefined();
  });

  it("writes the filters and keeps the other parameters", () => {
    const next = writeFilters(new URLSearchParams("tour=1&team=4"), { scope: "company", team: 4, time: "24h", bucket: "month" });
    expect(next.toString()).toBe("tour=1&scope=company&time=24h&bucket=month");
    expect(readFilters(writeFilters(new URLSearchParams(), { scope: "team", team: 9, time: "all", bucket: "day" }))).toEqual({
      scope: "team",
      team: 9,
      time: "all",
      bucket: "day",
    });
  });

  it("asks the API and the CSV export for the same view", () => {
    const f = { scope: "team" as const, team: 9, time: "7d" as const, bucket: "month" as const };
    expect(insightsQuery(f)).toEqual({ scope: "team", team: 9, time: "7d", bucket: "month" });
    expect(exportHref(f, "top_content")).toBe("/api/b2b/v1/insights/export.csv?scope=team&team=9&time=7d&bucket=month&table=top_content");
    expect(exportHref({ time: "30d", bucket: "day" }, "overdue")).toBe("/api/b2b/v1/insights/export.csv?time=30d&bucket=day&table=overdue");
  });
});
