import { describe, expect, it } from "vitest";
import { accountAbilities, type Role } from "@learnward/contracts";
import { activeNavKey, isAdminPath, menuFor } from "./menu";

const entries = (role: Role, pathname = "/home", teamId: number | null = null, deployment = { outbox: false }) =>
  menuFor({ abilities: accountAbilities({ role, teamId }, deployment), teamId, pathname }).flatMap((group) => group.items);
const keys = (role: Role, pathname?: string, teamId?: number | null, deployment?: { outbox: boolean }) =>
  entries(role, pathname, teamId, deployment).map((item) => item.key);

describe("menuFor", () => {
  it("shows the company budget only to the L&D leader (spec §6)", () => {
    expect(keys("ldleader")).toContain("companyBudget");
    for (const role of ["hr", "teamleader", "member"] as const) expect(keys(role)).not.toContain("companyBudget");
  });

  it("sends a team leader's people entry to their own team (spec §6)", () => {
    const people = entries("teamleader", "/home", 7).find((item) => item.key === "peopleManagement");
    expect(people?.to).toBe("/peopleManagement/team/7");
  });

  it("sends hr and the L&D leader to people management", () => {
    for (const role of ["hr", "ldleader"] as const) {
      expect(entries(role).find((item) => item.key === "peopleManagement")?.to).toBe("/peopleManagement");
    }
  });

  it("gives members no people entries", () => {
    expect(keys("member")).not.toContain("peopleManagement");
    expect(keys("member")).not.toContain("skillboost");
  });

  it("shows the admin menu to admins on paths under /admin (spec §6)", () => {
    expect(keys("admin", "/admin/budget-management", null, { outbox: true })).toEqual(["companies", "budgetManagement", "adminPeople", "outbox"]);
    // A production server keeps no outbox: no entry leads to it.
    expect(keys("admin", "/admin/budget-management", null, { outbox: false })).toEqual(["companies", "budgetManagement", "adminPeople"]);
    expect(keys("admin", "/setting")).toEqual(["admin"]);
  });

  it("gives every company role the same learning entries", () => {
    for (const role of ["hr", "ldleader", "teamleader", "member"] as const) {
      expect(keys(role)).toEqual(
        expect.arrayContaining(["home", "discover", "insights", "learningPaths", "library", "myTasks", "publishRequests", "teamBudget", "purchaseRequests"]),
      );
    }
  });
});

describe("isAdminPath", () => {
  it("matches /admin and what is under it, not look-alikes", () => {
    expect(isAdminPath("/admin")).toBe(true);
    expect(isAdminPath("/admin/people-management")).toBe(true);
    expect(isAdminPath("/administration")).toBe(false);
  });
});

describe("activeNavKey", () => {
  it("picks the most specific entry", () => {
    const groups = menuFor({ abilities: accountAbilities({ role: "hr", teamId: null }), teamId: null, pathname: "/peopleManagement/skillboost" });
    expect(activeNavKey(groups, "/peopleManagement/skillboost")).toBe("skillboost");
    expect(activeNavKey(groups, "/peopleManagement")).toBe("peopleManagement");
    expect(activeNavKey(groups, "/collaborative-network/collections/3/intro")).toBe("learningPaths");
  });
});
