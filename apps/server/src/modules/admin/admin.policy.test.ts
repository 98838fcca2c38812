import { describe, expect, it } from "vitest";
import { ACTORS, type ActorKey, allowedBy } from "../../../test/actors.ts";
import { adminPolicy } from "./admin.policy.ts";

type A = (typeof ACTORS)[ActorKey];
const self = ACTORS.admin.accountId;

// Outline-style: each rule, the callers it allows. Admin routes answer 403 to every other role and 401 without a session (permissions.test.ts).
const rules: [string, (a: A) => boolean, ActorKey[]][] = [
  ["account: admin area", (a) => adminPolicy.accountAbilities(a).admin_area, ["admin"]],
  ["is a platform operator", (a) => adminPolicy.isOperator(a), ["admin"]],
];

describe("admin policy", () => {
  it.each(rules)("%s", (_name, rule, allowed) => {
    expect(allowedBy(rule)).toEqual(allowed);
  });

  it("lets an operator change anyone but never deactivate or demote themselves", () => {
    const admin = ACTORS.admin;
    expect(adminPolicy.changeAccount(admin, { id: 42, role: "member", status: "deactivated" })).toBe(true);
    expect(adminPolicy.changeAccount(admin, { id: self, role: "admin", status: "active" })).toBe(true);
    expect(adminPolicy.changeAccount(admin, { id: self })).toBe(true);
    expect(adminPolicy.changeAccount(admin, { id: self, status: "deactivated" })).toBe(false);
    expect(adminPolicy.changeAccount(admin, { id: self, role: "hr" })).toBe(false);
  });

  it("keeps everyone but platform operators in a company, and operators in none", () => {
    expect(adminPolicy.roleCompanyMismatch("admin", false)).toBeNull();
    expect(adminPolicy.roleCompanyMismatch("admin", true)).toBe("operator_has_company");
    for (const role of ["hr", "ldleader", "teamleader", "member"] as const) {
      expect(adminPolicy.roleCompanyMismatch(role, true), role).toBeNull();
      expect(adminPolicy.roleCompanyMismatch(role, false), role).toBe("company_required");
    }
  });
});
