// Keys that name a prototype (__proto__, constructor, prototype), sent wherever a library could walk
// them into an object: JSON bodies of every documented route, bracketed query strings, SCIM filters
// and the claim an identity provider's groups are read from. None may reach a prototype, and none
// may answer 5xx (with the prototypes sealed, as in production, a walk that tried would throw).
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestContext, type Client, type TestContext } from "./helpers.ts";
import { addOperator, createCompanyWithRoles } from "./factories.ts";
import { groupsOf } from "../src/modules/sso/group-placement.ts";
import { ownValue } from "../src/lib/own-keys.ts";

let t: TestContext;
let callers: Array<[string, Client]>;
let ops: Array<{ method: string; path: string; body: boolean }>;
let acme: Awaited<ReturnType<typeof createCompanyWithRoles>>;

const shared = [Object.prototype, Array.prototype, String.prototype, Function.prototype];
const baseline = shared.map((p) => Object.getOwnPropertyNames(p).join());
const polluted = () => shared.some((p, i) => Object.getOwnPropertyNames(p).join() !== baseline[i]) || ({} as Record<string, unknown>).polluted !== undefined;

/** Every way JSON can carry the keys, at the top and nested in the fields a route reads. */
const POISON = [
  '{"__proto__":{"polluted":true,"access":"public","beforeTwoFactor":true}}',
  '{"constructor":{"prototype":{"polluted":true}}}',
  '{"name":{"__proto__":{"polluted":true}},"settings":{"constructor":{"prototype":{"polluted":true}}},"items":[{"__proto__":{"polluted":true}}]}',
];
/** Bracketed query keys, as qs-style parsers would turn into nested objects. */
const BRACKETS = "__proto__[polluted]=1&constructor[prototype][polluted]=1&filter[__proto__][polluted]=1&a[constructor][prototype][polluted]=1";

beforeAll(async () => {
  t = await createTestContext({ seed: false });
  acme = await createCompanyWithRoles(t);
  const operator = await addOperator(t);
  callers = [
    ["anonymous", t.anonymous],
    ["hr", acme.hr.client],
    ["operator", operator.client],
  ];
  const doc = (await t.anonymous.get("/api/openapi.json")).body as { paths: Record<string, Record<string, { requestBody?: unknown }>> };
  ops = Object.entries(doc.paths).flatMap(([path, methods]) =>
    Object.entries(methods).map(([method, op]) => ({ method: method.toUpperCase(), path, body: op.requestBody !== undefined })),
  );
});
afterAll(() => t.close());

// Routes that end the caller's own session would leave the rest of the sweep anonymous.
const endsSession = (path: string) => /sign-out|revoke-session|delete-user|\/sessions/.test(path);

describe("keys that name a prototype", () => {
  it("in the JSON body of every documented write, from each kind of caller: never a 5xx, never on a prototype", async () => {
    const problems: string[] = [];
    const writes = ops.filter((o) => o.body && o.method !== "GET" && !endsSession(o.path));
    expect(writes.length).toBeGreaterThan(50);
    for (const op of writes)
      for (const [who, c] of callers)
        for (const body of POISON) {
          const url = op.path.replace(/\{[^}]+\}/g, "1");
          const res = await t.app.inject({
            method: op.method as "POST",
            url,
            headers: { ...(c.token ? { authorization: `Bearer ${c.token}` } : {}), "content-type": "application/json" },
            payload: body,
          });
          if (res.statusCode >= 500) problems.push(`${who} ${op.method} ${url} ${body.slice(0, 40)} → ${res.statusCode} ${res.body.slice(0, 100)}`);
          if (polluted()) problems.push(`${who} ${op.method} ${url} ${body.slice(0, 40)} polluted a prototype`);
        }
    expect(problems).toEqual([]);
  });

  it("as bracketed query keys on every documented read: never a 5xx, never on a prototype", async () => {
    const problems: string[] = [];
    const reads = ops.filter((o) => o.method === "GET");
    expect(reads.length).toBeGreaterThan(50);
    for (const op of reads)
      for (const [who, c] of callers) {
        const url = `${op.path.replace(/\{[^}]+\}/g, "1")}?${BRACKETS}`;
        const res = await c.get(url);
        if (res.status >= 500) problems.push(`${who} GET ${url} → ${res.status} ${res.text.slice(0, 100)}`);
        if (polluted()) problems.push(`${who} GET ${url} polluted a prototype`);
      }
    expect(problems).toEqual([]);
  });

  it("in a SCIM filter: refused as an invalid filter, never walked", async () => {
    const token = (await acme.hr.client.post("/api/b2b/v1/company/scim-token", {})).body.token as string;
    for (const resource of ["Users", "Groups"])
      for (const filter of [
        '__proto__.polluted eq "x"',
        "constructor.prototype pr",
        'name.__proto__ eq "x"',
        'userName eq "a" or __PROTO__.polluted eq "x"',
        'emails[__proto__ eq "x"]',
        'members[value eq "1"].constructor pr',
      ]) {
        const res = await t.anonymous.get(`/scim/v2/${resource}?filter=${encodeURIComponent(filter)}`, { authorization: `Bearer ${token}` });
        expect({ filter, status: res.status, scimType: res.body.scimType }).toEqual({ filter, status: 400, scimType: "invalidFilter" });
      }
    expect(polluted()).toBe(false);
  });

  it("as the claim an identity provider's groups are read from: refused when hr names one, and claims are read as their own keys only", async () => {
    for (const claim of ["__proto__", "constructor", "Prototype", "toString"]) {
      const res = await acme.hr.client.put("/api/b2b/v1/company/sso/group-mappings", { groups_claim: claim, rules: [] });
      expect({ claim, status: res.status, code: res.body.error?.code }).toEqual({ claim, status: 400, code: "validation_error" });
    }
    // An id_token's claims as JSON.parse gives them: `__proto__` is an own key, `constructor` inherited.
    const claims = JSON.parse('{"__proto__":["Admins"],"groups":["Engineering"]}') as Record<string, unknown>;
    expect(groupsOf(ownValue(claims, "__proto__"))).toEqual(["Admins"]);
    expect(groupsOf(ownValue(claims, "constructor"))).toEqual([]);
    expect(ownValue(claims, "toString")).toBeUndefined();
    expect(groupsOf(ownValue(claims, "groups"))).toEqual(["Engineering"]);
  });
});
