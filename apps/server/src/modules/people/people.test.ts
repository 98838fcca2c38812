import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { invitations } from "../../db/schema/index.ts";
import { createTestContext, DEMO_PASSWORD, type Client, type TestContext } from "../../../test/helpers.ts";
import { addOperator, addPerson, createCompany, createCompanyWithRoles, createTeam } from "../../../test/factories.ts";

let t: TestContext;
let hr: Client, ld: Client, tl: Client, member: Client, globex: Client, admin: Client;
let engineering: number;
let marketing: number;
let memberId: number;
/** The emails of the shared company's hr and member. */
let DEMO: { hr: string; member: string };

// On an empty database, a world like the demo's: "Acme" with one person per role, its leader and
// member in Engineering, an empty Marketing team; a Globex member; a platform operator.
beforeAll(async () => {
  t = await createTestContext({ seed: false });
  const world = await createCompanyWithRoles(t, { name: "Acme", teamName: "Engineering" });
  [hr, ld, tl, member] = [world.hr.client, world.ldleader.client, world.teamleader.client, world.member.client];
  engineering = world.team.id;
  marketing = (await createTeam(t, { company: world.company.id, name: "Marketing" })).id;
  memberId = world.member.id;
  DEMO = { hr: world.hr.email, member: world.member.email };
  globex = (await addPerson(t, { company: (await createCompany(t, { name: "Globex" })).id, role: "member" })).client;
  admin = (await addOperator(t)).client;
});
afterAll(() => t.close());

/**
 * A company of its own, as the demo's Acme: hr, an L&D leader, Engineering with its leader and
 * Marco, and an empty Marketing team; no other test adds people, teams or requests to it.
 */
const ownCompany = async () => {
  const world = await createCompanyWithRoles(t, { name: "Acme", teamName: "Engineering", names: { member: "Marco Bianchi" } });
  const marketing = await createTeam(t, { company: world.company.id, name: "Marketing" });
  return {
    ...world,
    engineering: world.team.id,
    marketing: marketing.id,
    hr: world.hr.client,
    ld: world.ldleader.client,
    tl: world.teamleader.client,
    emails: { hr: world.hr.email, ld: world.ldleader.email, tl: world.teamleader.email, member: world.member.email },
  };
};
let invitees = 0;
/** …and an invite its team leader asked for, to Engineering. */
const inviteAsked = async () => {
  const own = await ownCompany();
  // An address of its own: an invitation is one per address, whichever test asked for it.
  const n = ++invitees;
  const res = await own.tl.post("/api/b2b/v1/invite-requests/", { email: `Newbie${n}@Outside.test`, team_id: own.engineering, reason: "New analyst" });
  expect(res.status).toBe(201);
  return { ...own, res, requestId: res.body.id as number, invitee: `newbie${n}@outside.test` };
};

describe("who is refused", () => {
  it("refuses callers without a session", async () => {
    for (const url of ["/api/b2b/v1/teams/", "/api/b2b/v1/employees/", "/api/b2b/v1/invite-requests/", "/api/b2b/v1/removal-requests/"]) {
      expect((await t.anonymous.get(url)).status, url).toBe(401);
    }
  });
  it("refuses lower roles", async () => {
    expect((await member.get("/api/b2b/v1/employees/")).status).toBe(403);
    expect((await member.post("/api/b2b/v1/teams/", { name: "Rogue" })).status).toBe(403);
    expect((await tl.post("/api/b2b/v1/teams/", { name: "Rogue" })).status).toBe(403);
    expect((await ld.patch(`/api/b2b/v1/employees/${memberId}/`, { role: "hr" })).status).toBe(403);
    expect((await member.post("/api/b2b/v1/invite-requests/", { email: "x@acme.test", team_id: engineering })).status).toBe(403);
    expect((await tl.post(`/api/b2b/v1/invite-requests/1/accept/`, {})).status).toBe(403);
    expect((await member.get("/api/b2b/v1/invite-requests/")).status).toBe(403);
    expect((await admin.get("/api/b2b/v1/teams/")).status).toBe(403);
  });
  it("hides another company's teams and people", async () => {
    expect((await globex.get(`/api/b2b/v1/teams/${engineering}/`)).status).toBe(404);
    expect((await globex.get(`/api/b2b/v1/teams/${engineering}/members/`)).status).toBe(404);
    expect((await globex.get("/api/b2b/v1/teams/")).body.count).toBe(0);
  });
});

describe("teams", () => {
  it("shows every team to hr and the L&D leader, and their own team to others", async () => {
    const { ld, tl, engineering, marketing, member: m, emails } = await ownCompany();
    const member = m.client;
    const DEMO = { teamleader: emails.tl, member: emails.member };
    expect((await ld.get("/api/b2b/v1/teams/")).body.count).toBe(2);
    const mine = await member.get("/api/b2b/v1/teams/");
    expect(mine.body.results.map((x: { name: string }) => x.name)).toEqual(["Engineering"]);
    expect(mine.body.results[0]).toMatchObject({ members_count: 2, leader: { email: DEMO.teamleader } });
    expect((await member.get(`/api/b2b/v1/teams/${marketing}/`)).status).toBe(404);
    expect((await tl.get(`/api/b2b/v1/teams/${engineering}/members/`)).body.results.map((e: { email: string }) => e.email).sort()).toEqual(
      [DEMO.member, DEMO.teamleader].sort(),
    );
  });

  it("lets hr create, rename, lead and delete teams; only empty teams can go", async () => {
    const created = await hr.post("/api/b2b/v1/teams/", { name: "Data" });
    expect(created.status).toBe(201);
    expect(await hr.post("/api/b2b/v1/teams/", { name: "data" })).toMatchObject({ status: 409, body: { error: { code: "team_name_taken" } } });
    expect((await hr.patch(`/api/b2b/v1/teams/${created.body.id}/`, { name: "Data & AI" })).body.name).toBe("Data & AI");
    expect(await hr.patch(`/api/b2b/v1/teams/${created.body.id}/`, { name: "Engineering" })).toMatchObject({
      status: 409,
      body: { error: { code: "team_name_taken" } },
    });
    expect(await hr.delete(`/api/b2b/v1/teams/${engineering}/`)).toMatchObject({ status: 409, body: { error: { code: "team_not_empty" } } });
    expect((await hr.delete(`/api/b2b/v1/teams/${created.body.id}/`)).status).toBe(204);
    expect((await hr.get(`/api/b2b/v1/teams/${created.body.id}/`)).status).toBe(404);
  });
});

describe("employees", () => {
  it("lists, searches, filters and sorts for hr; a team leader only ever sees their team", async () => {
    const { hr, ld, tl, engineering, marketing, emails } = await ownCompany();
    const DEMO = { member: emails.member };
    const sorted = Object.values(emails).sort();
    const all = await hr.get("/api/b2b/v1/employees/?ordering=email&sort=asc");
    expect(all.body.results.map((e: { email: string }) => e.email)).toEqual(sorted);
    expect((await hr.get("/api/b2b/v1/employees/?ordering=email&sort=desc")).body.results[0].email).toBe(sorted.at(-1));
    expect((await hr.get("/api/b2b/v1/employees/?search=marco")).body.results.map((e: { email: string }) => e.email)).toEqual([DEMO.member]);
    expect((await hr.get("/api/b2b/v1/employees/?role=teamleader")).body.count).toBe(1);
    expect((await ld.get(`/api/b2b/v1/employees/?team=${engineering}`)).body.count).toBe(2);
    const tlView = await tl.get(`/api/b2b/v1/employees/?team=${marketing}`);
    expect(tlView.body.results.every((e: { team: { id: number } | null }) => e.team?.id === engineering)).toBe(true);
    expect((await tl.get(`/api/b2b/v1/employees/${(await hr.get("/api/me")).body.account.id}/`)).status).toBe(404);
    expect((await hr.get("/api/b2b/v1/employees/?search=%25")).body.count).toBe(0);
  });

  it("lets hr change roles up to its own rank, never to admin, and never its own", async () => {
    const ldId = (await ld.get("/api/me")).body.account.id;
    const hrId = (await hr.get("/api/me")).body.account.id;
    expect((await hr.patch(`/api/b2b/v1/employees/${memberId}/`, { role: "admin" })).status).toBe(400);
    expect((await hr.patch(`/api/b2b/v1/employees/${hrId}/`, { role: "member" })).status).toBe(403);
    const promoted = await hr.patch(`/api/b2b/v1/employees/${ldId}/`, { role: "hr" });
    expect(promoted.body.role).toBe("hr");
    // The new role applies at once, even to the open session.
    expect((await ld.get("/api/b2b/v1/invite-requests/")).status).toBe(200);
    await hr.patch(`/api/b2b/v1/employees/${ldId}/`, { role: "ldleader" });
  });

  it("moves people between teams", async () => {
    const moved = await hr.patch(`/api/b2b/v1/employees/${memberId}/`, { team_id: marketing });
    expect(moved.body.team).toEqual({ id: marketing, name: "Marketing" });
    await hr.patch(`/api/b2b/v1/employees/${memberId}/`, { team_id: engineering });
    expect((await hr.patch(`/api/b2b/v1/employees/${memberId}/`, { team_id: 999999 })).status).toBe(404);
  });
});

describe("invite requests and invitations", () => {
  it("lets a team leader ask for an invite to their own team only", async () => {
    const { res, hr, tl, engineering, marketing, emails, invitee } = await inviteAsked();
    const DEMO = { teamleader: emails.tl, hr: emails.hr };
    expect(res.body).toMatchObject({ email: invitee, status: "pending", requested_by: { email: DEMO.teamleader }, decided_by: null });
    expect((await tl.post("/api/b2b/v1/invite-requests/", { email: "y@acme.test", team_id: marketing })).status).toBe(403);
    expect((await tl.post("/api/b2b/v1/invite-requests/", { email: DEMO.hr, team_id: engineering })).status).toBe(409);
    expect((await hr.get("/api/b2b/v1/invite-requests/?status=pending")).body.count).toBe(1);
    expect((await tl.get("/api/b2b/v1/invite-requests/?status=all")).body.count).toBe(1);
  });

  it("two hr people accepting at once make one decision and one mail", async () => {
    const { hr, requestId, company, invitee } = await inviteAsked();
    const hr2 = (await addPerson(t, { company: company.id, role: "hr", name: "Second HR" })).client;
    const [a, b] = await Promise.all([
      hr.post(`/api/b2b/v1/invite-requests/${requestId}/accept/`, {}),
      hr2.post(`/api/b2b/v1/invite-requests/${requestId}/accept/`, {}),
    ]);
    expect([a.status, b.status]).toEqual([200, 200]);
    expect(a.body.status).toBe("accepted");
    // One invitation (the team leader who asked is told of the decision too).
    const mails = await t.mails(invitee);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.text).toContain(company.name);
    expect(await hr.post(`/api/b2b/v1/invite-requests/${requestId}/reject/`, {})).toMatchObject({
      status: 409,
      body: { error: { code: "request_already_decided" } },
    });
  });

  it("the mailed link registers the invitee outside the allow-list, in the right team, once", async () => {
    const { hr, requestId, company, invitee } = await inviteAsked();
    expect((await hr.post(`/api/b2b/v1/invite-requests/${requestId}/accept/`, {})).status).toBe(200);
    const mail = (await t.outbox()).results.find((m: { to: string }) => m.to === invitee);
    const token = mail.text.match(/\/invitation\/([A-Za-z0-9_-]+)/)[1];
    const look = await t.anonymous.get(`/api/b2b/v1/invitations/${token}/`);
    expect(look.body).toMatchObject({ email: invitee, role: "member", team: { name: "Engineering" }, company: { name: "Acme" }, status: "pending" });
    expect((await t.anonymous.post(`/api/b2b/v1/invitations/${token}/accept/`, { name: "Nina Newbie", password: "123" })).status).toBe(400);
    const accepted = await t.anonymous.post(`/api/b2b/v1/invitations/${token}/accept/`, { name: "Nina Newbie", password: "welcome-1" });
    expect(accepted.status).toBe(201);
    expect(accepted.body.status).toBe("accepted");
    const me = (await (await t.as(invitee, "welcome-1")).get("/api/me")).body.account;
    expect(me).toMatchObject({ role: "member", domain: company.domain, team: { name: "Engineering" } });
    const again = await t.anonymous.post(`/api/b2b/v1/invitations/${token}/accept/`, { name: "X", password: "welcome-2" });
    expect(again.status).toBe(400);
    expect(again.body.error.code).toBe("invalid_token");
    expect((await t.anonymous.get("/api/b2b/v1/invitations/not-a-real-token-000000000/")).status).toBe(404);
  });

  it("refuses an invitation link older than 7 days", async () => {
    await hr.post("/api/b2b/v1/invitations/", { email: "late@outside.test" });
    const mail = (await t.outbox()).results.find((m: { to: string }) => m.to === "late@outside.test");
    const token = mail.text.match(/\/invitation\/([A-Za-z0-9_-]+)/)[1];
    const eightDaysAgo = new Date(Date.now() - 8 * 86_400_000);
    await t.database.db.update(invitations).set({ expiresAt: eightDaysAgo }).where(eq(invitations.email, "late@outside.test"));
    expect((await t.anonymous.get(`/api/b2b/v1/invitations/${token}/`)).body.status).toBe("expired");
    expect((await t.anonymous.post(`/api/b2b/v1/invitations/${token}/accept/`, { name: "Late", password: "welcome-1" })).status).toBe(400);
    expect((await t.anonymous.post("/api/auth/sign-up/email", { name: "Late", email: "late@outside.test", password: "welcome-1" })).status).toBe(403);
  });

  it("lets hr invite directly; a rejected request invites nobody", async () => {
    const before = (await t.outbox()).count;
    expect((await hr.post("/api/b2b/v1/invitations/", { email: "direct@acme.test", role: "ldleader", team_id: null })).status).toBe(201);
    expect((await t.outbox()).count).toBe(before + 1);
    expect((await hr.post("/api/b2b/v1/invitations/", { email: DEMO.member })).status).toBe(409);
    const req = await tl.post("/api/b2b/v1/invite-requests/", { email: "nope@outside.test", team_id: engineering });
    const rejected = await hr.post(`/api/b2b/v1/invite-requests/${req.body.id}/reject/`, { reason: "Budget freeze" });
    expect(rejected.body).toMatchObject({ status: "rejected", reason: "Budget freeze", decided_by: { email: DEMO.hr } });
    // Nothing to the person asked for; the team leader who asked is told of the decision.
    expect(await t.mails("nope@outside.test")).toHaveLength(0);
    expect((await tl.get("/api/notifications")).body.results[0]).toMatchObject({
      kind: "invite_request_decided",
      params: { email: "nope@outside.test", status: "rejected" },
    });
  });
});

describe("removal requests", () => {
  it("lets a team leader ask to remove a member of their team, not themselves nor others", async () => {
    const tlId = (await tl.get("/api/me")).body.account.id;
    const hrId = (await hr.get("/api/me")).body.account.id;
    expect((await tl.post("/api/b2b/v1/removal-requests/", { employee_id: tlId })).status).toBe(403);
    expect((await tl.post("/api/b2b/v1/removal-requests/", { employee_id: hrId })).status).toBe(403);
    expect((await globex.post("/api/b2b/v1/removal-requests/", { employee_id: memberId })).status).toBe(403);
  });

  it("accepting a removal takes the person off the team: the account stays active and signs in", async () => {
    const res = await tl.post("/api/b2b/v1/removal-requests/", { employee_id: memberId, reason: "Moved to another project" });
    expect(res.status).toBe(201);
    expect(await tl.post("/api/b2b/v1/removal-requests/", { employee_id: memberId })).toMatchObject({
      status: 409,
      body: { error: { code: "removal_already_pending" } },
    });
    const decided = await hr.post(`/api/b2b/v1/removal-requests/${res.body.id}/accept/`, {});
    expect(decided.body).toMatchObject({ status: "accepted", employee: { email: DEMO.member } });
    expect((await hr.post(`/api/b2b/v1/removal-requests/${res.body.id}/accept/`, {})).status).toBe(200);
    // Still signed in, still able to sign in, with no team.
    const me = await member.get("/api/me");
    expect(me.status).toBe(200);
    expect(me.body.account).toMatchObject({ status: "active", team: null });
    const signIn = await t.anonymous.post("/api/auth/sign-in/email", { email: DEMO.member, password: DEMO_PASSWORD });
    expect(signIn.status).toBe(200);
    expect((await hr.get(`/api/b2b/v1/employees/${memberId}/`)).body).toMatchObject({ status: "active", team: null });
    expect((await tl.get(`/api/b2b/v1/teams/${engineering}/members/`)).body.results.map((e: { email: string }) => e.email)).not.toContain(DEMO.member);
    // The audit trail says what happened: taken off the team, not deactivated.
    const audit = (await admin.get("/api/b2b/v1/admin/audit/?entity=account&page_size=20")).body.results as {
      action: string;
      entity_id: number;
      reason: string | null;
    }[];
    const entry = audit.find((e) => e.entity_id === memberId);
    expect(entry).toMatchObject({ action: "remove_from_team", reason: "Moved to another project" });
    expect(audit.filter((e) => e.entity_id === memberId).map((e) => e.action)).not.toContain("deactivate");
  });
});
