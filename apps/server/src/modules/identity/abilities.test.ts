import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { accountAbilities, type AccountAbilities } from "@learnward/contracts";
import { type Client, createTestContext, type TestContext } from "../../../test/helpers.ts";
import { addOperator, addPerson, createCompany, createCompanyWithRoles } from "../../../test/factories.ts";
import { identityPolicy } from "./identity.policy.ts";

let t: TestContext;
beforeAll(async () => {
  t = await createTestContext({ seed: false });
});
afterAll(() => t.close());

// Every ability off but being one of a company's people, which everyone here is but the operator.
const none: AccountAbilities = {
  company_area: true,
  admin_area: false,
  read_outbox: false,
  see_people: false,
  see_all_people: false,
  see_own_team: false,
  manage_people: false,
  decide_people_requests: false,
  request_people_changes: false,
  see_plan_progress: false,
  assign_plans: false,
  decide_publish_requests: false,
  see_team_budget: false,
  manage_company_budget: false,
  decide_purchase_requests: false,
  request_purchases: false,
  manage_compliance: false,
  read_compliance: false,
  manage_chat_hooks: false,
  manage_scim_token: false,
  manage_sso: false,
  curate_catalog: false,
  add_starter_catalog: false,
  manage_catalog_feeds: false,
  manage_lrs: false,
  map_xapi_activities: false,
  revoke_certificates: false,
  see_team_skill_levels: false,
};

// A team leader's abilities short of the purchase ones, which need a team.
const teamleaderWithoutTeam: AccountAbilities = {
  ...none,
  see_people: true,
  see_own_team: true,
  request_people_changes: true,
  see_plan_progress: true,
  assign_plans: true,
  see_team_budget: true,
  see_team_skill_levels: true,
};

// Every account-level ability for every kind of account: what the web app's menus and pages offer.
const expected: Record<string, AccountAbilities> = {
  // A platform operator holds no company: none of its pages are theirs.
  // Outside production (as here) the server keeps a mail outbox, which operators read.
  admin: { ...none, company_area: false, admin_area: true, read_outbox: true },
  hr: {
    ...none,
    see_people: true,
    see_all_people: true,
    manage_people: true,
    decide_people_requests: true,
    manage_chat_hooks: true,
    manage_scim_token: true,
    manage_sso: true,
    manage_catalog_feeds: true,
    manage_lrs: true,
    revoke_certificates: true,
    see_team_skill_levels: true,
    read_compliance: true,
  },
  ldleader: {
    ...none,
    see_people: true,
    see_all_people: true,
    see_plan_progress: true,
    assign_plans: true,
    decide_publish_requests: true,
    curate_catalog: true,
    add_starter_catalog: true,
    manage_catalog_feeds: true,
    manage_lrs: true,
    map_xapi_activities: true,
    see_team_budget: true,
    manage_company_budget: true,
    decide_purchase_requests: true,
    see_team_skill_levels: true,
    manage_compliance: true,
    read_compliance: true,
  },
  teamleader: { ...teamleaderWithoutTeam, decide_purchase_requests: true, request_purchases: true },
  // Without a team a team leader decides no purchase request (budgeting.policy decideScope).
  teamleaderWithoutTeam,
  member: { ...none, request_purchases: true },
  globex: none,
};

describe("GET /api/me abilities (one source: each module's policy)", () => {
  it("answers every ability for every role, a team leader without a team and another company's member", async () => {
    const { company, hr, ldleader, teamleader, member } = await createCompanyWithRoles(t);
    const clients: Record<string, Client> = {
      admin: (await addOperator(t)).client,
      hr: hr.client,
      ldleader: ldleader.client,
      teamleader: teamleader.client,
      member: member.client,
      globex: (await addPerson(t, { company: (await createCompany(t)).id, role: "member" })).client,
      teamleaderWithoutTeam: (await addPerson(t, { company: company.id, role: "teamleader", teamId: null })).client,
    };
    for (const [who, abilities] of Object.entries(expected)) {
      const me = await clients[who]!.get("/api/me");
      expect(me.status, who).toBe(200);
      expect(me.body.abilities, who).toEqual(abilities);
      // The web app's fixtures derive abilities from contracts' accountAbilities: it must agree with the server.
      expect(accountAbilities({ role: me.body.account.role, teamId: me.body.account.team?.id ?? null }, { outbox: true }), who).toEqual(abilities);
      expect((await clients[who]!.get("/api/session")).body.me.abilities, who).toEqual(abilities);
    }
  });

  it("offers no operator the mail outbox on a server that keeps none (production)", () => {
    const actor = {
      uid: "operator",
      accountId: 1,
      email: "operator@example.com",
      role: "admin" as const,
      companyId: null,
      teamId: null,
      twoFactorPending: false,
    };
    expect(identityPolicy.accountAbilities(actor, { outbox: false }).read_outbox).toBe(false);
    expect(identityPolicy.accountAbilities(actor, { outbox: true }).read_outbox).toBe(true);
  });

  it("answers no abilities without a session", async () => {
    expect((await t.anonymous.get("/api/me")).status).toBe(401);
    expect((await t.anonymous.get("/api/session")).body).toEqual({ me: null });
  });
});
