// Issue 23: the spec's calls as a client written against spec §6, §7 and §9 sends them — a consumer
// call carries the session in `firebase_token` beside a static token in Authorization — and the
// spec §5 messages in the language the request asks for.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestContext, DEMO, type TestContext } from "../../test/helpers.ts";

let t: TestContext;
beforeAll(async () => {
  t = await createTestContext({ env: { SESSION_CACHE_SECONDS: "60" } });
});
afterAll(() => t.close());

/** A fresh session nobody has used yet: this process has not cached it. */
async function freshToken(email: string): Promise<string> {
  const res = await t.app.inject({ method: "POST", url: "/api/auth/sign-in/email", payload: { email, password: "learnward-demo" } });
  expect(res.statusCode).toBe(200);
  return String(res.headers["set-auth-token"]);
}
const search = (headers: Record<string, string>) => t.app.inject({ method: "GET", url: "/api/contentuser/search/?page=1&page_size=8&contenType=all", headers });

describe("firebase_token beside a static token in Authorization (spec §6 consumer calls)", () => {
  for (const scheme of ["Token static-consumer-key", "Api-Key static-consumer-key"]) {
    it(`answers from the firebase_token session with '${scheme.split(" ")[0]}' in Authorization, before and after the session is cached`, async () => {
      const token = await freshToken(DEMO.member);
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
    const token = await freshToken(DEMO.member);
    const warm = await search({ firebase_token: token });
    expect(warm.statusCode).toBe(200);
    const mixed = await search({ firebase_token: token, authorization: "Token static-consumer-key" });
    expect(mixed.statusCode).toBe(200);
    expect(mixed.json()).toEqual(warm.json());
  });

  it("still refuses a bad firebase_token, whatever static token comes with it, cached or not", async () => {
    const token = await freshToken(DEMO.member);
    await search({ firebase_token: token });
    const res = await search({ firebase_token: `${token}x`, authorization: "Token static-consumer-key" });
    expect(res.statusCode).toBe(401);
    expect(res.json().error.code).toBe("unauthenticated");
  });

  it("keeps a Bearer session in Authorization working as before, with or without firebase_token", async () => {
    const token = await freshToken(DEMO.member);
    expect((await search({ authorization: `Bearer ${token}` })).statusCode).toBe(200);
    expect((await search({ authorization: `Bearer ${token}`, firebase_token: token })).statusCode).toBe(200);
  });
});
