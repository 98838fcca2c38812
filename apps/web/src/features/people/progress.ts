import type { Plan, PlanAssignee } from "./api";

// Team progress from upskilling plans (GET /plans/ and /plans/{id}/assignees/): per member, and the
// skills matrix of skillboost (PRODUCT.md: rows people, columns the skills of their plans, cells progress).

export interface Progress {
  done: number;
  total: number;
  percent: number;
}

export interface MemberPlan {
  plan: Pick<Plan, "id" | "title" | "deadline">;
  status: PlanAssignee["status"];
  overdue: boolean;
  progress: Progress;
}

type Assignees = ReadonlyMap<number, readonly PlanAssignee[]>;

const inTeam = (assignee: PlanAssignee, teamId: number) => assignee.account.team?.id === teamId;

/** Each team member's plans with status and progress, by account id. */
export function plansByMember(plans: readonly Plan[], assignees: Assignees, teamId: number): Map<number, MemberPlan[]> {
  const byMember = new Map<number, MemberPlan[]>();
  for (const plan of plans) {
    for (const assignee of assignees.get(plan.id) ?? []) {
      if (!inTeam(assignee, teamId)) continue;
      const list = byMember.get(assignee.account.id) ?? [];
      list.push({ plan: { id: plan.id, title: plan.title, deadline: plan.deadline }, status: assignee.status, overdue: assignee.overdue, progress: assignee.progress });
      byMember.set(assignee.account.id, list);
    }
  }
  for (const list of byMember.values()) list.sort((a, b) => a.plan.deadline.localeCompare(b.plan.deadline));
  return byMember;
}

/** Adds up one skill's progress over several plans: done over total, not an average of percents. */
export function combine(parts: readonly Progress[]): Progress {
  if (parts.length === 1) return parts[0]!;
  const done = parts.reduce((sum, part) => sum + part.done, 0);
  const total = parts.reduce((sum, part) => sum + part.total, 0);
  return { done, total, percent: total > 0 ? Math.round((done / total) * 100) : 0 };
}

export interface SkillsMatrix {
  skills: string[];
  people: Array<{ id: number; name: string; email: string; cells: Record<string, Progress> }>;
}

/** Rows: the team's people on any plan; columns: the skills of those plans; cells: progress per skill. */
export function skillsMatrix(plans: readonly Plan[], assignees: Assignees, teamId: number): SkillsMatrix {
  const skills = new Set<string>();
  const people = new Map<number, { id: number; name: string; email: string; parts: Map<string, Progress[]> }>();
  for (const plan of plans) {
    for (const assignee of assignees.get(plan.id) ?? []) {
      if (!inTeam(assignee, teamId)) continue;
      const person = people.get(assignee.account.id) ?? {
        id: assignee.account.id,
        name: assignee.account.display_name,
        email: assignee.account.email,
        parts: new Map<string, Progress[]>(),
      };
      for (const [skill, progress] of Object.entries(assignee.skills)) {
        skills.add(skill);
        person.parts.set(skill, [...(person.parts.get(skill) ?? []), progress]);
      }
      people.set(person.id, person);
    }
  }
  return {
    skills: [...skills].sort((a, b) => a.localeCompare(b)),
    people: [...people.values()]
      .sort((a, b) => a.name.localeCompare(b.name))
      .map(({ id, name, email, parts }) => ({
        id,
        name,
        email,
        cells: Object.fromEntries([...parts].map(([skill, list]) => [skill, combine(list)])),
      })),
  };
}
