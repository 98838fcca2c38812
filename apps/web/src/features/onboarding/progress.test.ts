import { describe, expect, it } from "vitest";
import type { OnboardingEntry } from "@learnward/contracts";
import { hrefFor, keepsRedo, onboardingProgress, redoAfterChoosing } from "./progress";

const entry = (type: string, title: string, ready = true): OnboardingEntry => ({ id: 1, type, title, ready, created_at: "2026-11-22T00:00:00Z" });

describe("onboarding state rules (spec §4)", () => {
  it("gives each role its topics: ldleader, member, and the team leader set for everyone else", () => {
    expect(onboardingProgress("ldleader", null, []).topics.map((t) => t.type)).toEqual([
      "peopleManagement",
      "budgetingPlan",
      "collaborativeNetwork",
      "marketplace",
    ]);
    expect(onboardingProgress("member", 1, []).topics.map((t) => t.type)).toEqual(["discover", "mytasks", "learningPaths", "purchaseRequests"]);
    // spec §6: hr gets the team leader set (the steps of it hr may do).
    expect(
      onboardingProgress("hr", null, [])
        .topics.map((t) => t.type)
        .every((type) => onboardingProgress("teamleader", 3, []).topics.some((t) => t.type === type)),
    ).toBe(true);
  });

  it("shows each person only the steps the server lets them do", () => {
    const keys = (role: Parameters<typeof onboardingProgress>[0], team: number | null) =>
      onboardingProgress(role, team, []).topics.flatMap((t) => t.subtasks.map((s) => s.key));
    // hr decides no purchase request and assigns no plan: people steps of its own instead, and no empty Budgets topic.
    expect(keys("hr", null)).toEqual(["invitePerson", "decideInvite", "createTeam", "createCollection", "followPath", "saveContent"]);
    expect(onboardingProgress("hr", null, []).topics.map((t) => t.type)).toEqual(["peopleManagement", "collaborativeNetwork", "marketplace"]);
    expect(keys("teamleader", 3)).toEqual(["requestInvite", "approvePurchase", "createCollection", "assignPlan", "saveContent"]);
    // Purchase requests are paid from a team's budget: someone in no team can't make one.
    expect(keys("member", null)).not.toContain("askPurchase");
    expect(keys("member", 1)).toContain("askPurchase");
    // Every topic shown has a step, so its progress bar has something to count.
    for (const role of ["admin", "hr", "ldleader", "teamleader", "member"] as const) {
      expect(onboardingProgress(role, null, []).topics.every((t) => t.subtasks.length > 0)).toBe(true);
    }
  });

  it("marks a subtask ready only for an entry with the same type and title, and counts currentStep", () => {
    const { topics, complete } = onboardingProgress("member", 1, [
      entry("discover", "Save your first content"),
      entry("mytasks", "Save your first content"),
      entry("discover", "Add a course to your wishlist", false),
    ]);
    const discover = topics.find((t) => t.type === "discover")!;
    expect(discover.subtasks.map((s) => s.ready)).toEqual([true, false]);
    expect(discover.currentStep).toBe(1);
    expect(discover.completed).toBe(false);
    expect(topics.find((t) => t.type === "mytasks")!.currentStep).toBe(0);
    expect(complete).toBe(false);
  });

  it("is complete when every topic of the role is", () => {
    const all = onboardingProgress("member", 1, []).topics.flatMap((t) => t.subtasks.map((s) => entry(t.type, s.title)));
    const { topics, complete } = onboardingProgress("member", 1, all);
    expect(topics.every((t) => t.completed)).toBe(true);
    expect(complete).toBe(true);
  });

  it("sends a team leader's people links to their own team", () => {
    expect(hrefFor("/peopleManagement", "teamleader", 7)).toBe("/peopleManagement/team/7");
    expect(hrefFor("/peopleManagement", "hr", 7)).toBe("/peopleManagement");
    expect(onboardingProgress("teamleader", 7, []).topics[0]!.subtasks[0]!.href).toBe("/peopleManagement/team/7");
  });

  it("keeps a chosen subtask as the redo item only when it was ready, until the route leaves its href", () => {
    const [ready, notReady] = onboardingProgress("member", 1, [entry("discover", "Save your first content")]).topics[0]!.subtasks;
    expect(redoAfterChoosing(ready!)).toBe(ready);
    expect(redoAfterChoosing(notReady!)).toBeNull();
    expect(keepsRedo(ready!, "/home")).toBe(true);
    expect(keepsRedo(ready!, "/discover")).toBe(false);
    expect(keepsRedo(null, "/home")).toBe(false);
  });
});
