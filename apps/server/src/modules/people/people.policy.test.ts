import { describe, expect, it } from "vitest";
import { ACTORS, type ActorKey, allowedBy, COMPANY, TEAM } from "../../../test/actors.ts";
import { invitableRole, peoplePolicy } from "./people.policy.ts";

type A = (typeof ACTORS)[ActorKey];
const member = { id: 99, companyId: COMPANY, teamId: TEAM, role: "member" as const, status: "active" };

// Outline-style: each rule, the callers it allows (everyone else is refused). Without a session no rule is asked: the route answers 401.
const rules: [string, (a: A) => boolean, ActorKey[]][] = [
  ["decide invite and removal requests", (a) => peoplePolicy.decideRequests(a, null), ["hr", "otherCompanyHr"]],
  ["read a request of team 7", (a) => peoplePolicy.readRequest(a, { companyId: COMPANY, teamId: TEAM }), ["hr", "teamleader"]],
  ["request removing a member of team 7", (a) => peoplePolicy.requestRemoval(a, member), ["teamleader"]],
  ["deactivate a member", (a) => peoplePolicy.deactivate(a, member), ["hr"]],
  ["invite into the company", (a) => peoplePolicy.invite(a, { companyId: COMPANY }), ["admin", "hr"]],
  ["see every request (no team filter)", (a) => peoplePolicy.requestScope(a).teamId === undefined, ["hr", "otherCompanyHr"]],
  [
    "account: see people",
    (a) => peoplePolicy.accountAbilities(a).see_people,
    ["hr", "ldleader", "teamleader", "teamleaderWithoutTeam", "otherCompanyHr", "otherCompanyLdleader", "otherCompanyTeamleader"],
  ],
  ["account: see all people", (a) => peoplePolicy.accountAbilities(a).see_all_people, ["hr", "ldleader", "otherCompanyHr", "otherCompanyLdleader"]],
  ["account: see own team", (a) => peoplePolicy.accountAbilities(a).see_own_team, ["teamleader", "teamleaderWithoutTeam", "otherCompanyTeamleader"]],
  ["account: manage people", (a) => peoplePolicy.accountAbilities(a).manage_people, ["hr", "otherCompanyHr"]],
  ["account: decide people requests", (a) => peoplePolicy.accountAbilities(a).decide_people_requests, ["hr", "otherCompanyHr"]],
  [
    "account: request people changes",
    (a) => peoplePolicy.accountAbilities(a).request_people_changes,
    ["teamleader", "teamleaderWithoutTeam", "otherCompanyTeamleader"],
  ],
];

describe("people policy", () => {
  it.each(rules)("%s", (_name, rule, allowed) => {
    expect(allowedBy(rule)).toEqual(allowed);
  });

  it("scopes request lists to the team leader's team, or to none without one", () => {
    expect(peoplePolicy.requestScope(ACTORS.teamleader)).toEqual({ teamId: TEAM });
    expect(peoplePolicy.requestScope(ACTORS.teamleaderWithoutTeam)).toEqual({ teamId: -1 });
  });

  it("never invites anyone as a platform operator", () => {
    expect(invitableRole("admin")).toBe("member");
    expect(invitableRole("hr")).toBe("hr");
  });
});
