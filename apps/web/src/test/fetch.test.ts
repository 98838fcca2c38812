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

  it("lists every call as METHOD path?query with its body, in the order sent", async () => {
    const { calls } = serveFetch({ "GET /api/things/": { body: [] }, "DELETE /api/things/": { status: 204 } });
    await globalThis.fetch("/api/things/?page=2&search=%23sql");
    await globalThis.fetch("/api/things/?id=4", { method: "DELETE" });
    await globalThis.fetch("/api/things/", { method: "POST", body: JSON.stringify({ name: "x" }) });
    expect(calls()).toEqual([
      { call: "GET /api/things/?page=2&search=%23sql", body: undefined },
      { call: "DELETE /api/things/?id=4", body: undefined },
      { call: "POST /api/things/", body: { name: "x" } },
    ]);
  });

  it("answers what no route names with the catch-all, which may leave a call to the usual 404", async () => {
    const { calls } = serveFetch({
      "GET /api/session": { body: { ok: true } },
      "*": ({ method, url }) => (url.pathname.startsWith("/api/b2b/") ? { status: 403, body: { error: { code: "forbidden", message: method } } } : undefined),
    });
    expect((await globalThis.fetch("/api/session")).status).toBe(200);
    const refused = await globalThis.fetch("/api/b2b/v1/teams/?page=1", { method: "POST" });
    expect(refused.status).toBe(403);
    expect(await refused.json()).toEqual({ error: { code: "forbidden", message: "POST" } });
    expect((await globalThis.fetch("/api/elsewhere")).status).toBe(404);
    expect(calls().map(({ call }) => call)).toEqual(["GET /api/session", "POST /api/b2b/v1/teams/?page=1", "GET /api/elsewhere"]);
  });

  it("never answers a call routed to `never` (a request still on its way), until the caller gives up on it", async () => {
    serveFetch({ "GET /api/slow": { never: true }, "GET /api/quick": { body: {} } });
    let settled = false;
    const slow = globalThis.fetch("/api/slow");
    void slow.finally(() => (settled = true));
    // A call sent after it through the same stub is answered first: had the slow one been answered,
    // it would have won the race.
    const first = await Promise.race([slow.then(() => "slow"), globalThis.fetch("/api/quick").then((answer) => `quick ${answer.status}`)]);
    expect(first).toBe("quick 200");
    expect(settled).toBe(false);
    const controller = new AbortController();
    const aborted = globalThis.fetch("/api/slow", { signal: controller.signal });
    controller.abort();
    await expect(aborted).rejects.toMatchObject({ name: "AbortError" });
  });

  it("streams an answer chunk by chunk, as server-sent events arrive", async () => {
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    serveFetch({
      "POST /api/stream/": {
        stream: (async function* () {
          yield "event: delta\n";
          await held;
          yield "data: {}\n\n";
        })(),
      },
    });
    const response = await globalThis.fetch("/api/stream/", { method: "POST" });
    expect(response.headers.get("Content-Type")).toBe("text/event-stream");
    const reader = response.body!.getReader();
    const decoder = new TextDecoder();
    expect(decoder.decode((await reader.read()).value)).toBe("event: delta\n");
    release();
    expect(decoder.decode((await reader.read()).value)).toBe("data: {}\n\n");
    expect((await reader.read()).done).toBe(true);
  });
});
