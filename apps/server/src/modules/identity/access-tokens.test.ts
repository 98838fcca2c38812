import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq, sql } from "drizzle-orm";
import { accounts, adminAudit } from "../../db/schema/index.ts";
import { createTestContext, DEMO_PASSWORD, type TestContext } from "../../../test/helpers.ts";
import { addOperator, addPerson, createCompanyWithRoles, type Person } from "../../../test/factories.ts";

// Personal access tokens: made in Settings, shown once, used as `Authorization: Bearer lw_pat_…`.
let t: TestContext;
let acme: Awaited<ReturnType<typeof createCompanyWithRoles>>;
let colleague: Person;
const TOKENS = "/api/me/access-tokens";
const bearer = (token: string) => ({ authorization: `Bearer ${token}` });
/** A client that carries nothing but the token, as the browser extension does. */
const withToken = (token: string) => ({
  get: (url: string) => t.anonymous.get(url, bearer(token)),
  post: (url: string, body: unknown = {}) => t.anonymous.post(url, body, bearer(token)),
  delete: (url: string) => t.anonymous.delete(url, bearer(token)),
});
const tokenRows = () => t.database.db.execute(sql`select * from access_tokens`) as Promise<{ rows: Record<string, unknown>[] }>;

beforeAll(async () => {
  t = await createTestContext({ seed: false });
  acme = await createCompanyWithRoles(t);
  colleague = await addPerson(t, { company: acme.company.id, role: "member" });
});
afterAll(() => t.close());

describe("personal access tokens", () => {
  it("refuses anyone signed out", async () => {
    expect((await t.anonymous.get(TOKENS)).status).toBe(401);
    expect((await t.anonymous.post(TOKENS, { name: "x" })).status).toBe(401);
    expect((await t.anonymous.delete(`${TOKENS}/1`)).status).toBe(401);
  });

  it("shows the token once, lists it without the secret, and keeps only its hash", async () => {
    const newcomer = await addPerson(t, { company: acme.company.id, role: "member" });
    const made = await newcomer.client.post(TOKENS, { name: "Work laptop" });
    expect(made.status).toBe(201);
    expect(made.body).toMatchObject({ name: "Work laptop", last_used_at: null, expires_at: null });
    expect(made.body.token).toMatch(/^lw_pat_[A-Za-z0-9_-]{43}$/);
    expect(made.body.token.startsWith(made.body.prefix)).toBe(true);
    expect(made.body.prefix.length).toBeLessThan(16);

    const list = await newcomer.client.get(TOKENS);
    expect(list.status).toBe(200);
    expect(list.body).toEqual([expect.objectContaining({ id: made.body.id, name: "Work laptop", prefix: made.body.prefix })]);
    expect(list.text).not.toContain(made.body.token);
    expect(JSON.stringify((await tokenRows()).rows)).not.toContain(made.body.token.slice(7));
  });

  it("acts as its person on the API, and notes when it was last used at most once a minute", async () => {
    const { token, id } = (await acme.member.client.post(TOKENS, { name: "Extension" })).body;
    const me = await withToken(token).get("/api/me");
    expect(me.status).toBe(200);
    expect(me.body.user.email).toBe(acme.member.email);
    expect((await withToken(token).get("/api/session")).body.me.user.email).toBe(acme.member.email);

    const saved = await withToken(token).post("/api/contentuser/save/", {
      url: "https://example.com/sql-window-functions",
      title: "SQL window functions",
      fetch_metadata: false,
    });
    expect(saved.status).toBe(201);
    const folders = await withToken(token).get("/api/user/folder/");
    expect(folders.status).toBe(200);

    const used = (await acme.member.client.get(TOKENS)).body.find((x: { id: number }) => x.id === id);
    expect(used.last_used_at).not.toBeNull();
    await withToken(token).get("/api/me");
    const again = (await acme.member.client.get(TOKENS)).body.find((x: { id: number }) => x.id === id);
    expect(again.last_used_at).toBe(used.last_used_at);
  });

  it("stops working once revoked, with its own code", async () => {
    const { token, id } = (await acme.member.client.post(TOKENS, { name: "Old phone" })).body;
    expect((await withToken(token).get("/api/me")).status).toBe(200);
    const revoked = await acme.member.client.delete(`${TOKENS}/${id}`);
    expect(revoked.status).toBe(204);
    const refused = await withToken(token).get("/api/me");
    expect(refused.status).toBe(401);
    expect(refused.body.error.code).toBe("access_token_invalid");
    expect((await acme.member.client.get(TOKENS)).body.map((x: { id: number }) => x.id)).not.toContain(id);
    // An unknown token of the right shape is refused the same way, as is one of no known shape.
    expect((await withToken(`lw_pat_${"A".repeat(43)}`).get("/api/me")).body.error.code).toBe("access_token_invalid");
    expect((await withToken("lw_pat_").get("/api/me")).status).toBe(401);
  });

  it("stops working once expired, with its own code", async () => {
    const made = await acme.member.client.post(TOKENS, { name: "Short-lived", expires_in_days: 30 });
    expect(made.status).toBe(201);
    const days = (Date.parse(made.body.expires_at) - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(29.9);
    expect(days).toBeLessThan(30.1);
    expect((await withToken(made.body.token).get("/api/me")).status).toBe(200);
    await t.database.db.execute(sql`update access_tokens set expires_at = now() - interval '1 second' where id = ${made.body.id}`);
    const refused = await withToken(made.body.token).get("/api/me");
    expect(refused.status).toBe(401);
    expect(refused.body.error.code).toBe("access_token_expired");
  });

  it("refuses names and expiries outside the contract", async () => {
    expect((await acme.member.client.post(TOKENS, { name: "  " })).status).toBe(400);
    expect((await acme.member.client.post(TOKENS, { name: "x".repeat(101) })).status).toBe(400);
    expect((await acme.member.client.post(TOKENS, { name: "Forever-ish", expires_in_days: 10_000 })).status).toBe(400);
  });

  it("keeps each person's tokens their own: another person neither sees nor revokes them", async () => {
    const { token, id } = (await acme.member.client.post(TOKENS, { name: "Mine" })).body;
    expect(JSON.stringify((await colleague.client.get(TOKENS)).body)).not.toContain("Mine");
    const theirs = await colleague.client.delete(`${TOKENS}/${id}`);
    expect(theirs.status).toBe(404);
    expect((await acme.hr.client.delete(`${TOKENS}/${id}`)).status).toBe(404);
    expect((await withToken(token).get("/api/me")).status).toBe(200);
    expect((await acme.member.client.get(TOKENS)).body.map((x: { id: number }) => x.id)).toContain(id);
  });

  it("never manages tokens itself, nor changes the password or two-factor sign-in", async () => {
    const { token, id } = (await acme.member.client.post(TOKENS, { name: "Limited" })).body;
    for (const res of [
      await withToken(token).get(TOKENS),
      await withToken(token).post(TOKENS, { name: "Made by a token" }),
      await withToken(token).delete(`${TOKENS}/${id}`),
    ]) {
      expect(res.status).toBe(403);
      expect(res.body.error.code).toBe("access_token_not_allowed");
    }
    expect((await acme.member.client.get(TOKENS)).body.map((x: { name: string }) => x.name)).not.toContain("Made by a token");
    expect((await withToken(token).get("/api/me")).status).toBe(200);

    const changed = await withToken(token).post("/api/auth/change-password", { currentPassword: DEMO_PASSWORD, newPassword: "token-chosen-1" });
    expect(changed.status).toBe(401);
    const twoFactor = await withToken(token).post("/api/auth/two-factor/enable", { password: DEMO_PASSWORD });
    expect(twoFactor.status).toBe(401);
    // The password is still the one the person chose.
    expect(await t.signIn(acme.member.email)).toBeTruthy();
  });

  it("never opens what only some roles may do (company administration)", async () => {
    const { token } = (await acme.hr.client.post(TOKENS, { name: "hr's laptop" })).body;
    for (const url of ["/api/b2b/v1/company/scim-token", "/api/b2b/v1/employees/"]) {
      const res = await withToken(token).get(url);
      expect(res.status).toBe(403);
      expect(res.body.error.code).toBe("access_token_not_allowed");
    }
    expect((await withToken(token).post("/api/b2b/v1/company/scim-token", {})).status).toBe(403);
    // The same person's session still may.
    expect((await acme.hr.client.get("/api/b2b/v1/company/scim-token")).status).toBe(200);
    // What every person may do, hr's token does as hr.
    expect((await withToken(token).get("/api/user/folder/")).status).toBe(200);
  });

  it("is refused with its person's own code once the account is deactivated", async () => {
    const leaving = await addPerson(t, { company: acme.company.id, role: "member" });
    const { token } = (await leaving.client.post(TOKENS, { name: "Leaving" })).body;
    await t.database.db.update(accounts).set({ status: "deactivated" }).where(eq(accounts.id, leaving.id));
    const refused = await withToken(token).get("/api/me");
    expect(refused.status).toBe(401);
    expect(refused.body.error.code).toBe("account_inactive");
  });

  it("is not offered to platform operators, who keep no library", async () => {
    const operator = await addOperator(t);
    expect((await operator.client.post(TOKENS, { name: "Operator" })).status).toBe(403);
  });

  it("records making and revoking a token in the audit trail, without the secret", async () => {
    const { token, id } = (await acme.ldleader.client.post(TOKENS, { name: "Audited" })).body;
    await acme.ldleader.client.delete(`${TOKENS}/${id}`);
    const rows = await t.database.db.select().from(adminAudit).where(eq(adminAudit.entity, "access_token"));
    expect(rows.filter((r) => r.entityId === id).map((r) => r.action)).toEqual(expect.arrayContaining(["create", "revoke"]));
    expect(JSON.stringify(rows)).not.toContain(token);
  });
});
