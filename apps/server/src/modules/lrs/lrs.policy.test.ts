import { describe, expect, it } from "vitest";
import { allowedBy, COMPANY, OTHER_COMPANY } from "../../../test/actors.ts";
import { lrsPolicy } from "./lrs.policy.ts";

describe("LRS policy", () => {
  it("lets the company's hr and L&D leader manage its credentials and forwarding and see what waits", () => {
    expect(allowedBy((a) => lrsPolicy.manageCredentials(a, { companyId: COMPANY }))).toEqual(["hr", "ldleader"]);
    expect(allowedBy((a) => lrsPolicy.seeUnapplied(a, { companyId: COMPANY }))).toEqual(["hr", "ldleader"]);
    expect(allowedBy((a) => lrsPolicy.manageForwarding(a, { companyId: COMPANY }))).toEqual(["hr", "ldleader"]);
    expect(allowedBy((a) => lrsPolicy.manageForwarding(a, { companyId: OTHER_COMPANY }))).toEqual(["otherCompanyHr", "otherCompanyLdleader"]);
    expect(allowedBy((a) => lrsPolicy.manageCredentials(a, { companyId: OTHER_COMPANY }))).toEqual(["otherCompanyHr", "otherCompanyLdleader"]);
  });

  it("leaves which item an activity is to the company's L&D leader", () => {
    expect(allowedBy((a) => lrsPolicy.mapActivities(a, { companyId: COMPANY }))).toEqual(["ldleader"]);
  });
});
