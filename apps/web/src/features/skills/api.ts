import type { PathSkillLevel, PersonSkillLevels, RateSkillRequest, TeamSkillLevelsPage } from "@learnward/contracts";
import { request } from "../../lib/api";
import { checkedBy } from "../../lib/contracts";

// Skill levels (apps/server/src/modules/skills), each answer checked against its contract.

const checkTeamLevels = checkedBy((s) => s.TeamSkillLevelsPage);
const checkPersonLevels = checkedBy((s) => s.PersonSkillLevels);
const B2B = "/api/b2b/v1";

/** The levels of a page of a team's active members: the same page as the team's progress. */
export const fetchTeamSkillLevels = (id: number, page: number, pageSize: number, signal?: AbortSignal): Promise<TeamSkillLevelsPage> =>
  request(`${B2B}/teams/${id}/skill-levels/`, { query: { page, page_size: pageSize }, parse: checkTeamLevels, signal });

export const fetchPersonSkillLevels = (id: number, signal?: AbortSignal): Promise<PersonSkillLevels> =>
  request(`${B2B}/employees/${id}/skill-levels/`, { parse: checkPersonLevels, signal });

/** A rating by the person or their manager (the server says which it counts as); answers their levels. */
export const rateSkill = (id: number, body: RateSkillRequest): Promise<PersonSkillLevels> =>
  request(`${B2B}/employees/${id}/skill-ratings/`, { method: "POST", body, parse: checkPersonLevels });

const checkPathLevel = checkedBy((s) => s.PathSkillLevel);

/** The level a published learning path proves in each of its skills (null: none), and whether I may set it. */
export const fetchPathSkillLevel = (id: number, signal?: AbortSignal): Promise<PathSkillLevel> =>
  request(`${B2B}/collections/${id}/skill-level/`, { parse: checkPathLevel, signal });

export const setPathSkillLevel = (id: number, level: number | null): Promise<PathSkillLevel> =>
  request(`${B2B}/collections/${id}/skill-level/`, { method: "PUT", body: { level }, parse: checkPathLevel });
