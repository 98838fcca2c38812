// The company's provider is discovered once per connection, not on every sign-in.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createCompanyWithRoles } from "../../../test/factories.ts";
import { createTestContext, type TestContext } from "../../../test/helpers.ts";
import { browseThroughIdp, startTestIdp, type TestIdp } from "../../../test/oidc-idp.ts";
import { createDiscoveryCache } from "./oidc.discovery-cache.ts";

const PUBLIC_URL = "http://localhost:3000";
const CALLBACK = `${PUBLIC_URL}/api/auth/sso/oidc/callback`;

let t: TestContext;
let idp: TestIdp;
let acme: Awaited<ReturnType<typeof createCompanyWithRoles>>;
let subs = 0;

beforeAll(async () => {
  t = await createTestContext({ seed: false, env: { SSO_ALLOW_PRIVATE: "true" } });
  idp = await startTestIdp({ redirectUri: CALLBACK });
  acme = await createCompanyWithRoles(t);
});
afterAll(async () => {
  await idp?.close();
  await t?.close();
});

const save = async () => {
  const connection = { issuer: idp.issuer, client_id: idp.clientId, client_secret: idp.clientSecret, enabled: true, require_sso: false };
  expect((await acme.hr.client.put("/api/b2b/v1/company/sso/oidc", connection)).status).toBe(200);
};

/** A whole sign-in through the provider; answers where our callback sent the browser. */
async function signIn() {
  const sub = `sub-${++subs}`;
  const email = `${sub}@${acme.company.domain}`;
  idp.people.set(sub, { email });
  const { location, cookie } = await browseThroughIdp(t, idp, email, sub);
  return String((await t.app.inject({ method: "GET", url: location.slice(PUBLIC_URL.length), headers: { cookie } })).headers.location);
}

describe("the provider's discovery document", () => {
  it("is read when the connection is saved, then reused by sign-ins; saving again reads it again", async () => {
    await save();
    const afterSave = idp.discoveries();
    expect(afterSave).toBeGreaterThan(0);
    expect(await signIn()).toBe("/");
    expect(await signIn()).toBe("/");
    expect(idp.discoveries()).toBe(afterSave);
    await save();
    expect(idp.discoveries()).toBe(afterSave + 1);
    expect(await signIn()).toBe("/");
    expect(idp.discoveries()).toBe(afterSave + 1);
  });
});

describe("the discovery cache", () => {
  const key = { issuer: "https://idp.test", clientId: "c", clientSecret: "s" };

  it("keeps a discovery for its time, per issuer, client and secret", async () => {
    let now = 0;
    let calls = 0;
    const cache = createDiscoveryCache(async () => ({ n: ++calls }), { ttlMs: 1000, now: () => now });
    expect(await cache.get(key)).toEqual({ n: 1 });
    expect(await cache.get(key)).toEqual({ n: 1 });
    expect(await cache.get({ ...key, clientSecret: "rotated" })).toEqual({ n: 2 });
    now = 1001;
    expect(await cache.get(key)).toEqual({ n: 3 });
  });

  it("does not keep a failed discovery", async () => {
    let calls = 0;
    const cache = createDiscoveryCache(
      async () => {
        if (++calls === 1) throw new Error("down");
        return { n: calls };
      },
      { ttlMs: 60_000 },
    );
    await expect(cache.get(key)).rejects.toThrow("down");
    expect(await cache.get(key)).toEqual({ n: 2 });
  });

  it("refresh reads again and keeps the fresh one", async () => {
    let calls = 0;
    const cache = createDiscoveryCache(async () => ({ n: ++calls }), { ttlMs: 60_000 });
    await cache.get(key);
    expect(await cache.refresh(key)).toEqual({ n: 2 });
    expect(await cache.get(key)).toEqual({ n: 2 });
  });
});
