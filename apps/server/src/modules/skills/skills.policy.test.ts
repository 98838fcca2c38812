import { describe, expect, it } from "vitest";
import { ACTORS, type ActorKey, allowedBy, COMPANY, OTHER_TEAM, TEAM } from "../../../test/actors.ts";
import { skillsPolicy } from "./skills.policy.ts";

type A = (typeof ACTORS)[ActorKey];
const person = (id: number, teamId: number | null, status = "active") => ({ id, companyId: COMPANY, teamId, status });
const member = person(ACTORS.member.accountId, TEAM);
const otherTeamMember = person(99, OTHER_TEAM);

// Outline-style: each rule, the callers it allows (everyone else is refused).
const rules: [string, (a: A) => boolean, ActorKey[]][] = [
  ["rate a member of team 7", (a) => skillsPolicy.rateAs(a, member) !== null, ["hr", "teamleader", "member"]],
  ["rate a member of team 7 as their manager", (a) => skillsPolicy.rateAs(a, member) === "manager", ["hr", "teamleader"]],
  ["rate a member of team 7 as themself", (a) => skillsPolicy.rateAs(a, member) === "self", ["member"]],
  ["rate a member of team 8", (a) => skillsPolicy.rateAs(a, otherTeamMember) !== null, ["hr"]],
  ["rate a deactivated member of team 7", (a) => skillsPolicy.rateAs(a, person(ACTORS.member.accountId, TEAM, "deactivated")) !== null, []],
  ["read a member of team 7's levels", (a) => skillsPolicy.readLevels(a, member), ["hr", "ldleader", "teamleader", "member"]],
  ["read a member of team 8's levels", (a) => skillsPolicy.readLevels(a, otherTeamMember), ["hr", "ldleader"]],
  ["read team 7's levels", (a) => skillsPolicy.readTeamLevels(a, { id: TEAM, companyId: COMPANY }), ["hr", "ldleader", "teamleader"]],
  ["read team 8's levels", (a) => skillsPolicy.readTeamLevels(a, { id: OTHER_TEAM, companyId: COMPANY }), ["hr", "ldleader"]],
  ["set a published path's level", (a) => skillsPolicy.setPathLevel(a, { companyId: COMPANY, status: "published" }), ["ldleader"]],
  ["set a private collection's level", (a) => skillsPolicy.setPathLevel(a, { companyId: COMPANY, status: "private" }), []],
  [
    "read a published path's level",
    (a) => skillsPolicy.readPathLevel(a, { companyId: COMPANY, status: "published" }),
    ["hr", "ldleader", "teamleader", "teamleaderWithoutTeam", "member"],
  ],
];

describe("skills policy", () => {
  it.each(rules)("%s", (_name, rule, allowed) => {
    expect(allowedBy(rule)).toEqual(allowed);
  });
});
