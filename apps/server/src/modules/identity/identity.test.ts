import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { accounts, authUsers, invitations } from "../../db/schema/index.ts";
import { createTestContext, DEMO_PASSWORD, type TestContext } from "../../../test/helpers.ts";
import { addOperator, addPerson, createCompany, createCompanyWithRoles, type Person } from "../../../test/factories.ts";

const LOGO = "data:image/svg+xml;utf8,<svg xmlns='http://www.w3.org/2000/svg'/>";

let t: TestContext;
// A company with one person per role (its team "Engineering"), a second company with a member, an operator.
let co: Awaited<ReturnType<typeof createCompanyWithRoles>>;
let other: { id: number; name: string; domain: string };
const c: Record<"admin" | "hr" | "ldleader" | "teamleader" | "member" | "globex", Person> = {} as never;
/** An address of the first company's domain, which its allow-list admits. */
const at = (local: string) => `${local}@${co.company.domain}`;

/** Someone who has just registered at the company, signed in: their client and sign-in user id. */
async function signedInNewcomer(local: string, name: string) {
  await t.register(at(local), "secret12", name);
  const client = await t.as(at(local), "secret12");
  const [user] = await t.database.db
    .select()
    .from(authUsers)
    .where(eq(authUsers.email, at(local)));
  return { client, uid: user!.id };
}

beforeAll(async () => {
  t = await createTestContext({ seed: false });
  co = await createCompanyWithRoles(t, {
    name: "Acme",
    currency: "USD",
    allowOwnDomain: true,
    urlPhoto: LOGO,
    teamName: "Engineering",
    names: { member: "Marco Bianchi" },
  });
  other = await createCompany(t, { name: "Globex", currency: "EUR", allowOwnDomain: true });
  Object.assign(c, { hr: co.hr, ldleader: co.ldleader, teamleader: co.teamleader, member: co.member });
  c.globex = await addPerson(t, { company: other.id, role: "member" });
  c.admin = await addOperator(t);
});
afterAll(() => t.close());

describe("sign-in (spec §5 messages, PRODUCT.md identity)", () => {
  it("signs in every kind of account and answers its account by uid with role, domain and team", async () => {
    for (const { client, email } of Object.values(c)) {
      const me = await client.get("/api/me");
      expect(me.status).toBe(200);
      expect(me.body.account.email).toBe(email);
      const acc = await client.get(`/api/b2b/v1/accounts/?uid=${me.body.account.uid}`);
      expect(acc.status).toBe(200);
      expect(acc.body.count).toBe(1);
      expect(acc.body.results[0]).toMatchObject({ uid: me.body.account.uid, email });
    }
    const tlMe = (await c.teamleader.client.get("/api/me")).body;
    expect(tlMe.account).toMatchObject({ role: "teamleader", domain: co.company.domain, team: { name: "Engineering" } });
    expect(tlMe.company).toMatchObject({ name: "Acme", domain: co.company.domain, currency: "USD", status: "active" });
    const admin = (await c.admin.client.get("/api/me")).body;
    // An operator belongs to no company: the domain of their email stands in.
    expect(admin.account).toMatchObject({ role: "admin", company_id: null, domain: c.admin.email.split("@")[1] });
    expect(admin.company).toBeNull();
  });

  it("sets an httpOnly SameSite session cookie and returns the bearer token", async () => {
    const res = await t.app.inject({ method: "POST", url: "/api/auth/sign-in/email", payload: { email: c.hr.email, password: DEMO_PASSWORD } });
    expect(res.statusCode).toBe(200);
    expect(String(res.headers["set-cookie"])).toMatch(/HttpOnly/);
    expect(String(res.headers["set-cookie"])).toMatch(/SameSite=Lax/i);
    expect(res.headers["set-auth-token"]).toBeTruthy();
  });

  it("accepts the session in the cookie, as a bearer token and in the firebase_token header", async () => {
    const res = await t.app.inject({ method: "POST", url: "/api/auth/sign-in/email", payload: { email: c.ldleader.email, password: DEMO_PASSWORD } });
    const cookie = String(res.headers["set-cookie"]).split(";")[0]!;
    const token = String(res.headers["set-auth-token"]);
    for (const headers of [{ cookie }, { authorization: `Bearer ${token}` }, { firebase_token: token }]) {
      const me = await t.app.inject({ method: "GET", url: "/api/me", headers });
      expect(me.statusCode).toBe(200);
      expect(me.json().account.role).toBe("ldleader");
    }
  });

  it("answers a wrong password with 'Email or password incorrect', in Spanish too", async () => {
    const en = await t.anonymous.post("/api/auth/sign-in/email", { email: c.member.email, password: "nope-nope" });
    expect(en.status).toBe(401);
    expect(en.body).toEqual({ error: { code: "invalid_credentials", message: "Email or password incorrect" } });
    const es = await t.anonymous.post("/api/auth/sign-in/email", { email: at("nobody"), password: "nope-nope" }, { cookie: "NEXT_LOCALE=es" });
    expect(es.body.error).toEqual({ code: "invalid_credentials", message: "Correo electrónico o contraseña incorrectos" });
  });

  it("answers a malformed email with 'Invalid email'", async () => {
    const res = await t.anonymous.post("/api/auth/sign-in/email", { email: "not-an-email", password: "whatever1" });
    expect(res.status).toBe(400);
    expect(res.body.error).toMatchObject({ code: "invalid_email", message: "Invalid email" });
  });

  it("signs out: the token stops working", async () => {
    const token = await t.signIn(c.hr.email);
    const out = await t.app.inject({ method: "POST", url: "/api/auth/sign-out", headers: { authorization: `Bearer ${token}` }, payload: {} });
    expect(out.statusCode).toBe(200);
    const me = await t.app.inject({ method: "GET", url: "/api/me", headers: { authorization: `Bearer ${token}` } });
    expect(me.statusCode).toBe(401);
  });
});

describe("registration (allow-list and invitations)", () => {
  it("registers an allow-listed address as a member of the company of its domain", async () => {
    await t.register(at("nora"), "secret12", "Nora New");
    const client = await t.as(at("nora"), "secret12");
    const me = await client.get("/api/me");
    expect(me.body.account).toMatchObject({ role: "member", domain: co.company.domain, username: "nora", team: null });
  });

  it("refuses an address no company admits, and writes nothing", async () => {
    const res = await t.anonymous.post("/api/auth/sign-up/email", { name: "Eve", email: "eve@elsewhere.test", password: "secret12" });
    expect(res.status).toBe(403);
    expect(res.body.error).toEqual({ code: "registration_not_allowed", message: "Email is currently not allowed to register" });
    const rows = await t.database.db.select().from(authUsers).where(eq(authUsers.email, "eve@elsewhere.test"));
    expect(rows).toHaveLength(0);
  });

  it("gives a pending invitation nothing to decide for someone who registers without its link", async () => {
    await t.database.db.insert(invitations).values({
      companyId: co.company.id,
      email: "contractor@freelance.test",
      role: "member",
      teamId: co.team.id,
      tokenHash: "hash-1",
      invitedBy: c.hr.id,
      expiresAt: new Date(Date.now() + 86_400_000),
    });
    const res = await t.anonymous.post("/api/auth/sign-up/email", { name: "Cory", email: "contractor@freelance.test", password: "secret12" });
    expect(res.status).toBe(403);
    expect(res.body.error.code).toBe("registration_not_allowed");
    const [inv] = await t.database.db.select().from(invitations).where(eq(invitations.email, "contractor@freelance.test"));
    expect(inv!.acceptedAt).toBeNull();
  });

  it("answers the spec's message for a short password, and a taken email like a new one", async () => {
    const weak = await t.anonymous.post("/api/auth/sign-up/email", { name: "W", email: at("weak"), password: "12345" });
    expect(weak.status).toBe(400);
    expect(weak.body.error).toEqual({ code: "weak_password", message: "Min length 6 characters" });
    // Sign-up does not tell who has an account; the owner gets a mail instead.
    await t.register(at("taken"), "secret12", "Taken"); // someone the allow-list admitted earlier
    const taken = await t.anonymous.post("/api/auth/sign-up/email", { name: "M", email: at("taken"), password: "secret12" });
    expect(taken.status).toBe(200);
    expect(taken.body.token).toBeNull();
  });
});

describe("missing and inactive accounts (spec §4 Session)", () => {
  it("signs out a user whose account row is missing and says so", async () => {
    const { client, uid } = await signedInNewcomer("gone", "Gone");
    await t.database.db.delete(accounts).where(eq(accounts.uid, uid));
    const first = await client.get("/api/me");
    expect(first.status).toBe(401);
    expect(first.body.error.code).toBe("account_missing");
    // The session was ended: the next call is simply unauthenticated.
    const second = await client.get("/api/me");
    expect(second.body.error.code).toBe("unauthenticated");
  });

  it("refuses sign-in to a deactivated account and ends its open sessions", async () => {
    const { client, uid } = await signedInNewcomer("leaving", "Leaving");
    await t.database.db.update(accounts).set({ status: "deactivated" }).where(eq(accounts.uid, uid));
    expect((await client.get("/api/me")).body.error.code).toBe("account_inactive");
    const again = await t.anonymous.post("/api/auth/sign-in/email", { email: at("leaving"), password: "secret12" });
    expect(again.status).toBe(403);
    expect(again.body.error.code).toBe("account_inactive");
  });
});

describe("GET /api/session", () => {
  it("answers me: null to a caller who is not signed in, and the same as /api/me to one who is", async () => {
    const anonymous = await t.anonymous.get("/api/session");
    expect(anonymous.status).toBe(200);
    expect(anonymous.body).toEqual({ me: null });
    const session = await c.teamleader.client.get("/api/session");
    expect(session.status).toBe(200);
    expect(session.body).toEqual({ me: (await c.teamleader.client.get("/api/me")).body });
  });

  it("still refuses a deactivated account with its code", async () => {
    const { client, uid } = await signedInNewcomer("quiet", "Gone Quiet");
    await t.database.db.update(accounts).set({ status: "deactivated" }).where(eq(accounts.uid, uid));
    const res = await client.get("/api/session");
    expect(res.status).toBe(401);
    expect(res.body.error.code).toBe("account_inactive");
  });
});

describe("session cache", () => {
  it("remembers a token's signature, never the account: a deactivation is refused at once", async () => {
    const { client, uid } = await signedInNewcomer("cached", "Cached");
    expect((await client.get("/api/me")).status).toBe(200);
    await t.database.db.update(accounts).set({ status: "deactivated" }).where(eq(accounts.uid, uid));
    // Within SESSION_CACHE_SECONDS, without anyone telling the cache.
    expect((await client.get("/api/me")).body.error.code).toBe("account_inactive");
  });
});

describe("GET /api/b2b/v1/accounts and /profile (tenant isolation)", () => {
  it("refuses callers without a session", async () => {
    expect((await t.anonymous.get("/api/b2b/v1/accounts/?uid=x")).status).toBe(401);
    expect((await t.anonymous.get(`/api/b2b/v1/profile/${co.company.domain}`)).status).toBe(401);
    expect((await t.anonymous.get("/api/user/profile/?uid=x")).status).toBe(401);
    expect((await t.anonymous.get("/api/me")).body.error.code).toBe("unauthenticated");
  });

  it("hides another company's accounts, profiles and company", async () => {
    const memberUid = (await c.member.client.get("/api/me")).body.account.uid;
    const list = await c.globex.client.get(`/api/b2b/v1/accounts/?uid=${memberUid}`);
    expect(list.status).toBe(200);
    expect(list.body).toMatchObject({ count: 0, results: [] });
    expect((await c.globex.client.get(`/api/user/profile/?uid=${memberUid}`)).status).toBe(404);
    expect((await c.globex.client.get(`/api/b2b/v1/profile/${co.company.domain}`)).status).toBe(404);
    expect((await c.member.client.get(`/api/b2b/v1/profile/${other.domain}`)).status).toBe(404);
  });

  it("shows colleagues of the same company, and everything to the platform admin", async () => {
    const globexUid = (await c.globex.client.get("/api/me")).body.account.uid;
    const memberUid = (await c.member.client.get("/api/me")).body.account.uid;
    expect((await c.hr.client.get(`/api/b2b/v1/accounts/?uid=${memberUid}`)).body.count).toBe(1);
    expect((await c.teamleader.client.get(`/api/user/profile/?uid=${memberUid}`)).body).toMatchObject({
      displayName: "Marco Bianchi",
      username: c.member.username,
    });
    expect((await c.admin.client.get(`/api/b2b/v1/accounts/?uid=${globexUid}`)).body.count).toBe(1);
    expect((await c.admin.client.get(`/api/b2b/v1/profile/${other.domain}`)).body).toMatchObject({ name: "Globex", currency: "EUR" });
  });

  it("answers the company by domain with its logo", async () => {
    const res = await c.member.client.get(`/api/b2b/v1/profile/${co.company.domain}/`);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ name: "Acme", domain: co.company.domain, currency: "USD", status: "active" });
    expect(res.body.url_photo).toMatch(/^data:image\/svg\+xml/);
  });
});

describe("PATCH /api/user/profile", () => {
  it("updates my name, photo and language, and only mine", async () => {
    const res = await c.teamleader.client.patch("/api/user/profile/", { displayName: "Tessa L.", photoURL: "https://example.com/t.png", locale: "es" });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ displayName: "Tessa L.", photoURL: "https://example.com/t.png", locale: "es" });
    expect((await c.teamleader.client.get("/api/me")).body.account).toMatchObject({ display_name: "Tessa L.", locale: "es" });
    expect((await c.member.client.get("/api/me")).body.account.locale).toBe("en");
  });

  it("refuses a javascript: photo URL and unknown fields, changing nothing", async () => {
    const bad = await c.member.client.patch("/api/user/profile/", { photoURL: "javascript:alert(1)" });
    expect(bad.status).toBe(400);
    expect(bad.body.error.code).toBe("validation_error");
    const extra = await c.member.client.patch("/api/user/profile/", { displayName: "X", role: "admin" });
    expect(extra.status).toBe(400);
    const me = (await c.member.client.get("/api/me")).body.account;
    expect(me).toMatchObject({ display_name: "Marco Bianchi", role: "member", photo_url: null });
  });
});
