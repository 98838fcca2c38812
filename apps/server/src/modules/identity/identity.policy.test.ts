import { describe, expect, it } from "vitest";
import { ACTORS, allowedBy, COMPANY, OTHER_COMPANY, SEES_COMPANY } from "../../../test/actors.ts";
import { identityPolicy } from "./identity.policy.ts";

describe("identity policy", () => {
  it("lets active people of an active company (or of none: a platform operator) hold a session", () => {
    expect(identityPolicy.sessionRefusal({ status: "active", companyStatus: "active" })).toBeNull();
    expect(identityPolicy.sessionRefusal({ status: "active", companyStatus: null })).toBeNull();
  });

  it("refuses a session to a deactivated person, whatever their company's status", () => {
    expect(identityPolicy.sessionRefusal({ status: "deactivated", companyStatus: "active" })).toBe("account_inactive");
    expect(identityPolicy.sessionRefusal({ status: "deactivated", companyStatus: "suspended" })).toBe("account_inactive");
    expect(identityPolicy.sessionRefusal({ status: "deactivated", companyStatus: null })).toBe("account_inactive");
  });

  it("refuses a session to an active person of a suspended company", () => {
    expect(identityPolicy.sessionRefusal({ status: "active", companyStatus: "suspended" })).toBe("company_suspended");
  });

  it("asks platform operators always, and hr and L&D leaders when their company says so, for a second factor", () => {
    const must = (companyRequiresTwoFactor: boolean | null) => allowedBy((a) => identityPolicy.mustUseTwoFactor({ role: a.role, companyRequiresTwoFactor }));
    expect(must(false)).toEqual(["admin"]);
    expect(must(null)).toEqual(["admin"]);
    expect(must(true)).toEqual(["admin", "hr", "ldleader", "otherCompanyHr", "otherCompanyLdleader"]);
  });

  it("shows an account to its owner and to people of its company; a platform operator sees every company", () => {
    expect(allowedBy((a) => identityPolicy.readAccount(a, { uid: "someone-else", companyId: COMPANY }))).toEqual(SEES_COMPANY);
    expect(allowedBy((a) => identityPolicy.readAccount(a, { uid: ACTORS.member.uid, companyId: COMPANY }))).toContain("member");
    expect(allowedBy((a) => identityPolicy.readCompany(a, { id: OTHER_COMPANY }))).toEqual([
      "admin",
      "otherCompanyHr",
      "otherCompanyLdleader",
      "otherCompanyTeamleader",
    ]);
  });

  it("lets each person of a company manage their own personal access tokens, nobody else's", () => {
    expect(allowedBy((a) => identityPolicy.manageAccessTokens(a, { accountId: a.accountId }))).not.toContain("admin");
    expect(allowedBy((a) => identityPolicy.manageAccessTokens(a, { accountId: a.accountId }))).toContain("member");
    expect(allowedBy((a) => identityPolicy.manageAccessTokens(a, { accountId: ACTORS.member.accountId }))).toEqual(["member"]);
  });

  it("opens to a personal access token only what every person of a company may do, and never a session-only route", () => {
    expect(identityPolicy.accessTokenOpens({ access: "signed-in" })).toBe(true);
    expect(identityPolicy.accessTokenOpens({ access: "public" })).toBe(true);
    expect(identityPolicy.accessTokenOpens({ access: ["hr", "ldleader", "teamleader", "member"] })).toBe(true);
    expect(identityPolicy.accessTokenOpens({ access: ["hr"] })).toBe(false);
    expect(identityPolicy.accessTokenOpens({ access: ["admin"] })).toBe(false);
    expect(identityPolicy.accessTokenOpens({ access: ["hr", "ldleader", "teamleader"] })).toBe(false);
    expect(identityPolicy.accessTokenOpens({ access: "signed-in", sessionOnly: true })).toBe(false);
    expect(identityPolicy.accessTokenOpens({})).toBe(false);
  });
});
