import { skillsAccountAbilities, type SkillRatingSource } from "@learnward/contracts";
import { type Actor, COMPANY_ROLES, type Rule } from "../../lib/actor.ts";

type Person = { id: number; companyId: number | null; teamId: number | null; status: string };
type TeamRef = { id: number; companyId: number };

/** Skill levels live inside a company: no platform operator or other company reads or rates them. */
const inCompany = (a: Actor, companyId: number | null) => a.companyId !== null && a.companyId === companyId;
const leads = (a: Actor, teamId: number | null) => a.role === "teamleader" && a.teamId !== null && a.teamId === teamId;

/**
 * Skill level rules (PRODUCT.md, Proof of learning): a person rates themself; their manager (the
 * leader of their team, or hr) rates them; the L&D leader reads every level and says which level a
 * learning path proves. Evidence is never a caller's to give: completions give it.
 */
export const skillsPolicy = {
  callers: COMPANY_ROLES,
  accountAbilities: (a: Actor) => skillsAccountAbilities(a),
  /** What a rating by `a` counts as for this person, or null when `a` may not rate them. */
  rateAs: (a: Actor, person: Person): Exclude<SkillRatingSource, "evidence"> | null => {
    if (!inCompany(a, person.companyId) || person.status !== "active") return null;
    if (a.accountId === person.id) return "self";
    if (a.role === "hr" || leads(a, person.teamId)) return "manager";
    return null;
  },
  /** One's own levels; the manager's (team leader, hr) and the L&D leader's who plans learning. */
  readLevels: ((a, person) =>
    inCompany(a, person.companyId) && (a.accountId === person.id || a.role === "hr" || a.role === "ldleader" || leads(a, person.teamId))) as Rule<Person>,
  /** A team's levels (the skills matrix): hr and the L&D leader for any team, a team leader for their own. */
  readTeamLevels: ((a, team) =>
    inCompany(a, team.companyId) && skillsAccountAbilities(a).see_team_skill_levels && (a.role !== "teamleader" || leads(a, team.id))) as Rule<TeamRef>,
  /** The level a published learning path proves: the L&D leader, who curates the company's paths. */
  setPathLevel: ((a, path) => inCompany(a, path.companyId) && a.role === "ldleader" && path.status === "published") as Rule<{
    companyId: number;
    status: string;
  }>,
  readPathLevel: ((a, path) => inCompany(a, path.companyId) && path.status === "published") as Rule<{ companyId: number; status: string }>,
};
