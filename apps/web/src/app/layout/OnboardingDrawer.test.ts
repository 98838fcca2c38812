import { describe, expect, it } from "vitest";
import { firstWeekDaysLeft } from "./OnboardingDrawer";

describe("firstWeekDaysLeft (spec §9: 7-day onboarding window)", () => {
  const created = "2026-11-20T10:00:00Z";

  it("counts the days left in the first week", () => {
    expect(firstWeekDaysLeft(created, new Date("2026-11-20T10:00:00Z"))).toBe(7);
    expect(firstWeekDaysLeft(created, new Date("2026-11-22T09:00:00Z"))).toBe(6);
    expect(firstWeekDaysLeft(created, new Date("2026-11-27T09:00:00Z"))).toBe(1);
  });

  it("is zero once the week is over", () => {
    expect(firstWeekDaysLeft(created, new Date("2026-11-27T10:00:00Z"))).toBe(0);
    expect(firstWeekDaysLeft(created, new Date("2027-01-01T00:00:00Z"))).toBe(0);
  });
});
