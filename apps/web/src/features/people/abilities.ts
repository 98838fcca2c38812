import type { AccountAbilities, CompanyRole } from "@learnward/contracts";

/**
 * What the people screens offer, named for those screens: read from the account's abilities on
 * GET /api/me (people.policy and network.policy on the server). The UI hides what the server
 * would refuse; the server still decides.
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

export function peopleAbilities(abilities: AccountAbilities): PeopleAbilities {
  return {
    directory: abilities.see_all_people,
    manage: abilities.manage_people,
    decide: abilities.decide_people_requests,
    request: abilities.request_people_changes,
    progress: abilities.see_plan_progress,
  };
}

/** Roles hr may give, in the order of the spec's labels (spec §3; never admin). */
export const ASSIGNABLE_ROLES: readonly CompanyRole[] = ["hr", "ldleader", "teamleader", "member"];
