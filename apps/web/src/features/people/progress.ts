import type { PersonSkillLevels, SkillLevel, TeamSkillLevelsPage } from "@learnward/contracts";
import type { TeamProgressPage, TeamProgressRow } from "./api";

// Team progress from GET /teams/{id}/progress/: per member, and the skills matrix of skillboost
// (PRODUCT.md: rows people, columns the skills of their plans, cells progress).

export type MemberPlan = TeamProgressRow["plans"][number];
export type Progress = MemberPlan["progress"];

/** Adds up one skill's progress over several plans: done over total, not an average of percents. */
export function combine(parts: readonly Progress[]): Progress {
  if (parts.length === 1) return parts[0]!;
  const done = parts.reduce((sum, part) => sum + part.done, 0);
  const total = parts.reduce((sum, part) => sum + part.total, 0);
  return { done, total, percent: total > 0 ? Math.round((done / total) * 100) : 0 };
}

/** A person's levels with their skills as a Map (skills are people's words: "__proto__" is one). */
export type PersonLevels = PersonSkillLevels & { bySkill: ReadonlyMap<string, SkillLevel> };

export interface SkillsMatrix {
  skills: string[];
  /** Cells by skill: a Map, since skills are people's words and may be any name ("constructor", "__proto__"). */
  people: Array<{ id: number; name: string; email: string; cells: ReadonlyMap<string, Progress>; levels?: PersonLevels }>;
}

/**
 * Rows: this page of the team's people; columns: the skills of the team's plans, then the other skills
 * the page's people have a level in (sorted); cells: progress per skill over the person's plans, and
 * the person's level when the levels of the same page are in. Without plan progress (hr, who reads no
 * plans), the people and skills of the levels alone.
 */
export function skillsMatrix(page: TeamProgressPage | undefined, levels?: TeamSkillLevelsPage): SkillsMatrix {
  const levelsOf = new Map(
    (levels?.results ?? []).map((p) => [p.account.id, { ...p, bySkill: new Map(p.skills.map((s) => [s.skill, s])) } satisfies PersonLevels]),
  );
  const planSkills = new Set(page?.skills ?? []);
  const rated = [...new Set([...levelsOf.values()].flatMap((p) => p.skills.map((s) => s.skill)))].filter((s) => !planSkills.has(s)).sort();
  if (!page)
    return {
      skills: rated,
      people: [...levelsOf.values()].map((levels) => ({ id: levels.account.id, name: levels.account.display_name, email: "", cells: new Map(), levels })),
    };
  return {
    skills: [...page.skills, ...rated],
    people: page.results.map(({ account, plans }) => {
      const parts = new Map<string, Progress[]>();
      for (const plan of plans) for (const [skill, progress] of Object.entries(plan.skills)) parts.set(skill, [...(parts.get(skill) ?? []), progress]);
      return {
        id: account.id,
        name: account.display_name,
        email: account.email,
        cells: new Map([...parts].map(([skill, list]) => [skill, combine(list)])),
        levels: levelsOf.get(account.id),
      };
    }),
  };
}
