import { describe, expect, it } from "vitest";
import type { Db } from "../../db/client.ts";
import { createClock } from "../../lib/clock.ts";
import type { CompanyRow, IdentityRepo } from "./identity.repo.ts";
import { asInvitee, asOperator, createIdentityService } from "./identity.service.ts";

// Identity's registration rules on their own, with a stand-in repo (no database).
const company = (over: Partial<CompanyRow>) =>
  ({ id: 7, domain: "acme.test", status: "active", registrationAllowlist: ["*@acme.test"], ...over }) as CompanyRow;
const invitation = { id: 3, email: "new@acme.test", companyId: 7, teamId: 11, role: "teamleader" as const };
// A stand-in repo with only the reads these rules make (the whole repo needs a database).
// These rules only read: no database, so no transaction to open.
const noDb = {} as Db;
const serviceWith = (c: CompanyRow | undefined) =>
  createIdentityService({
    db: noDb,
    repo: {
      companyByDomain: async (domain: string) => (c && c.domain === domain ? c : undefined),
      pendingInvitationById: async (id: number) => (id === invitation.id ? invitation : undefined),
    } as unknown as IdentityRepo,
    clock: createClock(),
  });

describe("who may register, and where they land", () => {
  it("admits an address the active company's allow-list names, as an unverified member", async () => {
    const service = serviceWith(company({}));
    expect(await service.registrationTarget("Ana@Acme.test")).toEqual({ companyId: 7, teamId: null, role: "member", verified: false });
    expect(await service.admittedByAllowList("ana@acme.test")).toBe(7);
  });

  it("refuses everyone while the company is suspended, even on its allow-list", async () => {
    const service = serviceWith(company({ status: "suspended" }));
    expect(await service.registrationTarget("ana@acme.test")).toBeNull();
    expect(await service.admittedByAllowList("ana@acme.test")).toBeNull();
  });

  it("refuses an address of the company's domain that its allow-list does not name", async () => {
    const service = serviceWith(company({ registrationAllowlist: ["boss@acme.test"] }));
    expect(await service.registrationTarget("ana@acme.test")).toBeNull();
    expect(await service.registrationTarget("Boss@acme.test")).toMatchObject({ companyId: 7, role: "member" });
  });

  it("lands an invitee where the invitation says, verified, but only for the invited address", async () => {
    const service = serviceWith(undefined);
    expect(await asInvitee(3, () => service.registrationTarget("NEW@acme.test"))).toEqual({
      companyId: 7,
      teamId: 11,
      role: "teamleader",
      invitationId: 3,
      verified: true,
    });
    expect(await asInvitee(3, () => service.registrationTarget("other@acme.test"))).toBeNull();
    expect(await service.registrationTarget("new@acme.test")).toBeNull();
  });

  it("makes the operator command's account a platform operator with no company", async () => {
    expect(await asOperator(() => serviceWith(undefined).registrationTarget("ops@example.com"))).toEqual({
      companyId: null,
      teamId: null,
      role: "admin",
      verified: true,
    });
  });
});

describe("who may start a session", () => {
  // A stand-in repo answering only the one read this rule makes.
  const serviceFor = (account: { status: string; companyStatus: string | null } | undefined) =>
    createIdentityService({ db: noDb, repo: { accountByUid: async () => account } as unknown as IdentityRepo, clock: createClock() });

  it("lets an active account of an active company in, and leaves an unknown user to better-auth", async () => {
    expect(await serviceFor({ status: "active", companyStatus: "active" }).signInRefusal("u1")).toBeNull();
    expect(await serviceFor({ status: "active", companyStatus: null }).signInRefusal("u1")).toBeNull();
    expect(await serviceFor(undefined).signInRefusal("u1")).toBeNull();
  });

  it("refuses a deactivated account, then anyone of a suspended company", async () => {
    expect(await serviceFor({ status: "inactive", companyStatus: "suspended" }).signInRefusal("u1")).toBe("ACCOUNT_INACTIVE");
    expect(await serviceFor({ status: "active", companyStatus: "suspended" }).signInRefusal("u1")).toBe("COMPANY_SUSPENDED");
  });
});
