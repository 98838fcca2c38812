import { describe, expect, it } from "vitest";
import { ACTORS, allowedBy, COMPANY } from "../../../test/actors.ts";
import { discoverPolicy } from "./discover.policy.ts";

describe("discover policy", () => {
  it("keeps a copilot conversation its owner's alone, the L&D leader and platform operators included", () => {
    expect(allowedBy((a) => discoverPolicy.readConversation(a, { accountId: ACTORS.member.accountId, companyId: COMPANY }))).toEqual(["member"]);
    expect(allowedBy((a) => discoverPolicy.readConversation(a, { accountId: ACTORS.ldleader.accountId, companyId: COMPANY }))).toEqual(["ldleader"]);
  });

  it("refuses even the owner's id when the conversation is filed under another company", () => {
    expect(discoverPolicy.readConversation(ACTORS.member, { accountId: ACTORS.member.accountId, companyId: COMPANY + 1 })).toBe(false);
  });
});
