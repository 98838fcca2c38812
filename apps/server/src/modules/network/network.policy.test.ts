import { describe, expect, it } from "vitest";
import { ACTORS, type ActorKey, allowedBy, COMPANY, OTHER_TEAM, TEAM } from "../../../test/actors.ts";
import { networkPolicy } from "./network.policy.ts";

type A = (typeof ACTORS)[ActorKey];
const plan = (createdBy: number, teamIds: number[] = [TEAM]) => ({ companyId: COMPANY, createdBy, teamIds });
const collection = (status: "private" | "pending" | "published", ownerId = ACTORS.member.accountId) => ({ companyId: COMPANY, ownerId, status });

// Outline-style: each rule, the callers it allows (everyone else is refused). Without a session no rule is asked: the route answers 401.
const rules: [string, (a: A) => boolean, ActorKey[]][] = [
  ["decide publish requests", (a) => networkPolicy.decidePublish(a, null), ["ldleader", "otherCompanyLdleader"]],
  ["read a member's private collection", (a) => networkPolicy.readCollection(a, collection("private")), ["ldleader", "member"]],
  [
    "read a published collection",
    (a) => networkPolicy.readCollection(a, collection("published")),
    ["admin", "hr", "ldleader", "teamleader", "teamleaderWithoutTeam", "member"],
  ],
  [
    "assign a plan to a member of team 7",
    (a) => networkPolicy.assignAccount(a, { companyId: COMPANY, teamId: TEAM, status: "active" }),
    ["ldleader", "teamleader"],
  ],
  ["assign a plan to team 8", (a) => networkPolicy.assignTeam(a, { id: OTHER_TEAM, companyId: COMPANY }), ["ldleader"]],
  ["read the L&D leader's plan for team 7", (a) => networkPolicy.readPlan(a, plan(ACTORS.ldleader.accountId)), ["ldleader", "teamleader"]],
  ["read the L&D leader's plan for team 8", (a) => networkPolicy.readPlan(a, plan(ACTORS.ldleader.accountId, [OTHER_TEAM])), ["ldleader"]],
  [
    "see every team's progress on the L&D leader's plan",
    (a) => networkPolicy.readAllProgress(a, plan(ACTORS.ldleader.accountId)),
    ["ldleader", "otherCompanyLdleader"],
  ],
  [
    "see every team's progress on the team leader's plan",
    (a) => networkPolicy.readAllProgress(a, plan(ACTORS.teamleader.accountId)),
    ["ldleader", "teamleader", "otherCompanyLdleader"],
  ],
  ["list the company's plans", (a) => networkPolicy.planScope(a).all, ["ldleader", "otherCompanyLdleader"]],
  [
    "account: assign plans",
    (a) => networkPolicy.accountAbilities(a).assign_plans,
    ["ldleader", "teamleader", "teamleaderWithoutTeam", "otherCompanyLdleader", "otherCompanyTeamleader"],
  ],
  [
    "account: see plan progress",
    (a) => networkPolicy.accountAbilities(a).see_plan_progress,
    ["ldleader", "teamleader", "teamleaderWithoutTeam", "otherCompanyLdleader", "otherCompanyTeamleader"],
  ],
  ["account: decide publish requests", (a) => networkPolicy.accountAbilities(a).decide_publish_requests, ["ldleader", "otherCompanyLdleader"]],
];

describe("network policy", () => {
  it.each(rules)("%s", (_name, rule, allowed) => {
    expect(allowedBy(rule)).toEqual(allowed);
  });
});
