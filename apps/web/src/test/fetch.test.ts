import { afterEach, describe, expect, it, vi } from "vitest";
import { Company } from "@learnward/contracts";
import { reply, serveFetch } from "./fetch";

afterEach(() => vi.unstubAllGlobals());

const acme = { id: 1, name: "Acme", domain: "acme.test", url_photo: null, currency: "USD", status: "active" } as const;

describe("the web tests' fetch stub", () => {
  it("refuses an answer that the contract would refuse, where the stub is written", () => {
    expect(() => reply(Company, { ...acme, id: "one" } as never)).toThrow();
    expect(reply(Company, acme)).toEqual({ status: 200, body: acme });
  });

  it("answers by METHOD and path, lets a handler read the query and body, and records what was sent", async () => {
    const { fetch, sent } = serveFetch({
      "GET /api/b2b/v1/profile/acme.test": reply(Company, acme),
      "POST /api/things/": ({ body, url }) => ({ status: 201, body: { got: body, page: url.searchParams.get("page") } }),
    });
    expect(await (await globalThis.fetch("/api/b2b/v1/profile/acme.test")).json()).toEqual(acme);
    const created = await globalThis.fetch("/api/things/?page=2", { method: "POST", body: JSON.stringify({ name: "x" }) });
    expect(created.status).toBe(201);
    expect(await created.json()).toEqual({ got: { name: "x" }, page: "2" });
    const missing = await globalThis.fetch("/api/nowhere", { method: "DELETE" });
    expect(missing.status).toBe(404);
    expect(await missing.json()).toMatchObject({ error: { code: "not_found" } });
    expect(sent("POST /api/things/")).toEqual([{ name: "x" }]);
    expect(fetch).toHaveBeenCalledTimes(3);
  });
});
