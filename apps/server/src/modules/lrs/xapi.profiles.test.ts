import { createHash, randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestContext, type TestContext } from "../../../test/helpers.ts";
import { createCompanyWithRoles } from "../../../test/factories.ts";
import { newCredential, statement, xapiClient } from "../../../test/xapi-client.ts";

// A conformance subset written from xAPI 1.0.3 Part Three: §2.6 Agent Profile, §2.7 Activity
// Profile (with §3.1's 409 for a PUT that names no ETag), §2.5 Activities and §2.4 Agents.
let t: TestContext;
let call: ReturnType<typeof xapiClient>;
let other: ReturnType<typeof xapiClient>;
let acme: Awaited<ReturnType<typeof createCompanyWithRoles>>;
let globex: Awaited<ReturnType<typeof createCompanyWithRoles>>;
const sha1 = (b: string | Buffer) => createHash("sha1").update(b).digest("hex");
const enc = encodeURIComponent;
const json = { "content-type": "application/json" };
const activity = () => `http://example.com/activities/${randomUUID()}`;
const mbox = () => `mailto:${randomUUID()}@example.com`;

beforeAll(async () => {
  t = await createTestContext({ seed: false });
  acme = await createCompanyWithRoles(t, { names: { member: "Mia Member" } });
  globex = await createCompanyWithRoles(t);
  call = xapiClient(t, await newCredential(acme.hr.client));
  other = xapiClient(t, await newCredential(globex.ldleader.client));
});
afterAll(() => t.close());

// Both profile resources follow one set of rules; each is exercised through its own parameters.
const resources = [
  { name: "activity profile (§2.7)", path: "/xapi/activities/profile", context: () => `activityId=${enc(activity())}` },
  { name: "agent profile (§2.6)", path: "/xapi/agents/profile", context: () => `agent=${enc(JSON.stringify({ mbox: mbox() }))}` },
];

describe.each(resources)("$name", ({ path, context }) => {
  const one = (ctx: string, id: string) => `${path}?${ctx}&profileId=${enc(id)}`;

  it("PUT creates; a second PUT without If-Match or If-None-Match is 409 and changes nothing; with the ETag it writes", async () => {
    const ctx = context();
    expect((await call("PUT", one(ctx, "p"), "v1", { "content-type": "text/plain" })).status).toBe(204);
    const got = await call("GET", one(ctx, "p"));
    expect(got.raw.toString()).toBe("v1");
    expect(got.headers.etag).toBe(`"${sha1("v1")}"`);
    const blind = await call("PUT", one(ctx, "p"), "v2", { "content-type": "text/plain" });
    expect(blind.status).toBe(409);
    expect(blind.body.error.code).toBe("xapi_document_conflict");
    expect((await call("GET", one(ctx, "p"))).raw.toString()).toBe("v1");
    expect((await call("PUT", one(ctx, "p"), "v2", { "content-type": "text/plain", "if-none-match": "*" })).status).toBe(412);
    expect((await call("PUT", one(ctx, "p"), "v2", { "content-type": "text/plain", "if-match": `"${sha1("v0")}"` })).status).toBe(412);
    expect((await call("PUT", one(ctx, "p"), "v2", { "content-type": "text/plain", "if-match": got.headers.etag as string })).status).toBe(204);
    expect((await call("GET", one(ctx, "p"))).raw.toString()).toBe("v2");
  });

  it("POST merges JSON objects; GET without profileId lists ids, since exclusive; DELETE removes one", async () => {
    const ctx = context();
    expect((await call("POST", one(ctx, "a"), { x: 1, y: 1 })).status).toBe(204);
    expect((await call("POST", one(ctx, "a"), { y: 2 })).status).toBe(204);
    expect((await call("GET", one(ctx, "a"))).body).toEqual({ x: 1, y: 2 });
    await call("PUT", one(ctx, "b"), { b: true }, { ...json, "if-none-match": "*" });
    const list = await call("GET", `${path}?${ctx}`);
    expect(list.body).toEqual(["a", "b"]);
    expect(list.headers.etag).toMatch(/^"[0-9a-f]{40}"$/);
    await new Promise((r) => setTimeout(r, 5));
    const since = new Date().toISOString();
    await new Promise((r) => setTimeout(r, 5));
    await call("POST", one(ctx, "b"), { c: 1 });
    expect((await call("GET", `${path}?${ctx}&since=${enc(since)}`)).body).toEqual(["b"]);
    expect((await call("DELETE", one(ctx, "a"))).status).toBe(204);
    expect((await call("GET", one(ctx, "a"))).status).toBe(404);
    expect((await call("GET", `${path}?${ctx}`)).body).toEqual(["b"]);
  });

  it("refuses a DELETE without profileId, state's parameters and a missing context with 400", async () => {
    const ctx = context();
    expect((await call("DELETE", `${path}?${ctx}`)).status).toBe(400);
    expect((await call("PUT", `${one(ctx, "p")}&registration=${randomUUID()}`, { v: 1 })).status).toBe(400);
    expect((await call("PUT", `${one(ctx, "p")}&stateId=s`, { v: 1 })).status).toBe(400);
    expect((await call("GET", `${path}?profileId=p`)).status).toBe(400);
  });

  it("another company's credential cannot read, list or delete the document", async () => {
    const ctx = context();
    await call("PUT", one(ctx, "p"), { mine: true });
    expect((await other("GET", one(ctx, "p"))).status).toBe(404);
    expect((await other("GET", `${path}?${ctx}`)).body).toEqual([]);
    expect((await other("DELETE", one(ctx, "p"))).status).toBe(204);
    expect((await call("GET", one(ctx, "p"))).body).toEqual({ mine: true });
  });
});

describe("documents of different resources stay apart", () => {
  it("a state and an activity profile of one activity and id are two documents", async () => {
    const a = activity();
    const agent = enc(JSON.stringify({ mbox: mbox() }));
    await call("PUT", `/xapi/activities/state?activityId=${enc(a)}&agent=${agent}&stateId=same`, { from: "state" });
    await call("PUT", `/xapi/activities/profile?activityId=${enc(a)}&profileId=same`, { from: "profile" });
    expect((await call("GET", `/xapi/activities/state?activityId=${enc(a)}&agent=${agent}&stateId=same`)).body).toEqual({ from: "state" });
    expect((await call("GET", `/xapi/activities/profile?activityId=${enc(a)}&profileId=same`)).body).toEqual({ from: "profile" });
  });

  it("the agent profile refuses a Group (§2.6)", async () => {
    const group = { objectType: "Group", member: [{ mbox: mbox() }] };
    expect((await call("PUT", `/xapi/agents/profile?agent=${enc(JSON.stringify(group))}&profileId=p`, { v: 1 })).status).toBe(400);
  });
});

describe("Activities resource (§2.5)", () => {
  it("answers the newest definition a statement gave, from its object or its context; a bare Activity when none did", async () => {
    const a = activity();
    const bare = await call("GET", `/xapi/activities?activityId=${enc(a)}`);
    expect(bare.status).toBe(200);
    expect(bare.body).toEqual({ objectType: "Activity", id: a });
    await call("POST", "/xapi/statements", statement({ object: { id: a, definition: { name: { "en-US": "First" } } } }));
    await call("POST", "/xapi/statements", statement({ context: { contextActivities: { parent: [{ id: a, definition: { name: { "en-US": "Second" } } }] } } }));
    await call("POST", "/xapi/statements", statement({ object: { id: a } }));
    const got = await call("GET", `/xapi/activities?activityId=${enc(a)}`);
    expect(got.body).toEqual({ objectType: "Activity", id: a, definition: { name: { "en-US": "Second" } } });
    expect((await other("GET", `/xapi/activities?activityId=${enc(a)}`)).body).toEqual({ objectType: "Activity", id: a });
  });

  it("refuses a missing or malformed activityId with 400", async () => {
    expect((await call("GET", "/xapi/activities")).status).toBe(400);
    expect((await call("GET", "/xapi/activities?activityId=not%20an%20iri")).status).toBe(400);
  });
});

describe("Agents resource (§2.4)", () => {
  const agents = (agent: unknown) => call("GET", `/xapi/agents?agent=${enc(JSON.stringify(agent))}`);

  it("combines the company's person an agent names (by address, its SHA-1, or this app's account) with the agent asked about", async () => {
    const person = {
      objectType: "Person",
      name: ["Mia Member"],
      mbox: [`mailto:${acme.member.email}`],
      account: [{ homePage: t.config.publicUrl.replace(/\/$/, ""), name: acme.member.username }],
    };
    expect((await agents({ mbox: `mailto:${acme.member.email}` })).body).toEqual(person);
    const hashed = await agents({ mbox_sha1sum: sha1(`mailto:${acme.member.email}`) });
    expect(hashed.body).toEqual({ ...person, mbox_sha1sum: [sha1(`mailto:${acme.member.email}`)] });
    const byAccount = await agents({ account: { homePage: t.config.publicUrl, name: acme.member.username } });
    expect(byAccount.body.mbox).toEqual([`mailto:${acme.member.email}`]);
  });

  it("answers only what it was asked for an agent it does not know, or a person of another company", async () => {
    const stranger = { name: "Stranger", openid: "http://openid.example.com/stranger" };
    expect((await agents(stranger)).body).toEqual({ objectType: "Person", name: ["Stranger"], openid: [stranger.openid] });
    const theirs = (await other("GET", `/xapi/agents?agent=${enc(JSON.stringify({ mbox: `mailto:${acme.member.email}` }))}`)).body;
    expect(theirs).toEqual({ objectType: "Person", mbox: [`mailto:${acme.member.email}`] });
  });

  it("refuses a missing agent, a Group and an agent without one identifier with 400", async () => {
    expect((await call("GET", "/xapi/agents")).status).toBe(400);
    expect((await agents({ objectType: "Group", member: [{ mbox: mbox() }] })).status).toBe(400);
    expect((await agents({ name: "nobody" })).status).toBe(400);
  });
});
