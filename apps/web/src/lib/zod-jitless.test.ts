import { describe, expect, it } from "vitest";
import "./zod-jitless";
import { config, z } from "zod";

describe("zod under our CSP", () => {
  it("is jitless: it never tries new Function, which the CSP refuses", () => {
    expect(config().jitless).toBe(true);
    const schema = z.object({ id: z.number(), name: z.string() });
    expect(schema.parse({ id: 1, name: "Ada" })).toEqual({ id: 1, name: "Ada" });
  });
});
