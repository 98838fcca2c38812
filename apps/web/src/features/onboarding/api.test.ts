import { afterEach, describe, expect, it, vi } from "vitest";
import { serveFetch } from "../../test/fetch";
import { fetchOnboardingEntries } from "./api";

afterEach(() => vi.unstubAllGlobals());

describe("loading the onboarding entries", () => {
  it("writes a failed load to the console, as the spec asks", async () => {
    serveFetch({ "GET /api/b2b/v1/onboarding/": { status: 500, body: { error: { code: "internal", message: "down" } } } });
    const console_ = vi.spyOn(console, "error").mockImplementation(() => {});
    await expect(fetchOnboardingEntries()).rejects.toBeTruthy();
    expect(console_).toHaveBeenCalledWith("Could not load onboarding", expect.anything());
  });

  it("stays quiet when the load is called off (the page moved on): nothing failed", async () => {
    serveFetch({ "GET /api/b2b/v1/onboarding/": { never: true } });
    const console_ = vi.spyOn(console, "error").mockImplementation(() => {});
    const leaving = new AbortController();
    const load = fetchOnboardingEntries(leaving.signal);
    leaving.abort();
    await expect(load).rejects.toMatchObject({ name: "AbortError" });
    expect(console_).not.toHaveBeenCalled();
  });
});
