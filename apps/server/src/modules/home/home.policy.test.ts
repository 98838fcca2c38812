import { describe, expect, it } from "vitest";
import { homePolicy } from "./home.policy.ts";

describe("home policy", () => {
  it("gives everyone of a company a home, and platform operators (who keep no library) none", () => {
    expect([...homePolicy.readers].sort()).toEqual(["hr", "ldleader", "member", "teamleader"]);
  });
});
