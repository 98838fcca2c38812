import { describe, expect, it } from "vitest";
import { ACTORS, type ActorKey, TEAM } from "../../../test/actors.ts";
import { insightsPolicy } from "./insights.policy.ts";

describe("insights policy", () => {
  it("offers the teams a viewer may look at: none to a member, the own team to a team leader, all to hr and the L&D leader", () => {
    const scopes = Object.fromEntries((Object.keys(ACTORS) as ActorKey[]).map((k) => [k, insightsPolicy.teamScope(ACTORS[k])]));
    expect(scopes).toEqual({
      admin: "all",
      hr: "all",
      ldleader: "all",
      teamleader: { teamId: TEAM },
      teamleaderWithoutTeam: { teamId: null },
      member: "none",
      otherCompanyHr: "all",
      otherCompanyLdleader: "all",
      otherCompanyTeamleader: { teamId: TEAM },
    });
  });

  it("counts as waiting on a viewer only the requests their module's policy lets them decide", () => {
    const kinds = Object.fromEntries((Object.keys(ACTORS) as ActorKey[]).map((k) => [k, insightsPolicy.pendingKinds(ACTORS[k])]));
    const neither = { publishRequests: false, peopleRequests: false };
    expect(kinds).toEqual({
      admin: neither,
      hr: { publishRequests: false, peopleRequests: true },
      ldleader: { publishRequests: true, peopleRequests: false },
      teamleader: neither,
      teamleaderWithoutTeam: neither,
      member: neither,
      otherCompanyHr: { publishRequests: false, peopleRequests: true },
      otherCompanyLdleader: { publishRequests: true, peopleRequests: false },
      otherCompanyTeamleader: neither,
    });
  });
});
