import { describe, expect, it } from "vitest";
import { AssignPlanForm } from "./assignPlanForm";

const valid = {
  title: "SQL",
  deadline: "2099-06-30",
  people: [{ id: 1, display_name: "Ana", email: "ana@acme.test" }],
  teams: [],
  skills: [{ skill: "sql", collections: [{ id: 1, title: "Path" }] }],
};
const deadlineErrors = (deadline: string) =>
  (AssignPlanForm.safeParse({ ...valid, deadline }).error?.issues ?? []).filter((i) => i.path[0] === "deadline").map((i) => i.message);

describe("assign plan form: deadline", () => {
  it("takes a real future day, leap days included", () => {
    expect(deadlineErrors("2099-06-30")).toEqual([]);
    expect(deadlineErrors("2096-02-29")).toEqual([]);
  });

  it("refuses days that match YYYY-MM-DD but do not exist, as the server does", () => {
    for (const d of ["2099-02-30", "2099-13-01", "2097-02-29", "2099-04-31", "not a date"]) expect(deadlineErrors(d), d).toContain("invalid_date");
  });
});
