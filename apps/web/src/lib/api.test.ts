import { afterEach, describe, expect, it, vi } from "vitest";
import { ApiError, request } from "./api";
import { serveFetch, stubFetch } from "../test/render";

afterEach(() => vi.unstubAllGlobals());

describe("request", () => {
  it("sends JSON with the session cookie and returns the parsed answer", async () => {
    const { fetch } = serveFetch({ "POST /api/b2b/v1/teams": { body: { id: 3 } } });
    const answer = await request("/api/b2b/v1/teams", {
      method: "POST",
      body: { name: "x" },
      parse: (json) => json as { id: number },
    });
    expect(answer).toEqual({ id: 3 });
    const [, init] = fetch.mock.calls[0] ?? [];
    expect(init).toMatchObject({ method: "POST", credentials: "include", body: '{"name":"x"}' });
  });

  it("adds query parameters and leaves out undefined ones", async () => {
    const { fetch } = serveFetch({ "GET /api/b2b/v1/employees/": { body: {} } });
    await request("/api/b2b/v1/employees/", { query: { page_size: 30, search: undefined } });
    expect(String(fetch.mock.calls[0]?.[0])).toBe("/api/b2b/v1/employees/?page_size=30");
  });

  it("turns the server's error body into an ApiError with its code", async () => {
    vi.stubGlobal(
      "fetch",
      stubFetch({ "POST /api/auth/sign-in/email": { status: 401, body: { error: { code: "invalid_credentials", message: "Email or password incorrect" } } } }),
    );
    await expect(request("/api/auth/sign-in/email", { method: "POST", body: { email: "ana@acme.test", password: "wrong" } })).rejects.toMatchObject({
      status: 401,
      code: "invalid_credentials",
    });
  });

  it("answers a 204 with an empty object (spec §7)", async () => {
    serveFetch({ "DELETE /api/user/folder/3": { status: 204 } });
    await expect(request("/api/user/folder/3", { method: "DELETE" })).resolves.toEqual({});
  });

  it("reports an unreachable server as network_error", async () => {
    vi.stubGlobal("fetch", () => Promise.reject(new TypeError("Failed to fetch")));
    await expect(request("/api/me")).rejects.toEqual(expect.objectContaining({ code: "network_error" }));
  });

  it("reports an answer that breaks its contract as bad_response", async () => {
    vi.spyOn(console, "error").mockImplementation(() => {});
    serveFetch({ "GET /api/me": { body: { nope: true } } });
    const error = await request("/api/me", {
      parse: () => {
        throw new Error("shape");
      },
    }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ code: "bad_response" });
  });
});
