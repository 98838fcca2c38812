import { describe, expect, it } from "vitest";
import { ACTORS, type ActorKey, allowedBy, COMPANY } from "../../../test/actors.ts";
import { compliancePolicy } from "./compliance.policy.ts";

type A = (typeof ACTORS)[ActorKey];
const OTHER_COMPANY = COMPANY + 1000; // a company none of the actors is in

// Outline-style: each rule, the callers it allows (everyone else is refused).
const rules: [string, (a: A) => boolean, ActorKey[]][] = [
  ["require a path of the company", (a) => compliancePolicy.manage(a, { companyId: COMPANY }), ["ldleader"]],
  ["require a path of another company", (a) => compliancePolicy.manage(a, { companyId: OTHER_COMPANY }), []],
  ["read the company's compliance", (a) => compliancePolicy.readCompany(a, COMPANY), ["hr", "ldleader"]],
  ["name a team of the company", (a) => compliancePolicy.name(a, { companyId: COMPANY }), ["hr", "ldleader", "teamleader", "teamleaderWithoutTeam", "member"]],
  [
    "name a published path of the company",
    (a) => compliancePolicy.namePath(a, { companyId: COMPANY, status: "published", ownerId: 999 }),
    ["hr", "ldleader", "teamleader", "teamleaderWithoutTeam", "member"],
  ],
  [
    "name the L&D leader's own draft",
    (a) => compliancePolicy.namePath(a, { companyId: COMPANY, status: "private", ownerId: ACTORS.ldleader.accountId }),
    ["ldleader"],
  ],
  [
    "start their own required path again once it is renewable",
    (a) => compliancePolicy.startAgain(a, { companyId: COMPANY, accountId: ACTORS.member.accountId, renewable: true }),
    ["member"],
  ],
  [
    "start their own required path again before it is renewable",
    (a) => compliancePolicy.startAgain(a, { companyId: COMPANY, accountId: a.accountId, renewable: false }),
    [],
  ],
  [
    "start a required path of another company again",
    (a) => compliancePolicy.startAgain(a, { companyId: OTHER_COMPANY, accountId: a.accountId, renewable: true }),
    [],
  ],
  ["name someone else's private path", (a) => compliancePolicy.namePath(a, { companyId: COMPANY, status: "private", ownerId: 999 }), []],
];

describe("compliance policy", () => {
  it.each(rules)("%s", (_name, rule, allowed) => {
    expect(allowedBy(rule)).toEqual(allowed);
  });

  it("opens the managing routes to exactly the roles the abilities name", () => {
    expect(compliancePolicy.managers).toEqual(["ldleader"]);
    expect(compliancePolicy.readers).toEqual(["hr", "ldleader"]);
  });
});
