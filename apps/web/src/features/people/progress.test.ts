import { describe, expect, it } from "vitest";
import type { TeamProgressPage } from "./api";
import { type MemberPlan, skillsMatrix } from "./progress";

const memberPlan = (id: number, title: string, skills: Record<string, [number, number]>): MemberPlan => {
  const entries = Object.entries(skills).map(
    ([skill, [done, total]]) => [skill, { done, total, percent: total ? Math.round((done / total) * 100) : 0 }] as const,
  );
  const done = entries.reduce((sum, [, p]) => sum + p.done, 0);
  const total = entries.reduce((sum, [, p]) => sum + p.total, 0);
  return {
    plan: { id, title, deadline: "2027-01-01" },
    status: "active",
    overdue: false,
    progress: { done, total, percent: total ? Math.round((done / total) * 100) : 0 },
    skills: Object.fromEntries(entries),
  };
};
const person = (id: number, name: string, plans: MemberPlan[]) => ({ account: { id, display_name: name, email: `${name.toLowerCase()}@acme.test` }, plans });
const page = (results: TeamProgressPage["results"], skills: string[]): TeamProgressPage => ({
  count: results.length,
  next: null,
  previous: null,
  results,
  skills,
});

describe("the skills matrix from a page of team progress", () => {
  it("keeps the server's people and skill columns, adding up a skill over several plans", () => {
    const matrix = skillsMatrix(
      page(
        [
          person(5, "Marco", [
            memberPlan(2, "Testing", { testing: [0, 1], typescript: [2, 2] }),
            memberPlan(1, "TypeScript", { typescript: [1, 2], git: [1, 1] }),
          ]),
          person(4, "Tessa", [memberPlan(1, "TypeScript", { typescript: [0, 2], git: [0, 1] })]),
          person(6, "Nadia", []),
        ],
        ["git", "testing", "typescript"],
      ),
    );
    expect(matrix.skills).toEqual(["git", "testing", "typescript"]);
    expect(matrix.people.map((row) => row.name)).toEqual(["Marco", "Tessa", "Nadia"]);
    const marco = matrix.people[0]!.cells;
    // typescript: 2 of 2 in one plan and 1 of 2 in the other → 3 of 4, not the average of 100% and 50%.
    expect(marco.get("typescript")).toEqual({ done: 3, total: 4, percent: 75 });
    expect(marco.get("git")).toEqual({ done: 1, total: 1, percent: 100 });
    expect(matrix.people[1]!.cells.get("testing")).toBeUndefined();
    // Someone on no plan is a row of empty cells.
    expect(matrix.people[2]!.cells.size).toBe(0);
  });

  it("is empty for a page without people", () => {
    expect(skillsMatrix(page([], []))).toEqual({ skills: [], people: [] });
  });
});
