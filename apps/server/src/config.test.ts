import { describe, expect, it } from "vitest";
import { ConfigError, loadConfig } from "./config.ts";

describe("configuration from the environment", () => {
  it("has working defaults for the quick start", () => {
    const c = loadConfig({});
    expect(c).toMatchObject({ PORT: 3000, DATA_DIR: "./data", DEMO_SEED: true, DEMO_PASSWORD: "learnward-demo", publicUrl: "http://localhost:3000" });
    expect(c.DATABASE_URL).toBeUndefined();
  });

  it("names every bad value instead of starting half-working", () => {
    try {
      loadConfig({ PORT: "abc", DEMO_SEED: "maybe", DATABASE_URL: "mysql://x", CORS_ORIGINS: "not a url" });
      expect.unreachable();
    } catch (err) {
      expect(err).toBeInstanceOf(ConfigError);
      const msg = (err as Error).message;
      expect(msg).toMatch(/PORT="abc": must be a port number/);
      expect(msg).toMatch(/DEMO_SEED="maybe": must be true or false/);
      expect(msg).toMatch(/DATABASE_URL="mysql:\/\/x": must be a postgres/);
      expect(msg).toMatch(/CORS_ORIGINS/);
    }
    expect(() => loadConfig({ PORT: "70000" })).toThrow(/between 0 and 65535/);
  });

  it("requires AUTH_SECRET in production", () => {
    expect(() => loadConfig({ NODE_ENV: "production" })).toThrow(/AUTH_SECRET: required in production/);
    expect(loadConfig({ NODE_ENV: "production", AUTH_SECRET: "s".repeat(32) }).NODE_ENV).toBe("production");
  });

  it("reads DEMO_SEED=false as an empty start", () => {
    expect(loadConfig({ DEMO_SEED: "false" }).DEMO_SEED).toBe(false);
  });
});
