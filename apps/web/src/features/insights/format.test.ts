import { describe, expect, it } from "vitest";
import { formatDate, formatDelta, formatHours, formatNumber, formatPeriod } from "./format";

describe("insights formatting", () => {
  it("writes numbers and learning time the way each language does", () => {
    expect(formatNumber(12345, "en")).toBe("12,345");
    expect(formatNumber(12345, "es")).toBe("12.345");
    expect(formatHours(5400, "en")).toBe("1.5 hr");
    expect(formatHours(5400, "es")).toBe("1,5 h");
    expect(formatHours(36_000 * 12.4, "en")).toBe("124 hr");
  });

  it("says how a figure changed against the period before", () => {
    expect(formatDelta(120, 100, "en")).toBe("+20%");
    expect(formatDelta(80, 100, "en")).toBe("-20%");
    expect(formatDelta(100, 100, "en")).toBe("0%");
    expect(formatDelta(3, 0, "en")).toBe("+3");
    expect(formatDelta(0, 0, "en")).toBeNull();
    expect(formatDelta(5, null, "en")).toBeNull();
  });

  it("writes a change from nothing in the figure's unit, never as raw seconds", () => {
    expect(formatDelta(62_700, 0, "en", "learning_time")).toBe("+17 hr");
    expect(formatDelta(62_700, 0, "es", "learning_time")).toBe("+17 h");
    expect(formatDelta(900, 0, "en", "learning_time")).toBe("+15 min");
    expect(formatDelta(1234, 0, "es", "count")).toBe("+1234");
    expect(formatHours(900, "en")).toBe("15 min");
    expect(formatHours(20, "es")).toBe("1 min");
    expect(formatHours(0, "en")).toBe("0 hr");
  });

  it("names days and months in UTC, as the server buckets them", () => {
    expect(formatPeriod("2026-11-03", "day", "en")).toBe("Nov 3");
    expect(formatPeriod("2026-11-01", "month", "es")).toMatch(/^nov.* 2026$/);
    expect(formatPeriod("2026-11-03", "day", "en", true)).toBe("November 3, 2026");
    expect(formatDate("2024-01-31", "en")).toBe("Jan 31, 2024");
    expect(formatDate("2026-11-22T23:30:00.000Z", "en")).toBe("Nov 22, 2026");
  });
});
