import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { accounts, authUsers } from "../../db/schema/index.ts";
import { createTestContext, type Client, type TestContext } from "../../../test/helpers.ts";
import { addPerson, createCompany, createCompanyWithRoles } from "../../../test/factories.ts";
import { startSmtpServer } from "../../../test/smtp.ts";

// Identity and registration: what an attacker tried, now refused.
let t: TestContext;
// Two companies whose allow-lists admit their own domains, each with an hr.
let co: Awaited<ReturnType<typeof createCompanyWithRoles>>;
let hr: Client;
let globexHr: Client;
/** An address of the first company's domain. */
const at = (local: string) => `${local}@${co.company.domain}`;

beforeAll(async () => {
  t = await createTestContext({ seed: false });
  co = await createCompanyWithRoles(t, { allowOwnDomain: true, teamName: "Engineering" });
  hr = co.hr.client;
  const globex = await createCompany(t, { allowOwnDomain: true });
  globexHr = (await addPerson(t, { company: globex.id, role: "hr" })).client;
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

/** Opens a mailed confirmation link and chooses a password on the page it leads to; answers that page and the outcome. */
async function follow(link: URL, password = "secret12") {
  const res = await t.app.inject({ method: "GET", url: link.pathname + link.search });
  expect(res.statusCode, res.body).toBe(302);
  const location = new URL(String(res.headers.location), "http://localhost:3000");
  const chosen = await t.anonymous.post("/api/auth/reset-password", { token: location.searchParams.get("token"), newPassword: password });
  return { page: location.pathname + "?" + new URLSearchParams([...location.searchParams].filter(([k]) => k !== "token")).toString(), status: chosen.status };
}

/** Follows the confirmation link of the newest of `count` mails to `email` and chooses the password, as the person would. */
async function confirm(email: string, password = "secret12", count = 1) {
  // Not an invitation mailed earlier.
  const { page, status } = await follow(await t.linkIn(email, count, /\/reset-password\//), password);
  expect(status).toBe(200);
  return page;
}

describe("invitation links need their token", () => {
  it("gives nothing of an hr invitation to someone who registers the invited address without the link", async () => {
    expect((await hr.post("/api/b2b/v1/invitations", { email: at("future-hr"), role: "hr" })).status).toBe(201);
    expect((await signUp(at("future-hr"))).status).toBe(200);
    await confirm(at("future-hr"));
    expect(await accountOf(at("future-hr"))).toMatchObject({ role: "member", teamId: null });
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
    expect(teams.map((x) => x.id)).toEqual([co.team.id]);
    expect((await hr.post("/api/b2b/v1/invitations", { email: "contractor@freelance.test", role: "ldleader", team_id: teams[0]!.id })).status).toBe(201);
    const token = (await t.linkIn("contractor@freelance.test")).pathname.split("/").pop()!;
    expect((await t.anonymous.post(`/api/b2b/v1/invitations/${token}/accept`, { name: "Cory", password: "secret12" })).status).toBe(201);
    expect(await accountOf("contractor@freelance.test")).toMatchObject({ role: "ldleader", teamId: teams[0]!.id });
    expect(await signInStatus("contractor@freelance.test")).toBe(200);
    const mails = await t.mails("contractor@freelance.test");
    expect(mails).toHaveLength(1); // the invitation only
    // The invitee's language is unknown: the invitation speaks the inviter's (English here).
    expect(mails[0]!.text).toMatch(/Open this link to create your account/);
    expect(mails[0]!.text).not.toMatch(/Abre este enlace para crear tu cuenta/);
  });
});

describe("email ownership is proven before an account can act", () => {
  it("mails a verification link on self-registration and refuses sign-in until it is followed", async () => {
    const res = await signUp(at("nora"));
    expect(res.status).toBe(200);
    expect(res.headers["set-auth-token"]).toBeUndefined();
    expect(res.headers["set-cookie"]).toBeUndefined();
    const refused = await t.anonymous.post("/api/auth/sign-in/email", { email: at("nora"), password: "secret12" });
    expect(refused.status).toBe(403);
    expect(refused.body.error.code).toBe("email_not_verified");
    // The refused sign-in mailed a fresh link in place of the first.
    expect(await confirm(at("nora"), "secret12", 2)).toBe("/reset-password?confirm=1");
    expect(await signInStatus(at("nora"))).toBe(200);
  });

  it("takes whichever of several confirmation mails the person opens, and only once", async () => {
    // Mails are written in the background and may arrive in any order: none of them may be a dead end.
    expect((await signUp(at("omar"))).status).toBe(200);
    expect((await t.anonymous.post("/api/auth/sign-in/email", { email: at("omar"), password: "secret12" })).status).toBe(403);
    await t.linkIn(at("omar"), 2);
    const links = (await t.mails(at("omar"))).map((m) => new URL(m.text.match(/https?:\/\/\S+/)![0]));
    expect(links).toHaveLength(2);
    expect((await follow(links[0]!, "first-choice")).status).toBe(200);
    // The address is proven and the password chosen: the other mail's link is spent with it.
    expect((await follow(links[1]!, "second-choice")).status).toBe(400);
    expect(await signInStatus(at("omar"), "first-choice")).toBe(200);
    expect(await signInStatus(at("omar"), "second-choice")).toBe(401);
  });

  it("writes the verification mail in the language the person registered in", async () => {
    await signUp(at("lucia"), "secret12", { cookie: "NEXT_LOCALE=es" });
    await t.linkIn(at("lucia"));
    const [mail] = await t.mails(at("lucia"));
    expect(mail!.subject).toMatch(/Confirma tu dirección/);
  });
});

describe("one company cannot capture another's people", () => {
  it("lands someone of acme's domain in acme when they register on their own, whatever globex invited", async () => {
    expect((await globexHr.post("/api/b2b/v1/invitations", { email: at("target"), role: "member" })).status).toBe(201);
    expect((await signUp(at("target"))).status).toBe(200);
    await confirm(at("target"));
    expect((await accountOf(at("target")))!.companyId).toBe(co.company.id);
  });
});

describe("sign-up does not reveal who has an account", () => {
  it("answers a registered address like an unknown one and mails the owner instead", async () => {
    // Someone of the company's domain who registered earlier, with their own password.
    const owner = at("owner");
    await t.register(owner, "secret12", "Owner");
    const known = await signUp(owner, "another-pass");
    const unknown = await signUp(at("brand-new"), "another-pass");
    expect(known.status).toBe(unknown.status);
    expect(Object.keys(known.body).sort()).toEqual(Object.keys(unknown.body).sort());
    expect(Object.keys(known.body.user).sort()).toEqual(Object.keys(unknown.body.user).sort());
    const notice = await t.linkIn(owner, 2); // after their own verification mail
    expect(notice.pathname).toBe("/login");
    expect((await t.mails(owner)).at(-1)!.subject).toMatch(/already have a Learnward account/);
    // The owner's password is unchanged.
    expect(await signInStatus(owner, "secret12")).toBe(200);
  });

  it("answers an address outside the allow-lists the same whether or not it has an account", async () => {
    // A person with an account whose address no company's allow-list admits.
    const registered = await signUp(co.member.email);
    const unknown = await signUp("nobody@freelance.test");
    expect(registered.status).toBe(403);
    expect(registered.body).toEqual(unknown.body);
  });
});

describe("forgot password answers before any mail is sent", () => {
  it("answers a known and an unknown address while the mail server still holds the message", async () => {
    const smtp = await startSmtpServer({ hold: true });
    // Workers run as in a server: the mail leaves through its job.
    const ctx = await createTestContext({ seed: false, env: { SMTP_URL: smtp.url, JOBS_WORK: "true" } });
    try {
      const company = await createCompany(ctx, { allowOwnDomain: true });
      const member = await addPerson(ctx, { company: company.id, role: "member" });
      const known = await ctx.anonymous.post("/api/auth/request-password-reset", { email: member.email, redirectTo: "/reset-password" });
      const unknown = await ctx.anonymous.post("/api/auth/request-password-reset", { email: `ghost@${company.domain}`, redirectTo: "/reset-password" });
      expect([known.status, unknown.status]).toEqual([200, 200]);
      expect(known.body).toEqual(unknown.body);
      expect(smtp.received).toHaveLength(0);
      smtp.release();
      await expect.poll(() => smtp.received.length, { timeout: 15_000 }).toBe(1);
    } finally {
      smtp.release();
      await ctx.close();
      await smtp.close();
    }
  });
});
