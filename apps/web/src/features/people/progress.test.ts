import { describe, expect, it } from "vitest";
import type { Plan, PlanAssignee } from "./api";
import { plansByMember, skillsMatrix } from "./progress";

const plan = (id: number, title: string, deadline: string, skills: string[]): Plan => ({
  id,
  title,
  deadline,
  skills: Object.fromEntries(skills.map((skill) => [skill, { collections: [] }])),
  teams: [{ id: 7, name: "Engineering" }],
  created_by: { id: 4, display_name: "Tessa Lind" },
  assignees_count: 2,
  completed_count: 0,
  overdue_count: 0,
  created_at: "2026-01-01T00:00:00.000Z",
});

const assignee = (id: number, name: string, team: number | null, skills: Record<string, [number, number]>): PlanAssignee => {
  const entries = Object.entries(skills).map(([skill, [done, total]]) => [skill, { done, total, percent: total ? Math.round((done / total) * 100) : 0 }] as const);
  const done = entries.reduce((sum, [, p]) => sum + p.done, 0);
  const total = entries.reduce((sum, [, p]) => sum + p.total, 0);
  return {
    account: { id, display_name: name, email: `${name.toLowerCase()}@acme.test`, team: team === null ? null : { id: team, name: "Team" } },
    via_team: true,
    status: "active",
    overdue: false,
    progress: { done, total, percent: total ? Math.round((done / total) * 100) : 0 },
    skills: Object.fromEntries(entries),
  };
};

const plans = [plan(1, "TypeScript", "2027-02-01", ["typescript", "git"]), plan(2, "Testing", "2027-01-01", ["testing", "typescript"])];
const assignees = new Map([
  [1, [assignee(5, "Marco", 7, { typescript: [1, 2], git: [1, 1] }), assignee(4, "Tessa", 7, { typescript: [0, 2], git: [0, 1] }), assignee(9, "Other", 8, { typescript: [2, 2], git: [1, 1] })]],
  [2, [assignee(5, "Marco", 7, { testing: [0, 1], typescript: [2, 2] })]],
]);

describe("team progress from upskilling plans", () => {
  it("lists each team member's plans, soonest deadline first, leaving other teams out", () => {
    const byMember = plansByMember(plans, assignees, 7);
    expect([...byMember.keys()].sort()).toEqual([4, 5]);
    expect(byMember.get(5)?.map((entry) => [entry.plan.title, entry.progress.percent])).toEqual([
      ["Testing", 67],
      ["TypeScript", 67],
    ]);
  });

  it("builds the skills matrix: people by name, skills in order, a skill over several plans added up", () => {
    const matrix = skillsMatrix(plans, assignees, 7);
    expect(matrix.skills).toEqual(["git", "testing", "typescript"]);
    expect(matrix.people.map((person) => person.name)).toEqual(["Marco", "Tessa"]);
    const marco = matrix.people[0]!.cells;
    // typescript: 1 of 2 in one plan and 2 of 2 in the other → 3 of 4.
    expect(marco.typescript).toEqual({ done: 3, total: 4, percent: 75 });
    expect(marco.git).toEqual({ done: 1, total: 1, percent: 100 });
    expect(matrix.people[1]!.cells.testing).toBeUndefined();
  });

  it("is empty without plans", () => {
    expect(skillsMatrix([], new Map(), 7)).toEqual({ skills: [], people: [] });
  });
});
