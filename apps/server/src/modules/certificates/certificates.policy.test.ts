import { describe, expect, it } from "vitest";
import { ACTORS, allowedBy, COMPANY } from "../../../test/actors.ts";
import { certificatesPolicy } from "./certificates.policy.ts";

describe("certificates policy", () => {
  const members = { accountId: ACTORS.member.accountId, companyId: COMPANY };

  it("lets the holder and hr of the issuing company read and download a certificate, nobody else", () => {
    expect(allowedBy((a) => certificatesPolicy.read(a, members))).toEqual(["hr", "member"]);
  });

  it("lets only hr of the issuing company revoke it, not its holder", () => {
    expect(allowedBy((a) => certificatesPolicy.revoke(a, members))).toEqual(["hr"]);
    const hrOwn = { accountId: ACTORS.hr.accountId, companyId: COMPANY };
    expect(allowedBy((a) => certificatesPolicy.revoke(a, hrOwn))).toEqual(["hr"]);
  });

  it("lists someone's certificates for themselves and for hr of their company", () => {
    expect(allowedBy((a) => certificatesPolicy.listOf(a, { id: ACTORS.teamleader.accountId, companyId: COMPANY }))).toEqual(["hr", "teamleader"]);
  });

  it("sends abilities the web app gates its buttons with", () => {
    expect(certificatesPolicy.abilities(ACTORS.member, members)).toEqual({ download: true, revoke: false });
    expect(certificatesPolicy.abilities(ACTORS.hr, members)).toEqual({ download: true, revoke: true });
    expect(certificatesPolicy.abilities(ACTORS.otherCompanyHr, members)).toEqual({ download: false, revoke: false });
  });
});
