import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { buildApp, type App } from "../../app.ts";
import { accounts, authUsers } from "../../db/schema/index.ts";
import { createTestContext, DEMO_PASSWORD, type TestContext } from "../../../test/helpers.ts";
import { testPasswordHashing } from "../../../test/test-database.ts";
import { addPerson, createCompany, createCompanyWithRoles } from "../../../test/factories.ts";

// A password change or reset ends every other session at once, on every server process.
let t: TestContext;
let other: App; // a second server process on the same database, with its own session cache
// A company whose allow-list admits its own domain, with one person per role.
let co: Awaited<ReturnType<typeof createCompanyWithRoles>>;
const at = (local: string) => `${local}@${co.company.domain}`;

/** Another server process on the same database and secret, as a second replica or a restart is. */
const anotherProcess = (config = t.config) =>
  buildApp({
    config,
    database: t.database,
    authSecret: "test-secret-test-secret-test-secret-1234",
    passwordHashing: testPasswordHashing,
    logger: false,
    imageCacheDir: "/tmp/lw-sessions-test-images",
  });

beforeAll(async () => {
  t = await createTestContext({ seed: false, env: { SESSION_CACHE_SECONDS: "60" } });
  co = await createCompanyWithRoles(t, { allowOwnDomain: true });
  other = await anotherProcess();
  await other.ready();
});
afterAll(async () => {
  await other.close();
  await t.close();
});

type Credential = { authorization: string } | { cookie: string };
async function signIn(email: string, password = DEMO_PASSWORD): Promise<{ bearer: Credential; cookie: Credential; token: string }> {
  const res = await t.app.inject({ method: "POST", url: "/api/auth/sign-in/email", payload: { email, password } });
  expect(res.statusCode).toBe(200);
  const token = String(res.headers["set-auth-token"]);
  return { token, bearer: { authorization: `Bearer ${token}` }, cookie: { cookie: String(res.headers["set-cookie"]).split(";")[0]! } };
}
const meStatus = async (app: App, headers: Credential) => (await app.inject({ method: "GET", url: "/api/me", headers })).statusCode;
const everywhere = async (headers: Credential) => [await meStatus(t.app, headers), await meStatus(other, headers)];

describe("password change", () => {
  it("ends every other session, cookie and bearer, on both processes at once, whatever the client asked", async () => {
    const mine = await signIn(co.teamleader.email);
    const phone = await signIn(co.teamleader.email);
    const laptop = await signIn(co.teamleader.email);
    // Both processes have resolved (and cached) every session.
    for (const s of [mine.bearer, phone.bearer, laptop.cookie]) expect(await everywhere(s)).toEqual([200, 200]);

    const changed = await t.app.inject({
      method: "POST",
      url: "/api/auth/change-password",
      headers: mine.bearer,
      payload: { currentPassword: DEMO_PASSWORD, newPassword: "tl-new-pass", revokeOtherSessions: false },
    });
    expect(changed.statusCode).toBe(200);
    expect(await everywhere(phone.bearer)).toEqual([401, 401]);
    expect(await everywhere(laptop.cookie)).toEqual([401, 401]);
    // The session that made the change goes on (under the token the answer carries).
    const kept = String(changed.headers["set-auth-token"] ?? mine.token);
    expect(await everywhere({ authorization: `Bearer ${kept}` })).toEqual([200, 200]);
  });
});

describe("password reset", () => {
  const resetToken = async (link: URL) => {
    const follow = await t.app.inject({ method: "GET", url: link.pathname + link.search });
    return new URL(String(follow.headers.location), t.config.publicUrl).searchParams.get("token");
  };

  it("ends every session of the account on both processes", async () => {
    const open = await signIn(co.ldleader.email);
    expect(await everywhere(open.bearer)).toEqual([200, 200]);
    await t.anonymous.post("/api/auth/request-password-reset", { email: co.ldleader.email, redirectTo: "/reset-password" });
    const token = await resetToken(await t.linkIn(co.ldleader.email));
    expect((await t.anonymous.post("/api/auth/reset-password", { token, newPassword: "ld-new-pass" })).status).toBe(200);
    expect(await everywhere(open.bearer)).toEqual([401, 401]);
  });

  it("kills the older links when a new one is issued", async () => {
    await t.anonymous.post("/api/auth/request-password-reset", { email: co.member.email, redirectTo: "/reset-password" });
    const first = await resetToken(await t.linkIn(co.member.email, 1));
    await t.anonymous.post("/api/auth/request-password-reset", { email: co.member.email, redirectTo: "/reset-password" });
    const second = await resetToken(await t.linkIn(co.member.email, 2));
    expect(first).not.toBe(second);
    const stale = await t.anonymous.post("/api/auth/reset-password", { token: first, newPassword: "attacker-pass" });
    expect(stale.status).toBe(400);
    expect(stale.body.error.code).toBe("invalid_token");
    expect((await t.anonymous.post("/api/auth/reset-password", { token: second, newPassword: "member-new-pass" })).status).toBe(200);
  });
});

describe("account changes reach every process at once", () => {
  it("refuses a deactivated person's open session on a process that had it cached", async () => {
    await t.register(at("leaver"), "secret12", "Leaver");
    const open = await signIn(at("leaver"), "secret12");
    expect(await everywhere(open.bearer)).toEqual([200, 200]);
    const [user] = await t.database.db
      .select()
      .from(authUsers)
      .where(eq(authUsers.email, at("leaver")));
    const hr = co.hr.client;
    const [account] = await t.database.db.select().from(accounts).where(eq(accounts.uid, user!.id));
    expect((await hr.patch(`/api/b2b/v1/employees/${account!.id}/`, { status: "deactivated" })).status).toBe(200);
    expect(await meStatus(other, open.bearer)).toBe(401);
  });
});

describe("limits shared by every process", () => {
  it("counts one person's wrong passwords across processes and restarts", async () => {
    const attempt = (app: App) =>
      app.inject({ method: "POST", url: "/api/auth/sign-in/email", payload: { email: at("someone-else"), password: "guess-again" } });
    const statuses = [];
    for (const app of [t.app, other, t.app, other, t.app, other]) statuses.push((await attempt(app)).statusCode);
    expect(statuses).toEqual([401, 401, 401, 401, 401, 429]);
    // A restarted process remembers too.
    const restarted = await anotherProcess();
    try {
      expect((await attempt(restarted)).statusCode).toBe(429);
    } finally {
      await restarted.close();
    }
  });
});

describe("behind a load balancer", () => {
  it("takes the client address from the last hop the balancer named in TRUST_PROXY saw, so a forged X-Forwarded-For escapes no limit", async () => {
    const behind = await anotherProcess({ ...t.config, TRUST_PROXY: ["10.0.0.0/8"] });
    try {
      // The balancer at 10.0.0.2 appends the address it saw (198.51.100.7) to what the client sent.
      const attempt = (forged: string, client = "198.51.100.7") =>
        behind.inject({
          method: "POST",
          url: "/api/auth/sign-in/email",
          remoteAddress: "10.0.0.2",
          headers: { "x-forwarded-for": `${forged}, ${client}` },
          payload: { email: at("guessed"), password: "guess-again" },
        });
      const statuses = [];
      for (let i = 1; i <= 6; i++) statuses.push((await attempt(`203.0.113.${i}`)).statusCode);
      expect(statuses).toEqual([401, 401, 401, 401, 401, 429]);
      // Another client behind the same balancer has its own count.
      expect((await attempt("203.0.113.1", "198.51.100.8")).statusCode).toBe(401);
      // A caller that is not the balancer is its own address, whatever it sends.
      const direct = await behind.inject({
        method: "POST",
        url: "/api/auth/sign-in/email",
        remoteAddress: "192.0.2.50",
        headers: { "x-forwarded-for": "198.51.100.8" },
        payload: { email: at("guessed"), password: "guess-again" },
      });
      expect(direct.statusCode).toBe(401);
    } finally {
      await behind.close();
    }
  });
});

describe("better-auth's own profile update", () => {
  it("is gone: the profile's rules (name ≤ 120, http(s) photos) cannot be bypassed", async () => {
    const member = (await addPerson(t, { company: (await createCompany(t)).id, role: "member" })).client;
    const res = await member.post("/api/auth/update-user", { name: "x".repeat(500), image: "javascript:alert(1)" });
    expect(res.status).toBe(404);
    const me = (await member.get("/api/me")).body.account;
    expect(me.display_name).not.toMatch(/^x+$/);
    expect(me.photo_url).toBeNull();
  });
});
