import { describe, expect, it } from "vitest";
import { periodSteps } from "./periodLabel";

describe("periodSteps", () => {
  it("has the twelve months of a yearly budget", () => {
    const steps = periodSteps({ period: "year", period_start: "2026-01-01", period_end: "2026-12-31" });
    expect(steps).toHaveLength(12);
    expect([steps[0], steps[11]]).toEqual(["2026-01-01", "2026-12-01"]);
  });

  it("has every day of a monthly budget, leap years included", () => {
    expect(periodSteps({ period: "month", period_start: "2028-02-01", period_end: "2028-02-29" }).at(-1)).toBe("2028-02-29");
    expect(periodSteps({ period: "month", period_start: "2026-11-01", period_end: "2026-11-30" })).toHaveLength(30);
  });
});
