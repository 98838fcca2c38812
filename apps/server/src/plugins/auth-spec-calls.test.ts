// The spec's calls as a client written against spec §6, §7 and §9 sends them — a consumer
// call carries the session in `firebase_token` beside a static token in Authorization — and the
// spec §5 messages in the language the request asks for.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestContext, DEMO_PASSWORD, type TestContext } from "../../test/helpers.ts";
import { addOperator, addPerson, createCompany, createCompanyWithRoles, type Person } from "../../test/factories.ts";

let t: TestContext;
let w: Awaited<ReturnType<typeof createCompanyWithRoles>>;
let otherMember: Person;
beforeAll(async () => {
  t = await createTestContext({ seed: false, env: { SESSION_CACHE_SECONDS: "60" } });
  w = await createCompanyWithRoles(t);
  otherMember = await addPerson(t, { company: (await createCompany(t)).id, role: "member" });
});
afterAll(() => t.close());

/** A fresh session nobody has used yet: this process has not cached it. */
async function freshToken(email: string): Promise<string> {
  const res = await t.app.inject({ method: "POST", url: "/api/auth/sign-in/email", payload: { email, password: DEMO_PASSWORD } });
  expect(res.statusCode).toBe(200);
  return String(res.headers["set-auth-token"]);
}
const search = (headers: Record<string, string>) => t.app.inject({ method: "GET", url: "/api/contentuser/search/?page=1&page_size=8&contenType=all", headers });

describe("firebase_token beside a static token in Authorization (spec §6 consumer calls)", () => {
  // One person per test: sign-in allows 5 attempts a minute per person.
  for (const [scheme, who] of [
    ["Token static-consumer-key", "member"],
    ["Api-Key static-consumer-key", "teamleader"],
  ] as const) {
    it(`answers from the firebase_token session with '${scheme.split(" ")[0]}' in Authorization, before and after the session is cached`, async () => {
      const token = await freshToken(w[who].email);
      const headers = { firebase_token: token, authorization: scheme };
      // Cold: nothing cached yet for this session.
      const cold = await search(headers);
      expect(cold.statusCode, cold.body).toBe(200);
      // Warm: the same request again, and after a plain call has cached the session.
      expect((await search(headers)).statusCode).toBe(200);
      expect((await search({ firebase_token: token })).statusCode).toBe(200);
      const warm = await search(headers);
      expect(warm.statusCode).toBe(200);
      expect(warm.json()).toEqual(cold.json());
    });
  }

  it("answers the same when the session was cached first by a call without the static token", async () => {
    const token = await freshToken(w.hr.email);
    const warm = await search({ firebase_token: token });
    expect(warm.statusCode).toBe(200);
    const mixed = await search({ firebase_token: token, authorization: "Token static-consumer-key" });
    expect(mixed.statusCode).toBe(200);
    expect(mixed.json()).toEqual(warm.json());
  });

  it("still refuses a bad firebase_token, whatever static token comes with it, cached or not", async () => {
    const token = await freshToken(w.ldleader.email);
    await search({ firebase_token: token });
    const res = await search({ firebase_token: `${token}x`, authorization: "Token static-consumer-key" });
    expect(res.statusCode).toBe(401);
    expect(res.json().error.code).toBe("unauthenticated");
  });

  it("answers from the firebase_token session when Authorization holds a static token as Bearer", async () => {
    const token = await freshToken(w.member.email);
    const res = await search({ firebase_token: token, authorization: "Bearer static-consumer-key" });
    expect(res.statusCode, res.body).toBe(200);
  });

  it("keeps a Bearer session in Authorization working as before, with or without firebase_token", async () => {
    const token = await freshToken(otherMember.email);
    expect((await search({ authorization: `Bearer ${token}` })).statusCode).toBe(200);
    expect((await search({ authorization: `Bearer ${token}`, firebase_token: token })).statusCode).toBe(200);
  });
});

describe("sign-in from a client that is not a browser", () => {
  it("signs in with Node's own fetch: no cookie, no Origin, but fetch metadata", async () => {
    const address = await t.app.listen({ port: 0, host: "127.0.0.1" });
    const res = await fetch(`${address}/api/auth/sign-in/email`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ email: w.hr.email, password: DEMO_PASSWORD }),
    });
    expect(res.status, await res.clone().text()).toBe(200);
    expect(res.headers.get("set-auth-token")).toBeTruthy();
  });

  it("still refuses a sign-in another site's page posts", async () => {
    const res = await t.app.inject({
      method: "POST",
      url: "/api/auth/sign-in/email",
      headers: { origin: "https://evil.example", "sec-fetch-site": "cross-site", "sec-fetch-mode": "navigate" },
      payload: { email: w.hr.email, password: DEMO_PASSWORD },
    });
    expect(res.statusCode).toBe(403);
  });
});

describe("spec §5 messages on sign-up and password reset, and in Spanish", () => {
  const malformed = ["not-an-email", "a@", "@acme.test", "two@@acme.test", ""];
  it("answers a malformed email on sign-up with 'Invalid email', in Spanish too", async () => {
    for (const email of malformed) {
      const res = await t.anonymous.post("/api/auth/sign-up/email", { name: "Someone", email, password: "secret12" });
      expect(res.status, email).toBe(400);
      expect(res.body, email).toEqual({ error: { code: "invalid_email", message: "Invalid email" } });
    }
    const es = await t.anonymous.post(
      "/api/auth/sign-up/email",
      { name: "Alguien", email: "no-es-correo", password: "secret12" },
      { cookie: "NEXT_LOCALE=es" },
    );
    expect(es.body).toEqual({ error: { code: "invalid_email", message: "Correo electrónico no válido" } });
  });

  it("answers a malformed email on password reset with 'Invalid email', in Spanish too", async () => {
    for (const url of ["/api/auth/request-password-reset"]) {
      const res = await t.anonymous.post(url, { email: "not-an-email", redirectTo: "/reset-password" });
      expect(res.status, url).toBe(400);
      expect(res.body, url).toEqual({ error: { code: "invalid_email", message: "Invalid email" } });
      const es = await t.anonymous.post(url, { email: "not-an-email", redirectTo: "/reset-password" }, { "accept-language": "es-ES,es;q=0.9" });
      expect(es.body.error, url).toEqual({ code: "invalid_email", message: "Correo electrónico no válido" });
    }
  });

  it("answers 'Permission denied' in Spanish when the request asks for Spanish", async () => {
    const member = w.member.client;
    const body = { title: "SQL", skills: { sql: { collections: [1] } }, selectedAccount: [1] };
    const en = await member.post("/api/b2b/v1/plans/", body);
    expect(en.status).toBe(403);
    expect(en.body.error).toEqual({ code: "forbidden", message: "Permission denied" });
    for (const headers of [{ cookie: "NEXT_LOCALE=es" }, { "accept-language": "es" }] as Record<string, string>[]) {
      const es = await member.post("/api/b2b/v1/plans/", body, headers);
      expect(es.status).toBe(403);
      expect(es.body.error).toEqual({ code: "forbidden", message: "Permiso denegado" });
    }
    // A route's own refusal (not the access gate) too.
    const admin = (await addOperator(t)).client;
    const own = await admin.get("/api/contentuser/search/", { cookie: "NEXT_LOCALE=es" });
    expect(own.status).toBe(403);
    expect(own.body.error).toEqual({ code: "forbidden", message: "Permiso denegado" });
  });
});
