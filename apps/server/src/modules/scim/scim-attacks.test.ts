import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { createTestContext, DEMO_PASSWORD, type TestContext } from "../../../test/helpers.ts";
import { createCompanyWithRoles } from "../../../test/factories.ts";

// A company's directory is a tenant of the whole platform: whatever its SCIM token sends, the
// process every other company signs in through must stay as it was.
let t: TestContext;
let acme: Awaited<ReturnType<typeof createCompanyWithRoles>>;
let token: string;
const SCIM_JSON = { "content-type": "application/scim+json" };
const as = () => ({ authorization: `Bearer ${token}`, ...SCIM_JSON });
const PATCH = "urn:ietf:params:scim:api:messages:2.0:PatchOp";
const USER = "urn:ietf:params:scim:schemas:core:2.0:User";

/** Whatever an attack managed to put on the prototypes every object and array inherits from. */
const baseline = new Set([...Object.getOwnPropertyNames(Object.prototype), ...Object.getOwnPropertyNames(Array.prototype)]);
const pollution = () => [...Object.getOwnPropertyNames(Object.prototype), ...Object.getOwnPropertyNames(Array.prototype)].filter((k) => !baseline.has(k));
const clean = () => {
  for (const k of pollution()) {
    delete (Object.prototype as Record<string, unknown>)[k];
    // An array prototype has no string index; whatever an attack added under a name is deleted by it.
    delete (Array.prototype as unknown as Record<string, unknown>)[k];
  }
};

beforeAll(async () => {
  t = await createTestContext({ seed: false });
  acme = await createCompanyWithRoles(t, { allowOwnDomain: true });
  token = (await acme.hr.client.post("/api/b2b/v1/company/scim-token", {})).body.token;
});
afterEach(clean);
afterAll(() => t.close());

/** Paths that reach a prototype in every form SCIM's path grammar lets a directory write them. */
const prototypePaths = [
  "__proto__.polluted",
  "__proto__",
  "constructor.prototype.polluted",
  "name.__proto__.polluted",
  "name.constructor.prototype.polluted",
  "__PROTO__.polluted",
  "Constructor.Prototype.polluted",
  `${USER}:__proto__.polluted`,
  `${USER}:name.__proto__.polluted`,
  'emails[type eq "work"].__proto__.polluted',
  "emails[__proto__ eq 1].value",
  'name["__proto__"].polluted',
  "name['constructor'].prototype.polluted",
  "members.__proto__.polluted",
  " __proto__ .polluted",
];

describe("SCIM PATCH cannot reach the process's prototypes", () => {
  it("refuses every path that names __proto__, constructor or prototype with 400 invalidPath, for Users and Groups, and nothing changes", async () => {
    const made = await t.anonymous.post(
      "/scim/v2/Users",
      { schemas: [USER], userName: `proto.target@${acme.company.domain}`, name: { givenName: "Pro", familyName: "To" }, active: true },
      as(),
    );
    expect(made.status).toBe(201);
    const group = await t.anonymous.post("/scim/v2/Groups", { displayName: "Proto team" }, as());
    expect(group.status).toBe(201);

    for (const path of prototypePaths) {
      for (const [url, value] of [
        [`/scim/v2/Users/${made.body.id}`, "x"],
        [`/scim/v2/Users/${made.body.id}`, { polluted: true, beforeTwoFactor: true }],
        [`/scim/v2/Groups/${group.body.id}`, "x"],
      ] as const) {
        for (const op of ["add", "replace", "Replace", "remove"]) {
          const res = await t.anonymous.patch(url, { schemas: [PATCH], Operations: [{ op, path, value }] }, as());
          expect({ path, op, url, status: res.status, scimType: res.body.scimType }).toEqual({ path, op, url, status: 400, scimType: "invalidPath" });
          expect(pollution()).toEqual([]);
        }
      }
    }
    expect((await t.anonymous.get(`/scim/v2/Users/${made.body.id}`, as())).body).toMatchObject({ name: { givenName: "Pro", familyName: "To" }, active: true });
    expect((await t.anonymous.get(`/scim/v2/Groups/${group.body.id}`, as())).body).toMatchObject({ displayName: "Proto team" });
  });

  it("refuses attribute names in a PATCH value that name a prototype, at any depth, as JSON sends them", async () => {
    const made = await t.anonymous.post("/scim/v2/Users", { schemas: [USER], userName: `proto.value@${acme.company.domain}`, active: true }, as());
    // Raw JSON: a JavaScript object literal would set the prototype instead of sending the key.
    for (const value of [
      '{"__proto__":{"polluted":true}}',
      '{"name":{"__proto__":{"polluted":true}}}',
      '{"constructor":{"prototype":{"polluted":true}}}',
      '{"emails":[{"value":"a@b.test","__proto__":{"polluted":true}}]}',
      '{"name":{"Constructor":{"Prototype":{"polluted":true}}}}',
    ]) {
      const body = `{"schemas":["${PATCH}"],"Operations":[{"op":"add","value":${value}}]}`;
      const res = await t.anonymous.patch(`/scim/v2/Users/${made.body.id}`, body, as());
      expect({ value, status: res.status, scimType: res.body.scimType }).toEqual({ value, status: 400, scimType: "invalidPath" });
      expect(pollution()).toEqual([]);
    }
  });

  it("refuses a value nested past any SCIM attribute (400 invalidValue), however deep, without a 500", async () => {
    const made = await t.anonymous.post("/scim/v2/Users", { schemas: [USER], userName: `proto.deep@${acme.company.domain}`, active: true }, as());
    for (const depth of [17, 50_000]) {
      const body = `{"schemas":["${PATCH}"],"Operations":[{"op":"add","path":"name","value":${"[".repeat(depth)}${"]".repeat(depth)}}]}`;
      const res = await t.anonymous.patch(`/scim/v2/Users/${made.body.id}`, body, as());
      expect({ depth, status: res.status, scimType: res.body.scimType }).toEqual({ depth, status: 400, scimType: "invalidValue" });
    }
  });

  it("leaves every company's sign-in and second-factor gate working after a directory tried", async () => {
    const made = await t.anonymous.post("/scim/v2/Users", { schemas: [USER], userName: `proto.gate@${acme.company.domain}`, active: true }, as());
    for (const path of ["__proto__.beforeTwoFactor", "constructor.prototype.beforeTwoFactor", "name.__proto__.access"])
      await t.anonymous.patch(`/scim/v2/Users/${made.body.id}`, { schemas: [PATCH], Operations: [{ op: "add", path, value: true }] }, as());

    const signIn = await t.app.inject({ method: "POST", url: "/api/auth/sign-in/email", payload: { email: acme.member.email, password: DEMO_PASSWORD } });
    expect(signIn.statusCode).toBe(200);
    expect((await t.anonymous.get("/api/health")).status).toBe(200);
  });

  it("still applies ordinary paths whose values merely mention those words", async () => {
    const made = await t.anonymous.post("/scim/v2/Users", { schemas: [USER], userName: `proto.words@${acme.company.domain}`, active: true }, as());
    const res = await t.anonymous.patch(
      `/scim/v2/Users/${made.body.id}`,
      { schemas: [PATCH], Operations: [{ op: "Replace", path: "name.givenName", value: "Constructor" }] },
      as(),
    );
    expect(res.status).toBe(200);
    expect(res.body.name.givenName).toBe("Constructor");
  });
});

describe("SCIM creates racing on one userName", () => {
  it("answers one 201 and 409 uniqueness to every other, never a 500", async () => {
    const body = { schemas: [USER], userName: `race.one@${acme.company.domain}`, active: true };
    const answers = await Promise.all(Array.from({ length: 20 }, () => t.anonymous.post("/scim/v2/Users", body, as())));
    const statuses = answers.map((a) => a.status).sort();
    expect(statuses).toEqual([201, ...Array<number>(19).fill(409)]);
    for (const a of answers.filter((x) => x.status === 409)) expect(a.body).toMatchObject({ status: "409", scimType: "uniqueness" });
    const found = await t.anonymous.get(`/scim/v2/Users?filter=${encodeURIComponent(`userName eq "race.one@${acme.company.domain}"`)}`, as());
    expect(found.body.totalResults).toBe(1);
  });
});

describe("an address a stranger registered but never proved", () => {
  it("doesn't keep the company's directory from provisioning its owner: the unproven account, its password and sessions give way", async () => {
    const email = `squatted@${acme.company.domain}`;
    const signUp = await t.anonymous.post("/api/auth/sign-up/email", { name: "Stranger", email, password: "strangers-pass" });
    expect(signUp.status).toBe(200);

    const made = await t.anonymous.post(
      "/scim/v2/Users",
      { schemas: [USER], userName: email, name: { givenName: "Real", familyName: "Owner" }, active: true },
      as(),
    );
    expect(made.status).toBe(201);
    expect(made.body).toMatchObject({ userName: email, name: { givenName: "Real", familyName: "Owner" } });
    const signIn = await t.app.inject({ method: "POST", url: "/api/auth/sign-in/email", payload: { email, password: "strangers-pass" } });
    expect(signIn.statusCode).toBe(401);
  });

  it("still refuses an address the directory already provisioned (409 uniqueness), which keeps its person", async () => {
    const body = { schemas: [USER], userName: `proven.once@${acme.company.domain}`, active: true };
    const first = await t.anonymous.post("/scim/v2/Users", body, as());
    expect(first.status).toBe(201);
    const again = await t.anonymous.post("/scim/v2/Users", body, as());
    expect(again.status).toBe(409);
    expect(again.body).toMatchObject({ scimType: "uniqueness" });
    expect((await t.anonymous.get(`/scim/v2/Users/${first.body.id}`, as())).status).toBe(200);
  });
});
