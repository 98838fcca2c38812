import { describe, expect, it } from "vitest";
import { allowedBy, COMPANY, OTHER_COMPANY } from "../../../test/actors.ts";
import { ssoPolicy } from "./sso.policy.ts";

describe("single sign-on policy", () => {
  it("lets the company's hr, and platform operators, read and change its identity provider connections", () => {
    expect(allowedBy((a) => ssoPolicy.manage(a, { companyId: COMPANY }))).toEqual(["admin", "hr"]);
    expect(allowedBy((a) => ssoPolicy.manage(a, { companyId: OTHER_COMPANY }))).toEqual(["admin", "otherCompanyHr"]);
    expect(allowedBy((a) => ssoPolicy.accountAbilities(a).manage_sso)).toEqual(["hr", "otherCompanyHr"]);
  });

  it("requires single sign-on when an enabled connection says so, and not for a disabled one", () => {
    expect(ssoPolicy.companyRequiresSso([])).toBe(false);
    expect(ssoPolicy.companyRequiresSso([null, undefined])).toBe(false);
    expect(ssoPolicy.companyRequiresSso([{ enabled: false, requireSso: true }])).toBe(false);
    expect(ssoPolicy.companyRequiresSso([{ enabled: true, requireSso: false }])).toBe(false);
    expect(
      ssoPolicy.companyRequiresSso([
        { enabled: false, requireSso: true },
        { enabled: true, requireSso: true },
      ]),
    ).toBe(true);
  });

  it("keeps passwords for everyone of a company without it, and for platform operators always", () => {
    const roles = ["admin", "hr", "ldleader", "teamleader", "member"] as const;
    expect(roles.filter((role) => ssoPolicy.passwordAllowed({ role, companyRequiresSso: true }))).toEqual(["admin"]);
    expect(roles.filter((role) => ssoPolicy.passwordAllowed({ role, companyRequiresSso: false }))).toEqual([...roles]);
  });
});
