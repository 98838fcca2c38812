import { createHash, randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestContext, type TestContext } from "../../../test/helpers.ts";
import { createCompanyWithRoles } from "../../../test/factories.ts";
import { newCredential, xapiClient } from "../../../test/xapi-client.ts";

// A conformance subset written from xAPI 1.0.3 Part Three: §2.2 documents (JSON merge), §2.3 the
// State resource, §3.1 concurrency; and what Learnward adds: each company's documents are its own.
let t: TestContext;
let call: ReturnType<typeof xapiClient>;
let acme: Awaited<ReturnType<typeof createCompanyWithRoles>>;
const S = "/xapi/activities/state";
const sha1 = (b: string | Buffer) => createHash("sha1").update(b).digest("hex");
const enc = encodeURIComponent;

/** A fresh activity and learner, and the query naming one of their states. */
function context(over: { registration?: string } = {}) {
  const activityId = `http://example.com/activities/${randomUUID()}`;
  const agent = { mbox: `mailto:${randomUUID()}@example.com` };
  const base = `activityId=${enc(activityId)}&agent=${enc(JSON.stringify(agent))}${over.registration ? `&registration=${over.registration}` : ""}`;
  return { activityId, agent, base, url: (stateId?: string, extra = "") => `${S}?${base}${stateId ? `&stateId=${enc(stateId)}` : ""}${extra}` };
}
const json = { "content-type": "application/json" };

beforeAll(async () => {
  t = await createTestContext({ seed: false });
  acme = await createCompanyWithRoles(t);
  call = xapiClient(t, await newCredential(acme.hr.client));
});
afterAll(() => t.close());

describe("who may call the document resources", () => {
  it("refuses no credential (401), a revoked one (403) and a call without the version header (400)", async () => {
    const c = context();
    expect((await call("PUT", c.url("s"), "x", { "content-type": "text/plain" })).status).toBe(204);
    expect((await call("GET", c.url("s"), undefined, { authorization: undefined })).status).toBe(401);
    expect((await call("GET", c.url("s"), undefined, { "x-experience-api-version": undefined })).status).toBe(400);
    const cred = await newCredential(acme.ldleader.client);
    expect((await xapiClient(t, cred)("GET", c.url("s"))).status).toBe(200);
    expect((await acme.hr.client.post(`/api/b2b/v1/company/lrs-credentials/${cred.id}/revoke`)).status).toBe(200);
    const revoked = await xapiClient(t, cred)("GET", c.url("s"));
    expect(revoked.status).toBe(403);
    expect(revoked.body.error.code).toBe("xapi_credential_revoked");
    expect((await xapiClient(t, cred)("PUT", c.url("s"), "changed", { "content-type": "text/plain" })).status).toBe(403);
    expect((await call("GET", c.url("s"))).raw.toString()).toBe("x");
  });

  it("another company's credential neither reads, lists, overwrites nor deletes a company's documents", async () => {
    const globex = await createCompanyWithRoles(t);
    const other = xapiClient(t, await newCredential(globex.hr.client));
    const c = context();
    expect((await call("PUT", c.url("mine"), { secret: 1 })).status).toBe(204);
    expect((await other("GET", c.url("mine"))).status).toBe(404);
    expect((await other("GET", c.url())).body).toEqual([]);
    expect((await other("DELETE", c.url())).status).toBe(204);
    expect((await other("PUT", c.url("mine"), { theirs: 1 })).status).toBe(204);
    const mine = await call("GET", c.url("mine"));
    expect(mine.body).toEqual({ secret: 1 });
    expect((await other("GET", c.url("mine"))).body).toEqual({ theirs: 1 });
  });
});

describe("state documents (§2.3)", () => {
  it("PUT stores any content as sent; GET answers its bytes, content type, quoted SHA-1 ETag and Last-Modified", async () => {
    const c = context();
    const bytes = Buffer.from([0, 1, 2, 255, 254, 10, 13]);
    expect((await call("PUT", c.url("bin"), bytes, { "content-type": "application/octet-stream" })).status).toBe(204);
    const got = await call("GET", c.url("bin"));
    expect(got.status).toBe(200);
    expect(Buffer.compare(got.raw, bytes)).toBe(0);
    expect(got.headers["content-type"]).toBe("application/octet-stream");
    expect(got.headers.etag).toBe(`"${sha1(bytes)}"`);
    expect(new Date(String(got.headers["last-modified"])).getTime()).toBeGreaterThan(Date.now() - 60_000);
    expect(got.headers["x-experience-api-version"]).toBe("1.0.3");

    const text = "bookmark=page 7; ünïcode";
    expect((await call("PUT", c.url("text"), text, { "content-type": "text/plain; charset=utf-8" })).status).toBe(204);
    const t2 = await call("GET", c.url("text"));
    expect(t2.raw.toString("utf8")).toBe(text);
    expect(t2.headers["content-type"]).toBe("text/plain; charset=utf-8");
    await call("PUT", c.url("page"), "<script>alert(1)</script>", { "content-type": "text/html" });
    const page = await call("GET", c.url("page"));
    expect(page.headers["content-type"]).toBe("text/html");
    expect(page.headers["content-security-policy"]).toBe("default-src 'none'; sandbox");
    expect(page.headers["x-content-type-options"]).toBe("nosniff");
    expect((await call("GET", c.url("nothing-here"))).status).toBe(404);
  });

  it("finds a document stored under an mbox by that mbox's SHA-1, and keeps registrations apart", async () => {
    const c = context();
    await call("PUT", c.url("s"), { a: 1 });
    const hashed = { mbox_sha1sum: sha1(c.agent.mbox) };
    expect((await call("GET", `${S}?activityId=${enc(c.activityId)}&agent=${enc(JSON.stringify(hashed))}&stateId=s`)).body).toEqual({ a: 1 });
    const reg = randomUUID();
    await call("PUT", c.url("s", `&registration=${reg}`), { a: 2 });
    expect((await call("GET", c.url("s"))).body).toEqual({ a: 1 });
    expect((await call("GET", c.url("s", `&registration=${reg.toUpperCase()}`))).body).toEqual({ a: 2 });
  });

  it("GET without stateId lists the ids (one registration when named), since exclusive", async () => {
    const c = context();
    const reg = randomUUID();
    await call("PUT", c.url("a"), { v: 1 });
    await call("PUT", c.url("b", `&registration=${reg}`), { v: 1 });
    const before = await call("GET", c.url());
    expect(before.body).toEqual(["a", "b"]);
    expect(before.headers.etag).toMatch(/^"[0-9a-f]{40}"$/);
    expect(before.headers["last-modified"]).toBeTruthy();
    expect((await call("GET", `${c.url()}&registration=${reg}`)).body).toEqual(["b"]);
    await new Promise((r) => setTimeout(r, 5));
    const since = new Date().toISOString();
    await new Promise((r) => setTimeout(r, 5));
    await call("PUT", c.url("c"), { v: 1 });
    await call("POST", c.url("a"), { w: 2 });
    expect((await call("GET", c.url(undefined, `&since=${enc(since)}`))).body).toEqual(["a", "c"]);
    expect((await call("GET", c.url(undefined, `&since=${enc(new Date(Date.now() + 60_000).toISOString())}`))).body).toEqual([]);
  });

  it("DELETE with stateId removes one; without, every state of the context (of one registration when named)", async () => {
    const c = context();
    const reg = randomUUID();
    for (const id of ["a", "b"]) await call("PUT", c.url(id), { id });
    await call("PUT", c.url("r", `&registration=${reg}`), { id: "r" });
    expect((await call("DELETE", c.url("a"))).status).toBe(204);
    expect((await call("GET", c.url("a"))).status).toBe(404);
    expect((await call("DELETE", c.url("a"))).status).toBe(204);
    expect((await call("DELETE", `${c.url()}&registration=${reg}`)).status).toBe(204);
    expect((await call("GET", c.url())).body).toEqual(["b"]);
    expect((await call("DELETE", c.url())).status).toBe(204);
    expect((await call("GET", c.url())).body).toEqual([]);
  });

  it("refuses missing or malformed parameters with 400", async () => {
    const c = context();
    const agent = enc(JSON.stringify(c.agent));
    const a = enc(c.activityId);
    for (const [method, url] of [
      ["PUT", `${S}?agent=${agent}&stateId=s`],
      ["PUT", `${S}?activityId=${a}&stateId=s`],
      ["PUT", `${S}?activityId=${a}&agent=${agent}`],
      ["PUT", `${S}?activityId=${a}&agent=notjson&stateId=s`],
      ["PUT", `${S}?activityId=${a}&agent=${enc(JSON.stringify({ name: "no identifier" }))}&stateId=s`],
      ["PUT", `${S}?activityId=${a}&agent=${enc(JSON.stringify({ objectType: "Group", member: [c.agent] }))}&stateId=s`],
      ["PUT", `${S}?activityId=not%20an%20iri&agent=${agent}&stateId=s`],
      ["PUT", `${c.url("s")}&registration=not-a-uuid`],
      ["PUT", `${c.url("s")}&colour=red`],
      ["GET", `${S}?activityId=${a}`],
      ["GET", `${c.url()}&since=yesterday`],
      ["DELETE", `${S}?agent=${agent}`],
    ] as const) {
      const res = await call(method, url, method === "PUT" ? { v: 1 } : undefined);
      expect(res.status, `${method} ${url}`).toBe(400);
      expect(res.body.error.code).toBeTruthy();
    }
    expect((await call("PUT", c.url("s"))).status).toBe(400);
  });

  it("refuses a document over 1 MiB with 413 and stores nothing", async () => {
    const c = context();
    const res = await call("PUT", c.url("big"), Buffer.alloc(1024 * 1024 + 1, 65), { "content-type": "text/plain" });
    expect(res.status).toBe(413);
    expect(res.body.error.code).toBe("payload_too_large");
    expect((await call("GET", c.url("big"))).status).toBe(404);
  });
});

describe("POST merges JSON objects (§2.2)", () => {
  it("sets the posted top-level properties on the stored object; a first POST stores it", async () => {
    const c = context();
    expect((await call("POST", c.url("vars"), { x: "foo", y: "bar" })).status).toBe(204);
    expect((await call("POST", c.url("vars"), { x: "bash", z: { deep: true } })).status).toBe(204);
    const got = await call("GET", c.url("vars"));
    expect(got.body).toEqual({ x: "bash", y: "bar", z: { deep: true } });
    expect(got.headers["content-type"]).toMatch(/^application\/json/);
    expect(got.headers.etag).toBe(`"${sha1(got.raw)}"`);
  });

  it("concurrent merges into one document (new or stored) all land", async () => {
    const c = context();
    const first = await Promise.all(Array.from({ length: 8 }, (_, i) => call("POST", c.url("n"), { [`k${i}`]: i })));
    expect(first.map((r) => r.status)).toEqual(Array(8).fill(204));
    await Promise.all(Array.from({ length: 8 }, (_, i) => call("POST", c.url("n"), { [`m${i}`]: i })));
    expect(Object.keys((await call("GET", c.url("n"))).body)).toHaveLength(16);
  });

  it("refuses (400) a posted document or a stored one that is no JSON object, and changes nothing", async () => {
    const c = context();
    await call("PUT", c.url("plain"), "hello", { "content-type": "text/plain" });
    const onText = await call("POST", c.url("plain"), { x: 1 });
    expect(onText.status).toBe(400);
    expect(onText.body.error.code).toBe("xapi_document_not_json");
    expect((await call("GET", c.url("plain"))).raw.toString()).toBe("hello");
    await call("PUT", c.url("obj"), { keep: true });
    for (const [body, type] of [
      ["[1,2]", "application/json"],
      ["42", "application/json"],
      ["{broken", "application/json"],
      ['{"x":1}', "text/plain"],
    ] as const) {
      const res = await call("POST", c.url("obj"), body, { "content-type": type });
      expect(res.status, body).toBe(400);
      expect(res.body.error.code).toBe("xapi_document_not_json");
    }
    expect((await call("GET", c.url("obj"))).body).toEqual({ keep: true });
  });

  it("refuses __proto__, constructor and prototype keys in a merge, and never pollutes an object's prototype", async () => {
    const c = context();
    await call("PUT", c.url("p"), { safe: 1 });
    for (const key of ["__proto__", "constructor", "prototype"]) {
      const res = await call("POST", c.url("p"), `{"${key}":{"polluted":true}}`, json);
      expect(res.status, key).toBe(400);
      expect(res.body.error.code).toBe("xapi_document_unsafe_key");
    }
    expect((await call("GET", c.url("p"))).body).toEqual({ safe: 1 });
    // A document stored whole may hold such a key: a later merge keeps it a plain property.
    await call("PUT", c.url("q"), '{"__proto__":{"polluted":true},"a":1}', json);
    expect((await call("POST", c.url("q"), { b: 2 })).status).toBe(204);
    const merged = JSON.parse((await call("GET", c.url("q"))).raw.toString());
    expect(Object.keys(merged).sort()).toEqual(["__proto__", "a", "b"]);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });
});

describe("concurrency (§3.1)", () => {
  it("state: If-Match with a stale ETag is 412 and changes nothing; the current one (or *) writes; no header overwrites", async () => {
    const c = context();
    await call("PUT", c.url("s"), { v: 1 });
    const etag = (await call("GET", c.url("s"))).headers.etag as string;
    const stale = await call("PUT", c.url("s"), { v: 2 }, { ...json, "if-match": `"${sha1("other")}"` });
    expect(stale.status).toBe(412);
    expect(stale.body.error.code).toBe("xapi_precondition_failed");
    expect((await call("GET", c.url("s"))).body).toEqual({ v: 1 });
    expect((await call("PUT", c.url("s"), { v: 2 }, { ...json, "if-match": etag })).status).toBe(204);
    expect((await call("PUT", c.url("s"), { v: 3 }, { ...json, "if-match": "*" })).status).toBe(204);
    expect((await call("PUT", c.url("s"), { v: 4 })).status).toBe(204);
    expect((await call("GET", c.url("s"))).body).toEqual({ v: 4 });
    expect((await call("PUT", c.url("fresh"), { v: 1 }, { ...json, "if-match": "*" })).status).toBe(412);
    expect((await call("GET", c.url("fresh"))).status).toBe(404);
  });

  it("of writers that fetched the same ETag, exactly one writes; the others are told 412", async () => {
    const c = context();
    await call("PUT", c.url("s"), { v: 0 });
    const etag = (await call("GET", c.url("s"))).headers.etag as string;
    const res = await Promise.all(Array.from({ length: 6 }, (_, i) => call("PUT", c.url("s"), { v: i + 1 }, { ...json, "if-match": etag })));
    expect(res.map((r) => r.status).sort()).toEqual([204, 412, 412, 412, 412, 412]);
  });

  it("If-None-Match: * creates only; POST and DELETE with a stale If-Match are 412", async () => {
    const c = context();
    expect((await call("PUT", c.url("s"), { v: 1 }, { ...json, "if-none-match": "*" })).status).toBe(204);
    expect((await call("PUT", c.url("s"), { v: 2 }, { ...json, "if-none-match": "*" })).status).toBe(412);
    const etag = (await call("GET", c.url("s"))).headers.etag as string;
    expect((await call("POST", c.url("s"), { w: 1 }, { ...json, "if-none-match": "*" })).status).toBe(412);
    expect((await call("POST", c.url("s"), { w: 1 }, { ...json, "if-match": `"${sha1("x")}"` })).status).toBe(412);
    expect((await call("DELETE", c.url("s"), undefined, { "if-match": `"${sha1("x")}"` })).status).toBe(412);
    expect((await call("GET", c.url("s"))).body).toEqual({ v: 1 });
    expect((await call("POST", c.url("s"), { w: 1 }, { ...json, "if-match": etag })).status).toBe(204);
    const after = (await call("GET", c.url("s"))).headers.etag as string;
    expect(after).not.toBe(etag);
    expect((await call("DELETE", c.url("s"), undefined, { "if-match": after })).status).toBe(204);
    expect((await call("GET", c.url("s"))).status).toBe(404);
  });
});
