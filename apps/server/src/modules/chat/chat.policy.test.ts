import { describe, expect, it } from "vitest";
import { allowedBy, COMPANY, OTHER_COMPANY } from "../../../test/actors.ts";
import { chatPolicy } from "./chat.policy.ts";

describe("chat policy", () => {
  it("lets the company's hr, and platform operators, read and set its chat hooks", () => {
    expect(allowedBy((a) => chatPolicy.manage(a, { companyId: COMPANY }))).toEqual(["admin", "hr"]);
    expect(allowedBy((a) => chatPolicy.manage(a, { companyId: OTHER_COMPANY }))).toEqual(["admin", "otherCompanyHr"]);
  });

  it("shows the ability on /api/me to hr only (operators reach hooks from the admin area)", () => {
    expect(allowedBy((a) => chatPolicy.accountAbilities(a).manage_chat_hooks)).toEqual(["hr", "otherCompanyHr"]);
  });
});
