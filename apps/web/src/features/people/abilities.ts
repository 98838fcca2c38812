import type { CompanyRole, Role } from "@learnward/contracts";

/**
 * What the people screens offer a role. The server's people answers carry no abilities, so this
 * mirrors apps/server/src/modules/people/people.policy.ts (and PLANNERS of network.policy.ts):
 * the UI hides what the server would refuse; the server still decides.
 */
export interface PeopleAbilities {
  /** The company-wide screens: every team and employee (hr, ldleader). */
  directory: boolean;
  /** Create, rename, lead and delete teams; roles, moves, deactivation; invitations (hr). */
  manage: boolean;
  /** See and decide invite and removal requests of the whole company (hr). */
  decide: boolean;
  /** File invite and removal requests for the own team (teamleader). */
  request: boolean;
  /** Read upskilling plans and their progress (ldleader, teamleader). */
  progress: boolean;
}

export function peopleAbilities(role: Role): PeopleAbilities {
  return {
    directory: role === "hr" || role === "ldleader",
    manage: role === "hr",
    decide: role === "hr",
    request: role === "teamleader",
    progress: role === "ldleader" || role === "teamleader",
  };
}

/** Roles hr may give, in the order of the spec's labels (spec §3; never admin). */
export const ASSIGNABLE_ROLES: readonly CompanyRole[] = ["hr", "ldleader", "teamleader", "member"];
