import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { accounts, authUsers } from "../../db/schema/index.ts";
import { createTestContext, DEMO, type Client, type TestContext } from "../../../test/helpers.ts";
import { startSmtpServer } from "../../../test/smtp.ts";

// Issue 22, identity and registration: what an attacker tried, now refused.
let t: TestContext;
let hr: Client;
let globexHr: Client;

beforeAll(async () => {
  t = await createTestContext();
  hr = await t.as(DEMO.hr);
  // Globex has no hr in the demo: make one, the way an operator would (an invitation link).
  globexHr = await inviteAndAccept(await t.as(DEMO.admin), "globex", "boss@globex.test", "hr");
});
afterAll(() => t.close());

const signUp = (email: string, password = "secret12", headers?: Record<string, string>) =>
  t.anonymous.post("/api/auth/sign-up/email", { name: "Someone", email, password }, headers);
const signInStatus = async (email: string, password = "secret12") => (await t.anonymous.post("/api/auth/sign-in/email", { email, password })).status;
const accountOf = async (email: string) => {
  const [row] = await t.database.db
    .select({ role: accounts.role, companyId: accounts.companyId, teamId: accounts.teamId })
    .from(accounts)
    .innerJoin(authUsers, eq(authUsers.id, accounts.uid))
    .where(eq(authUsers.email, email));
  return row;
};
const companyId = async (domain: string) =>
  (await t.app.inject({ method: "GET", url: `/api/b2b/v1/profile/${domain}`, headers: { authorization: `Bearer ${await t.signIn(DEMO.hr)}` } })).json()
    .id as number;

/** Follows the verification link of the newest mail to `email`, as the person would. */
async function confirm(email: string) {
  const link = await t.linkIn(email, 1, /\/verify-email\?/); // not an invitation mailed earlier
  const res = await t.app.inject({ method: "GET", url: link.pathname + link.search });
  expect(res.statusCode, res.body).toBe(302);
  return String(res.headers.location);
}

async function inviteAndAccept(admin: Client, company: "globex", email: string, role: "hr") {
  const companies = (await admin.get(`/api/b2b/v1/admin/companies?search=${company}`)).body.results as Array<{ id: number; domain: string }>;
  const res = await admin.post(`/api/b2b/v1/admin/companies/${companies[0]!.id}/invitations`, { email, role });
  expect(res.status).toBe(201);
  const token = (await t.linkIn(email)).pathname.split("/").pop()!;
  expect((await t.anonymous.post(`/api/b2b/v1/invitations/${token}/accept`, { name: "Boss", password: "secret12" })).status).toBe(201);
  return t.as(email, "secret12");
}

describe("invitation links need their token", () => {
  it("gives nothing of an hr invitation to someone who registers the invited address without the link", async () => {
    expect((await hr.post("/api/b2b/v1/invitations", { email: "future-hr@acme.test", role: "hr" })).status).toBe(201);
    expect((await signUp("future-hr@acme.test")).status).toBe(200);
    await confirm("future-hr@acme.test");
    expect(await accountOf("future-hr@acme.test")).toMatchObject({ role: "member", teamId: null });
  });

  it("refuses an invited address outside every allow-list without the link, and writes nothing", async () => {
    expect((await hr.post("/api/b2b/v1/invitations", { email: "lead@freelance.test", role: "ldleader" })).status).toBe(201);
    const res = await signUp("lead@freelance.test");
    expect(res.status).toBe(403);
    expect(res.body.error.code).toBe("registration_not_allowed");
    expect(await t.database.db.select().from(authUsers).where(eq(authUsers.email, "lead@freelance.test"))).toHaveLength(0);
  });

  it("gives the invitation's role and team to whoever presents its token, without a verification mail", async () => {
    const teams = (await hr.get("/api/b2b/v1/teams/?search=Engineering")).body.results as Array<{ id: number }>;
    expect((await hr.post("/api/b2b/v1/invitations", { email: "contractor@freelance.test", role: "ldleader", team_id: teams[0]!.id })).status).toBe(201);
    const token = (await t.linkIn("contractor@freelance.test")).pathname.split("/").pop()!;
    expect((await t.anonymous.post(`/api/b2b/v1/invitations/${token}/accept`, { name: "Cory", password: "secret12" })).status).toBe(201);
    expect(await accountOf("contractor@freelance.test")).toMatchObject({ role: "ldleader", teamId: teams[0]!.id });
    expect(await signInStatus("contractor@freelance.test")).toBe(200);
    const mails = await t.mails("contractor@freelance.test");
    expect(mails).toHaveLength(1); // the invitation only
    // The invitee's language is unknown: the invitation speaks both.
    expect(mails[0]!.text).toMatch(/Open this link to create your account/);
    expect(mails[0]!.text).toMatch(/Abre este enlace para crear tu cuenta/);
  });
});

describe("email ownership is proven before an account can act", () => {
  it("mails a verification link on self-registration and refuses sign-in until it is followed", async () => {
    const res = await signUp("nora@acme.test");
    expect(res.status).toBe(200);
    expect(res.headers["set-auth-token"]).toBeUndefined();
    expect(res.headers["set-cookie"]).toBeUndefined();
    const refused = await t.anonymous.post("/api/auth/sign-in/email", { email: "nora@acme.test", password: "secret12" });
    expect(refused.status).toBe(403);
    expect(refused.body.error.code).toBe("email_not_verified");
    expect(await confirm("nora@acme.test")).toBe("/login?verified=1");
    expect(await signInStatus("nora@acme.test")).toBe(200);
  });

  it("writes the verification mail in the language the person registered in", async () => {
    await signUp("lucia@acme.test", "secret12", { cookie: "NEXT_LOCALE=es" });
    await t.linkIn("lucia@acme.test");
    const [mail] = await t.mails("lucia@acme.test");
    expect(mail!.subject).toMatch(/Confirma tu dirección/);
  });
});

describe("one company cannot capture another's people", () => {
  it("lands someone of acme's domain in acme when they register on their own, whatever globex invited", async () => {
    expect((await globexHr.post("/api/b2b/v1/invitations", { email: "target@acme.test", role: "member" })).status).toBe(201);
    expect((await signUp("target@acme.test")).status).toBe(200);
    await confirm("target@acme.test");
    expect((await accountOf("target@acme.test"))!.companyId).toBe(await companyId("acme.test"));
  });
});

describe("sign-up does not reveal who has an account", () => {
  it("answers a registered address like an unknown one and mails the owner instead", async () => {
    const known = await signUp(DEMO.member, "another-pass");
    const unknown = await signUp("brand-new@acme.test", "another-pass");
    expect(known.status).toBe(unknown.status);
    expect(Object.keys(known.body).sort()).toEqual(Object.keys(unknown.body).sort());
    expect(Object.keys(known.body.user).sort()).toEqual(Object.keys(unknown.body.user).sort());
    const notice = await t.linkIn(DEMO.member);
    expect(notice.pathname).toBe("/login");
    expect((await t.mails(DEMO.member)).at(-1)!.subject).toMatch(/already have a Learnward account/);
    // The owner's password is unchanged.
    expect(await signInStatus(DEMO.member, "learnward-demo")).toBe(200);
  });

  it("answers an address outside the allow-lists the same whether or not it has an account", async () => {
    const registered = await signUp("contractor@freelance.test");
    const unknown = await signUp("nobody@freelance.test");
    expect(registered.status).toBe(403);
    expect(registered.body).toEqual(unknown.body);
  });
});

describe("forgot password answers before any mail is sent", () => {
  it("answers a known and an unknown address while the mail server still holds the message", async () => {
    const smtp = await startSmtpServer({ hold: true });
    const ctx = await createTestContext({ env: { SMTP_URL: smtp.url } });
    try {
      const known = await ctx.anonymous.post("/api/auth/request-password-reset", { email: DEMO.member, redirectTo: "/reset-password" });
      const unknown = await ctx.anonymous.post("/api/auth/request-password-reset", { email: "ghost@acme.test", redirectTo: "/reset-password" });
      expect([known.status, unknown.status]).toEqual([200, 200]);
      expect(known.body).toEqual(unknown.body);
      expect(smtp.received).toHaveLength(0);
      smtp.release();
      await expect.poll(() => smtp.received.length, { timeout: 5000 }).toBe(1);
    } finally {
      smtp.release();
      await ctx.close();
      await smtp.close();
    }
  });
});
