import { describe, expect, it } from "vitest";
import { ConfigError, loadConfig } from "./config.ts";

describe("configuration from the environment", () => {
  it("has working defaults for the quick start", () => {
    const c = loadConfig({});
    expect(c).toMatchObject({ PORT: 3000, DATA_DIR: "./data", DEMO_SEED: true, DEMO_PASSWORD: "learnward-demo", publicUrl: "http://localhost:3000" });
    expect(c.DATABASE_URL).toBeUndefined();
  });

  it("listens on loopback only unless HOST says otherwise (issue 22: safe defaults)", () => {
    expect(loadConfig({}).HOST).toBe("127.0.0.1");
    expect(loadConfig({ HOST: "0.0.0.0" }).HOST).toBe("0.0.0.0");
  });

  it("counts the server's own loopback addresses as the same origin outside production", () => {
    expect(loadConfig({}).sameOrigins).toEqual(["http://localhost:3000", "http://127.0.0.1:3000", "http://[::1]:3000"]);
    expect(loadConfig({ NODE_ENV: "production", AUTH_SECRET: "s".repeat(32), PUBLIC_URL: "https://learn.example.com/" }).sameOrigins).toEqual(["https://learn.example.com"]);
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

  it("bounds the image cache, 512 MB unless IMAGE_CACHE_MAX_MB says otherwise", () => {
    expect(loadConfig({}).IMAGE_CACHE_MAX_MB).toBe(512);
    expect(loadConfig({ IMAGE_CACHE_MAX_MB: "64" }).IMAGE_CACHE_MAX_MB).toBe(64);
    expect(() => loadConfig({ IMAGE_CACHE_MAX_MB: "0" })).toThrow(/IMAGE_CACHE_MAX_MB="0": must be at least 1/);
  });

  it("reads DEMO_SEED=false as an empty start", () => {
    expect(loadConfig({ DEMO_SEED: "false" }).DEMO_SEED).toBe(false);
  });
});
