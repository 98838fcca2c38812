import { describe, expect, it } from "vitest";
import { ConfigError, loadConfig } from "./config.ts";

describe("configuration from the environment", () => {
  it("has working defaults for the quick start", () => {
    const c = loadConfig({});
    expect(c).toMatchObject({ PORT: 3000, DATA_DIR: "./data", DEMO_SEED: true, DEMO_PASSWORD: "learnward-demo", publicUrl: "http://localhost:3000" });
    expect(c.DATABASE_URL).toBeUndefined();
  });

  it("listens on loopback only unless HOST says otherwise (safe defaults)", () => {
    expect(loadConfig({}).HOST).toBe("127.0.0.1");
    expect(loadConfig({ HOST: "0.0.0.0" }).HOST).toBe("0.0.0.0");
  });

  it("counts the server's own loopback addresses as the same origin outside production", () => {
    expect(loadConfig({}).sameOrigins).toEqual(["http://localhost:3000", "http://127.0.0.1:3000", "http://[::1]:3000"]);
    expect(loadConfig({ NODE_ENV: "production", AUTH_SECRET: "s".repeat(32), PUBLIC_URL: "https://learn.example.com/" }).sameOrigins).toEqual([
      "https://learn.example.com",
    ]);
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

  it("moves the app's clock by CLOCK_OFFSET_DAYS for tests, and refuses it in production", () => {
    expect(loadConfig({}).CLOCK_OFFSET_DAYS).toBeUndefined();
    expect(loadConfig({ CLOCK_OFFSET_DAYS: "-3" }).CLOCK_OFFSET_DAYS).toBe(-3);
    expect(() => loadConfig({ CLOCK_OFFSET_DAYS: "1.5" })).toThrow(/CLOCK_OFFSET_DAYS="1.5": must be a whole number of days/);
    expect(() => loadConfig({ NODE_ENV: "production", AUTH_SECRET: "s".repeat(32), CLOCK_OFFSET_DAYS: "8" })).toThrow(
      /CLOCK_OFFSET_DAYS: not allowed in production/,
    );
  });

  it("requires AUTH_SECRET in production", () => {
    expect(() => loadConfig({ NODE_ENV: "production" })).toThrow(/AUTH_SECRET: required in production/);
    expect(loadConfig({ NODE_ENV: "production", AUTH_SECRET: "s".repeat(32) }).NODE_ENV).toBe("production");
  });

  // Posting chat messages to private addresses is for tests, never for production.
  it("allows chat posts to private http addresses only when asked, and never in production", () => {
    expect(loadConfig({}).CHAT_HOOKS_ALLOW_PRIVATE).toBe(false);
    expect(loadConfig({ NODE_ENV: "test", CHAT_HOOKS_ALLOW_PRIVATE: "true" }).CHAT_HOOKS_ALLOW_PRIVATE).toBe(true);
    expect(() => loadConfig({ NODE_ENV: "production", AUTH_SECRET: "s".repeat(32), CHAT_HOOKS_ALLOW_PRIVATE: "true" })).toThrow(
      /CHAT_HOOKS_ALLOW_PRIVATE: not allowed in production/,
    );
  });

  // An identity provider on loopback http is for tests, never for production.
  it("allows OIDC issuers on private http addresses only when asked, and never in production", () => {
    expect(loadConfig({}).SSO_ALLOW_PRIVATE).toBe(false);
    expect(loadConfig({ NODE_ENV: "test", SSO_ALLOW_PRIVATE: "true" }).SSO_ALLOW_PRIVATE).toBe(true);
    expect(() => loadConfig({ NODE_ENV: "production", AUTH_SECRET: "s".repeat(32), SSO_ALLOW_PRIVATE: "true" })).toThrow(
      /SSO_ALLOW_PRIVATE: not allowed in production/,
    );
  });

  it("bounds the image cache, 512 MB unless IMAGE_CACHE_MAX_MB says otherwise", () => {
    expect(loadConfig({}).IMAGE_CACHE_MAX_MB).toBe(512);
    expect(loadConfig({ IMAGE_CACHE_MAX_MB: "64" }).IMAGE_CACHE_MAX_MB).toBe(64);
    expect(() => loadConfig({ IMAGE_CACHE_MAX_MB: "0" })).toThrow(/IMAGE_CACHE_MAX_MB="0": must be at least 1/);
  });

  it("reads the optional extension store pages, chat widget and tag manager, none unless set", () => {
    const none = loadConfig({});
    expect([none.EXTENSION_CHROME_URL, none.EXTENSION_FIREFOX_URL, none.CHAT_WIDGET_URL, none.TAG_MANAGER_ID]).toEqual([
      undefined,
      undefined,
      undefined,
      undefined,
    ]);
    const set = loadConfig({
      EXTENSION_CHROME_URL: "https://chromewebstore.google.com/detail/learnward/abc",
      EXTENSION_FIREFOX_URL: "https://addons.mozilla.org/firefox/addon/learnward/",
      CHAT_WIDGET_URL: "https://chat.example.com/widget.js",
      TAG_MANAGER_ID: "GTM-AB12CD3",
    });
    expect(set).toMatchObject({
      EXTENSION_CHROME_URL: "https://chromewebstore.google.com/detail/learnward/abc",
      EXTENSION_FIREFOX_URL: "https://addons.mozilla.org/firefox/addon/learnward/",
      CHAT_WIDGET_URL: "https://chat.example.com/widget.js",
      TAG_MANAGER_ID: "GTM-AB12CD3",
    });
  });

  it("refuses a bad extension store page, chat widget or tag manager id, naming each", () => {
    try {
      loadConfig({
        EXTENSION_CHROME_URL: "javascript:alert(1)",
        EXTENSION_FIREFOX_URL: "http://addons.mozilla.org/firefox/addon/learnward/",
        CHAT_WIDGET_URL: "http://chat.example.com/widget.js",
        TAG_MANAGER_ID: "UA-12345-1",
      });
      expect.unreachable();
    } catch (err) {
      expect(err).toBeInstanceOf(ConfigError);
      const msg = (err as Error).message;
      expect(msg).toContain('EXTENSION_CHROME_URL="javascript:alert(1)": must be the https:// URL of the extension\'s store page');
      expect(msg).toContain(
        'EXTENSION_FIREFOX_URL="http://addons.mozilla.org/firefox/addon/learnward/": must be the https:// URL of the extension\'s store page',
      );
      expect(msg).toContain('CHAT_WIDGET_URL="http://chat.example.com/widget.js": must be the https:// URL of the widget\'s script');
      expect(msg).toContain('TAG_MANAGER_ID="UA-12345-1": must be a Google Tag Manager container id such as GTM-AB12CD3');
    }
    expect(() => loadConfig({ EXTENSION_FIREFOX_URL: "not a url" })).toThrow(/EXTENSION_FIREFOX_URL="not a url": must be the https/);
    expect(() => loadConfig({ CHAT_WIDGET_URL: "widget.js" })).toThrow(/CHAT_WIDGET_URL="widget.js": must be the https/);
    expect(() => loadConfig({ TAG_MANAGER_ID: 'gtm-ab12cd3"><script>' })).toThrow(/TAG_MANAGER_ID=.*must be a Google Tag Manager container id/);
  });

  it("says where the single extension link went rather than ignoring it", () => {
    expect(() => loadConfig({ EXTENSION_URL: "https://chromewebstore.google.com/detail/learnward/abc" })).toThrow(
      /EXTENSION_URL: replaced by EXTENSION_CHROME_URL and EXTENSION_FIREFOX_URL/,
    );
  });

  it("serves the extension's builds from apps/extension/dist unless EXTENSION_DIST says otherwise", () => {
    expect(loadConfig({}).EXTENSION_DIST).toBeUndefined();
    expect(loadConfig({ EXTENSION_DIST: "/srv/learnward/extension" }).EXTENSION_DIST).toBe("/srv/learnward/extension");
  });

  it("trusts X-Forwarded-For from nobody, every hop, or only the load balancers named in TRUST_PROXY", () => {
    expect(loadConfig({}).TRUST_PROXY).toBe(false);
    expect(loadConfig({ TRUST_PROXY: "true" }).TRUST_PROXY).toBe(true);
    expect(loadConfig({ TRUST_PROXY: "false" }).TRUST_PROXY).toBe(false);
    expect(loadConfig({ TRUST_PROXY: "10.0.0.0/8, 192.168.1.7,::1" }).TRUST_PROXY).toEqual(["10.0.0.0/8", "192.168.1.7", "::1"]);
    expect(loadConfig({ TRUST_PROXY: "loopback,uniquelocal" }).TRUST_PROXY).toEqual(["loopback", "uniquelocal"]);
    expect(() => loadConfig({ TRUST_PROXY: "10.0.0.0/40" })).toThrow(/TRUST_PROXY="10.0.0.0\/40": must be true, false or load balancer addresses/);
    expect(() => loadConfig({ TRUST_PROXY: "lb.internal" })).toThrow(/TRUST_PROXY/);
  });

  it("reads DEMO_SEED=false as an empty start", () => {
    expect(loadConfig({ DEMO_SEED: "false" }).DEMO_SEED).toBe(false);
  });
});
