import { describe, expect, it } from "vitest";
import { ACTORS, type ActorKey, allowedBy, COMPANY, OTHER_TEAM, TEAM } from "../../../test/actors.ts";
import { budgetingPolicy } from "./budgeting.policy.ts";

const request = (over: Partial<{ teamId: number | null; requestedBy: number; status: string }> = {}) => ({
  companyId: COMPANY,
  teamId: TEAM,
  requestedBy: ACTORS.member.accountId,
  status: "pending",
  ...over,
});

// Outline-style: each rule, the callers it allows (everyone else is refused). Without a session no rule is asked: the route answers 401.
const rules: [string, (a: (typeof ACTORS)[ActorKey]) => boolean, ActorKey[]][] = [
  ["manage company budgets", (a) => budgetingPolicy.manageBudgets(a, null), ["ldleader", "otherCompanyLdleader"]],
  ["decide a member's request of team 7", (a) => budgetingPolicy.decide(a, request()), ["ldleader", "teamleader"]],
  ["decide a request of another team", (a) => budgetingPolicy.decide(a, request({ teamId: OTHER_TEAM })), ["ldleader"]],
  ["decide the team leader's own request", (a) => budgetingPolicy.decide(a, request({ requestedBy: ACTORS.teamleader.accountId })), ["ldleader"]],
  ["decide the L&D leader's own request", (a) => budgetingPolicy.decide(a, request({ requestedBy: ACTORS.ldleader.accountId, teamId: null })), []],
  ["read a member's request", (a) => budgetingPolicy.read(a, request()), ["ldleader", "teamleader", "member"]],
  ["pay an approved request", (a) => budgetingPolicy.pay(a, request({ status: "approved" })), ["ldleader"]],
  ["pay a pending request", (a) => budgetingPolicy.pay(a, request()), []],
  ["cancel a pending request", (a) => budgetingPolicy.cancel(a, request()), ["member"]],
  ["cancel a paid request", (a) => budgetingPolicy.cancel(a, request({ status: "paid" })), []],
  ["cancel an approved request", (a) => budgetingPolicy.cancel(a, request({ status: "approved" })), ["member"]],
  ["cancel a rejected request", (a) => budgetingPolicy.cancel(a, request({ status: "rejected" })), []],
  ["cancel as the requester, whatever the status", (a) => budgetingPolicy.cancelAsRequester(a, request({ status: "paid" })), ["member"]],
  ["cancel the team leader's request", (a) => budgetingPolicy.cancelAsRequester(a, request({ requestedBy: ACTORS.teamleader.accountId })), ["teamleader"]],
];

describe("budgeting policy", () => {
  it.each(rules)("%s", (_name, rule, allowed) => {
    expect(allowedBy(rule)).toEqual(allowed);
  });

  it("cancels from pending and approved only: the ability and the write agree", () => {
    expect(budgetingPolicy.cancellableFrom).toEqual(["pending", "approved"]);
    const statuses = ["pending", "approved", "rejected", "paid", "cancelled"];
    const mayCancel = statuses.filter((status) => budgetingPolicy.cancel(ACTORS.member, request({ status })));
    expect(mayCancel).toEqual([...budgetingPolicy.cancellableFrom]);
  });

  it("scopes budget queries: every team for the L&D leader, the own team (or none) for a team leader", () => {
    const scopes = Object.fromEntries((Object.keys(ACTORS) as ActorKey[]).map((k) => [k, budgetingPolicy.budgetScope(ACTORS[k]).teamId]));
    expect(scopes).toEqual({
      admin: -1,
      hr: -1,
      ldleader: undefined,
      teamleader: TEAM,
      teamleaderWithoutTeam: -1,
      member: TEAM,
      otherCompanyHr: -1,
      otherCompanyLdleader: undefined,
      otherCompanyTeamleader: TEAM,
    });
  });

  it("gives account-level abilities: the company budget to the L&D leader, a team's budget and its requests to team leaders", () => {
    expect(allowedBy((a) => budgetingPolicy.accountAbilities(a).manage_company_budget)).toEqual(["ldleader", "otherCompanyLdleader"]);
    expect(allowedBy((a) => budgetingPolicy.accountAbilities(a).see_team_budget)).toEqual([
      "ldleader",
      "teamleader",
      "teamleaderWithoutTeam",
      "otherCompanyLdleader",
      "otherCompanyTeamleader",
    ]);
    expect(allowedBy((a) => budgetingPolicy.accountAbilities(a).decide_purchase_requests)).toEqual([
      "ldleader",
      "teamleader",
      "otherCompanyLdleader",
      "otherCompanyTeamleader",
    ]);
  });
});
