import type { FirstData } from "../../app/firstData";
import { FIRST_EMPLOYEES } from "./EmployeesTab";
import { APPROVALS_STATUS, employeesOptions, firstRequests, requestsOptions, teamsOptions } from "./queries";
import { FIRST_TEAMS } from "./TeamsTab";

/**
 * /peopleManagement (hr and the L&D leader; a team leader is sent to their team): the first page of
 * the tab the address names, as the tab opens it: teams (tab 1, the default), people (tab 2) or, for
 * hr, the approvals (tab 3): the first page of pending invite requests and of removal requests.
 */
export const peopleManagementFirstData: FirstData = ({ search, me }) => {
  if (!me?.abilities.see_all_people || me.abilities.see_own_team) return [];
  const tab = search.get("tab");
  if (tab === "2") return [employeesOptions(FIRST_EMPLOYEES)];
  if (tab === "3" && me.abilities.decide_people_requests)
    return [requestsOptions("invite", firstRequests(APPROVALS_STATUS)), requestsOptions("removal", firstRequests(APPROVALS_STATUS))];
  return [teamsOptions(FIRST_TEAMS)];
};
