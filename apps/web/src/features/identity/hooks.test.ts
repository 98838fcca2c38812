import { afterEach, describe, expect, it, vi } from "vitest";
import { fetchSession, parseMe } from "./api";
import { safeNextPath } from "./hooks";
import { meFor, serveFetch } from "../../test/render";

afterEach(() => vi.unstubAllGlobals());

describe("safeNextPath", () => {
  it("follows paths inside the app", () => {
    expect(safeNextPath("/discover?x=1")).toBe("/discover?x=1");
  });

  it("refuses other sites and loops back to sign-in", () => {
    for (const next of [null, "", "https://evil.test", "//evil.test", "/\\evil.test", "/login", "/login?next=/x", "/register"]) {
      expect(safeNextPath(next), String(next)).toBeNull();
    }
  });
});

describe("parseMe", () => {
  it("accepts the contract's Me", () => {
    const me = meFor("teamleader");
    expect(parseMe(me)).toBe(me);
    expect(parseMe(meFor("admin")).company).toBeNull();
  });

  it("refuses answers without an account or with an unknown role", () => {
    expect(() => parseMe({ user: meFor("hr").user })).toThrow();
    expect(() => parseMe({ ...meFor("hr"), account: { ...meFor("hr").account, role: "owner" } })).toThrow();
  });
});

describe("fetchSession", () => {
  it("is signed in when /api/session answers someone", async () => {
    serveFetch({ "GET /api/session": { body: { me: meFor("hr") } } });
    await expect(fetchSession()).resolves.toMatchObject({ status: "signedIn", me: { account: { role: "hr" } } });
  });

  it("is signed out when there is no session", async () => {
    serveFetch({ "GET /api/session": { body: { me: null } } });
    await expect(fetchSession()).resolves.toEqual({ status: "signedOut", reason: "anonymous" });
  });

  it("is signed out when the session has ended (401)", async () => {
    serveFetch({ "GET /api/session": { status: 401, body: { error: { code: "unauthenticated", message: "x" } } } });
    await expect(fetchSession()).resolves.toEqual({ status: "signedOut", reason: "anonymous" });
  });

  it("refuses an answer that is not a session", async () => {
    serveFetch({ "GET /api/session": { body: meFor("hr") } });
    await expect(fetchSession()).rejects.toThrow();
  });

  it("signs out and flags a user without an account (spec §4)", async () => {
    const { fetch } = serveFetch({
      "GET /api/session": { status: 401, body: { error: { code: "account_missing", message: "x" } } },
      "POST /api/auth/sign-out": { body: { success: true } },
    });
    await expect(fetchSession()).resolves.toEqual({ status: "signedOut", reason: "accountMissing" });
    expect(fetch.mock.calls.map(([url, init]) => `${init?.method ?? "GET"} ${String(url)}`)).toContain("POST /api/auth/sign-out");
  });
});
