import { describe, expect, it } from "vitest";
import { allowedBy, COMPANY, OTHER_COMPANY } from "../../../test/actors.ts";
import { scimPolicy } from "./scim.policy.ts";

describe("SCIM policy", () => {
  it("lets the company's hr, and platform operators, create, rotate and revoke its SCIM token", () => {
    expect(allowedBy((a) => scimPolicy.manageToken(a, { companyId: COMPANY }))).toEqual(["admin", "hr"]);
    expect(allowedBy((a) => scimPolicy.manageToken(a, { companyId: OTHER_COMPANY }))).toEqual(["admin", "otherCompanyHr"]);
  });

  it("shows the ability on /api/me to hr only", () => {
    expect(allowedBy((a) => scimPolicy.accountAbilities(a).manage_scim_token)).toEqual(["hr", "otherCompanyHr"]);
  });
});
