import { afterEach, describe, expect, it, vi } from "vitest";
import { serveFetch } from "../test/render";

afterEach(() => {
  vi.unstubAllGlobals();
  vi.doUnmock("./schemas");
  vi.resetModules();
});

const company = { id: 1, name: "Acme", domain: "acme.test", url_photo: null, currency: "EUR", status: "active" };

/** lib/api and lib/contracts as a page gets them, fresh: the schemas not loaded yet. */
async function fresh() {
  vi.resetModules();
  const [api, contracts] = await Promise.all([import("./api"), import("./contracts")]);
  return { ...api, ...contracts };
}

describe("checkedBy", () => {
  it("gives the answer in its contract's shape", async () => {
    const { request, checkedBy } = await fresh();
    // Fields the contract does not name are left out.
    serveFetch({ "GET /api/b2b/v1/profile/acme.test": { body: { ...company, internal_note: "x" } } });
    await expect(request("/api/b2b/v1/profile/acme.test", { parse: checkedBy((s) => s.Company) })).resolves.toEqual(company);
  });

  it("refuses an answer in another shape", async () => {
    const { request, checkedBy } = await fresh();
    vi.spyOn(console, "error").mockImplementation(() => undefined);
    serveFetch({ "GET /api/b2b/v1/profile/acme.test": { body: { id: "one" } } });
    await expect(request("/api/b2b/v1/profile/acme.test", { parse: checkedBy((s) => s.Company) })).rejects.toMatchObject({ code: "bad_response" });
  });

  it("builds its schema once, when the schemas are in", async () => {
    const { request, checkedBy } = await fresh();
    const pick = vi.fn((s: typeof import("./schemas")) => s.Company.array());
    const check = checkedBy(pick);
    expect(pick).not.toHaveBeenCalled();
    serveFetch({ "GET /api/b2b/v1/admin/companies": { body: [company] } });
    await request("/api/b2b/v1/admin/companies", { parse: check });
    await request("/api/b2b/v1/admin/companies", { parse: check });
    expect(pick).toHaveBeenCalledTimes(1);
  });

  it("reports schemas that could not be fetched as a call that did not get through, and loads them next time", async () => {
    vi.doMock("./schemas", () => {
      throw new TypeError("Failed to fetch dynamically imported module");
    });
    const { request, checkedBy, ApiError } = await fresh();
    const check = checkedBy((s) => s.Company);
    serveFetch({ "GET /api/b2b/v1/profile/acme.test": { body: company } });
    const failure = await request("/api/b2b/v1/profile/acme.test", { parse: check }).catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(ApiError);
    expect(failure).toMatchObject({ code: "network_error" });

    vi.doUnmock("./schemas");
    await expect(request("/api/b2b/v1/profile/acme.test", { parse: check })).resolves.toMatchObject({ name: "Acme" });
  });
});
