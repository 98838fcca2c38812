import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestContext, type TestContext } from "../../test/helpers.ts";

// Defence in depth against prototype pollution: whatever a library that walks attacker-chosen keys
// might still reach, the shared prototypes take no new keys, and a process whose prototypes changed
// after start-up does not call itself healthy (a load balancer then takes it out of rotation).
let t: TestContext;
beforeAll(async () => {
  t = await createTestContext({ seed: false });
});
afterAll(() => t.close());

describe("the process's shared prototypes", () => {
  it("take no new keys, from any path a walk could follow", () => {
    for (const [name, target] of [
      ["Object", {}],
      ["Array", []],
      ["String", "text"],
      ["Number", 1],
      ["Boolean", true],
      ["Function", () => 0],
    ] as const) {
      const proto = Object.getPrototypeOf(target) as Record<string, unknown>;
      expect(() => {
        "use strict";
        proto.polluted = name;
      }, name).toThrow(TypeError);
      expect(({} as Record<string, unknown>).polluted, name).toBeUndefined();
      expect(Object.getOwnPropertyNames(proto), name).not.toContain("polluted");
    }
  });

  it("take no new keys through a __proto__ key either: it changes at most one object's own prototype", () => {
    const target = {} as Record<string, unknown>;
    expect(() => {
      (target as { __proto__: unknown }).__proto__ = { polluted: true };
    }).not.toThrow();
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    expect(() => {
      ((({}) as { __proto__: Record<string, unknown> }).__proto__ as Record<string, unknown>).polluted = true;
    }).toThrow(TypeError);
    const parsed = JSON.parse('{"__proto__": {"polluted": true}}') as Record<string, unknown>;
    expect(Object.keys(parsed)).toEqual(["__proto__"]);
    expect(parsed.polluted).toBeUndefined();
  });

  it("makes /api/health answer 503 when one changed after start-up, and 200 again once restored", async () => {
    expect((await t.anonymous.get("/api/health")).status).toBe(200);
    const original = Object.prototype.toLocaleString;
    Object.prototype.toLocaleString = () => "polluted";
    try {
      const res = await t.anonymous.get("/api/health");
      expect(res.status).toBe(503);
      expect(res.body).toMatchObject({ status: "unavailable" });
    } finally {
      Object.prototype.toLocaleString = original;
    }
    expect((await t.anonymous.get("/api/health")).status).toBe(200);
  });
});
