import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { invitations } from "../../db/schema/index.ts";
import { createTestContext, type Client, type TestContext } from "../../../test/helpers.ts";
import { addOperator, addPerson, createCompany, createCompanyWithRoles } from "../../../test/factories.ts";

// Invitations people can manage. hr lists its company's open invitations, resends
// (a new link, the old one void) and revokes them; platform operators do so for any company.
let t: TestContext;
let hr: Client, ld: Client, tl: Client, member: Client, admin: Client, globexHr: Client;
let engineering: number;
let acme: number, globex: number;

// Two companies of their own on an empty database: "Acme" with one person per role and its
// Engineering team, "Globex" with an hr; and a platform operator.
beforeAll(async () => {
  t = await createTestContext({ seed: false });
  const world = await createCompanyWithRoles(t, { teamName: "Engineering" });
  [hr, ld, tl, member] = [world.hr.client, world.ldleader.client, world.teamleader.client, world.member.client];
  engineering = world.team.id;
  acme = world.company.id;
  globex = (await createCompany(t)).id;
  globexHr = (await addPerson(t, { company: globex, role: "hr" })).client;
  admin = (await addOperator(t)).client;
});
// The tests of this file share one app: each starts on its real time.
afterEach(() => t.app.clock.setOffsetDays(0));
afterAll(() => t.close());

type Listed = {
  id: number;
  status: string;
  email: string;
  role: string;
  team: { id: number; name: string } | null;
  company: { id: number };
  invited_by: { display_name: string } | null;
  sent_at: string;
  expires_at: string;
};
const list = async (c: Client, query = "") => {
  const res = await c.get(`/api/b2b/v1/invitations/${query}`);
  expect(res.status, res.text).toBe(200);
  return res.body as { count: number; results: Listed[] };
};
const emails = async (c: Client, query = "") => (await list(c, query)).results.map((i) => i.email);
const invite = async (email: string, body: object = {}) => {
  const res = await hr.post("/api/b2b/v1/invitations/", { email, ...body });
  expect(res.status, res.text).toBe(201);
  return res.body.id as number;
};
const tokenIn = async (email: string, count?: number) => (await t.linkIn(email, count)).pathname.split("/").pop()!;
const statusOf = async (token: string) => (await t.anonymous.get(`/api/b2b/v1/invitations/${token}/`)).body.status;

describe("who may manage invitations", () => {
  it("refuses callers without a session and roles other than hr and admin", async () => {
    const id = await invite("refused@outside.test");
    expect((await t.anonymous.get("/api/b2b/v1/invitations/")).status).toBe(401);
    for (const c of [ld, tl, member]) {
      expect((await c.get("/api/b2b/v1/invitations/")).status).toBe(403);
      expect((await c.post(`/api/b2b/v1/invitations/${id}/resend/`, {})).status).toBe(403);
      expect((await c.post(`/api/b2b/v1/invitations/${id}/revoke/`, {})).status).toBe(403);
    }
  });

  it("keeps each company's invitations to its own hr: another company's hr gets 404 and changes nothing", async () => {
    const id = await invite("isolated@outside.test");
    const token = await tokenIn("isolated@outside.test");
    expect(await emails(globexHr)).not.toContain("isolated@outside.test");
    // Asking for Acme's company changes nothing for hr: they see their own.
    expect(await emails(globexHr, `?company=${acme}`)).not.toContain("isolated@outside.test");
    expect((await globexHr.post(`/api/b2b/v1/invitations/${id}/resend/`, {})).status).toBe(404);
    expect((await globexHr.post(`/api/b2b/v1/invitations/${id}/revoke/`, {})).status).toBe(404);
    expect((await hr.post("/api/b2b/v1/invitations/999999/revoke/", {})).status).toBe(404);
    expect(await statusOf(token)).toBe("pending");
    expect((await t.mails("isolated@outside.test")).length).toBe(1);
  });
});

describe("hr's open invitations", () => {
  it("lists who, role, team, when sent and when it expires, newest first", async () => {
    await invite("first@outside.test");
    await invite("second@outside.test", { role: "teamleader", team_id: engineering });
    const page = await list(hr, "?search=outside.test&page_size=2");
    expect(page.count).toBeGreaterThanOrEqual(2);
    const [second, first] = page.results;
    expect(second).toMatchObject({
      email: "second@outside.test",
      role: "teamleader",
      team: { id: engineering, name: "Engineering" },
      company: { id: acme },
      invited_by: { display_name: expect.any(String) },
    });
    expect(first).toMatchObject({ email: "first@outside.test", role: "member", team: null });
    // Valid for 7 days from when it was sent.
    expect(Math.abs(new Date(second!.expires_at).getTime() - new Date(second!.sent_at).getTime() - 7 * 86_400_000)).toBeLessThan(60_000);
  });

  it("resends: a new link works, the old one is void, and the list shows the invitation once", async () => {
    const id = await invite("resend@outside.test");
    const old = await tokenIn("resend@outside.test");
    const res = await hr.post(`/api/b2b/v1/invitations/${id}/resend/`, {});
    expect(res.status, res.text).toBe(200);
    expect(res.body).toMatchObject({ email: "resend@outside.test" });
    expect(res.body.id).not.toBe(id);
    const fresh = await tokenIn("resend@outside.test", 2);
    expect(fresh).not.toBe(old);
    expect(await statusOf(old)).toBe("revoked");
    expect(await statusOf(fresh)).toBe("pending");
    expect((await list(hr, "?search=resend@")).results.map((i) => i.id)).toEqual([res.body.id]);
  });

  it("revokes: the link stops working and the invitation leaves the list", async () => {
    const id = await invite("revoke@outside.test");
    const token = await tokenIn("revoke@outside.test");
    expect((await hr.post(`/api/b2b/v1/invitations/${id}/revoke/`, {})).status).toBe(204);
    expect((await hr.post(`/api/b2b/v1/invitations/${id}/revoke/`, {})).status).toBe(204);
    expect(await emails(hr)).not.toContain("revoke@outside.test");
    expect(await statusOf(token)).toBe("revoked");
    expect((await t.anonymous.post(`/api/b2b/v1/invitations/${token}/accept/`, { name: "Too late", password: "secret12" })).status).toBe(400);
  });

  it("drops accepted and expired invitations from the list; an accepted one can't be resent or revoked", async () => {
    const accepted = await invite("accepted@outside.test");
    const token = await tokenIn("accepted@outside.test");
    expect((await t.anonymous.post(`/api/b2b/v1/invitations/${token}/accept/`, { name: "Joined", password: "secret12" })).status).toBe(201);
    const expired = await invite("expired@outside.test");
    await t.database.db
      .update(invitations)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(invitations.id, expired));
    const listed = await emails(hr);
    expect(listed).not.toContain("accepted@outside.test");
    expect(listed).not.toContain("expired@outside.test");
    // Asked for, the expired ones come too, to send a fresh link.
    const withExpired = (await list(hr, "?include_expired=true&page_size=100")).results;
    expect(withExpired.find((i) => i.email === "expired@outside.test")).toMatchObject({ id: expired, status: "expired" });
    expect(withExpired.map((i) => i.email)).not.toContain("accepted@outside.test");
    expect(await hr.post(`/api/b2b/v1/invitations/${accepted}/resend/`, {})).toMatchObject({
      status: 409,
      body: { error: { code: "invitation_already_accepted" } },
    });
    expect(await hr.post(`/api/b2b/v1/invitations/${accepted}/revoke/`, {})).toMatchObject({
      status: 409,
      body: { error: { code: "invitation_already_accepted" } },
    });
  });
});

describe("platform operators", () => {
  it("see every company's open invitations, one company's on asking, and resend any", async () => {
    await invite("acme-guest@outside.test");
    const globexInvite = (await globexHr.post("/api/b2b/v1/invitations/", { email: "globex-guest@outside.test" })).body.id as number;
    const all = await emails(admin, "?page_size=100");
    expect(all).toContain("globex-guest@outside.test");
    expect(all).toContain("acme-guest@outside.test");
    expect(await emails(admin, `?company=${acme}&page_size=100`)).not.toContain("globex-guest@outside.test");
    const res = await admin.post(`/api/b2b/v1/invitations/${globexInvite}/resend/`, {});
    expect(res.status, res.text).toBe(200);
    expect(res.body.company.id).toBe(globex);
    expect((await t.mails("globex-guest@outside.test")).length).toBe(2);
  });
});

describe("an invitation's expiry follows the app's clock", () => {
  it("shows an invitation as expired once the app's clock passes its 7 days, and refuses to accept it", async () => {
    await invite("clocked@outside.test");
    const token = await tokenIn("clocked@outside.test");
    t.app.clock.setOffsetDays(9);
    expect(await statusOf(token)).toBe("expired");
    expect(await emails(hr)).not.toContain("clocked@outside.test");
    const res = await t.anonymous.post(`/api/b2b/v1/invitations/${token}/accept/`, { name: "Too late", password: "secret12" });
    expect(res.status).toBe(400);
    expect(res.body.error.code).toBe("invitation_expired");
    // Who to ask for a new link.
    expect(res.body.error.details).toMatchObject({ company: expect.any(String), invited_by: expect.any(String) });
    expect((await t.anonymous.post("/api/auth/sign-in/email", { email: "clocked@outside.test", password: "secret12" })).status).toBe(401);
  });

  it("gives a link sent under a moved clock its full 7 days of that clock", async () => {
    t.app.clock.setOffsetDays(9);
    await invite("sent-later@outside.test");
    const token = await tokenIn("sent-later@outside.test");
    expect(await statusOf(token)).toBe("pending");
    t.app.clock.setOffsetDays(15);
    expect(await statusOf(token)).toBe("pending");
    expect((await t.anonymous.post(`/api/b2b/v1/invitations/${token}/accept/`, { name: "In time", password: "secret12" })).status).toBe(201);
  });
});
