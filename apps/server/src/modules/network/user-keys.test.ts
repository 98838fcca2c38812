// User text is data, never a key into an object. A skill named like a property every
// object inherits used to make plan lists, my tasks and team progress answer 500 for everyone.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestContext, type TestContext } from "../../../test/helpers.ts";
import { createCompanyWithRoles } from "../../../test/factories.ts";

let t: TestContext;

/** Names every object answers to, as people might type them (skills are keyed by lowercase name). */
const KEYS = ["constructor", "__proto__", "toString", "hasOwnProperty", "valueOf"];
const STORED = ["__proto__", "constructor", "hasownproperty", "tostring", "valueof"];
/** An object with these keys as its own properties, "__proto__" included (a literal would set the prototype). */
const keyed = <T>(keys: string[], value: T): Record<string, T> => Object.fromEntries(keys.map((k) => [k, value]));
const ownKeys = (o: object) => Object.keys(o).sort();

beforeAll(async () => {
  t = await createTestContext({ seed: false });
});
afterAll(() => t.close());

/** A company of its own with a published path whose skills are those names. */
const keysPath = async () => {
  const { team, ldleader, teamleader, member } = await createCompanyWithRoles(t);
  const ld = ldleader.client;
  const item = (await ld.post("/api/contentuser/save/", { url: "https://acme.example/keys", title: "Keys", fetch_metadata: false })).body;
  const path = (await ld.post("/api/b2b/v1/collections/", { title: "Keys path", skills: KEYS })).body.id as number;
  const itemId = (await ld.post(`/api/b2b/v1/collections/${path}/items/`, { content_id: item.id_content })).body.items[0].id as number;
  const asked = (await ld.post("/api/b2b/v1/publish-requests/", { collection_id: path })).body.id;
  await ld.post(`/api/b2b/v1/publish-requests/${asked}/accept/`, {});
  return { tl: teamleader.client, member: member.client, team: team.id, path, itemId };
};
/** …and the plan its team leader gave their team with those skills. */
const keysPlan = async () => {
  const setup = await keysPath();
  const created = await setup.tl.post("/api/b2b/v1/plans/", {
    title: "Keys plan",
    deadline: "2099-01-31",
    skills: keyed(KEYS, { collections: [setup.path] }),
    selectedTeam: [setup.team],
  });
  expect(created.status).toBe(201);
  return { ...setup, created, plan: created.body.id as number };
};

describe("skills named like object properties", () => {
  it("are kept as plan skills, each with its collections", async () => {
    const { tl, team, path, created } = await keysPlan();
    expect(ownKeys(created.body.skills)).toEqual(STORED);
    for (const skill of STORED)
      expect(Object.getOwnPropertyDescriptor(created.body.skills, skill)?.value).toEqual({
        collections: [{ id: path, title: "Keys path", slug: "Keys-path" }],
        target_level: null,
      });
    const alone = await tl.post("/api/b2b/v1/plans/", { title: "Only proto", skills: keyed(["__proto__"], { collections: [path] }), selectedTeam: [team] });
    expect(alone.status).toBe(201);
    expect(ownKeys(alone.body.skills)).toEqual(["__proto__"]);
    // Only the plan routes take such a key: elsewhere the JSON parser still refuses it.
    const elsewhere = await t.app.inject({
      method: "POST",
      url: "/api/b2b/v1/collections/",
      headers: { authorization: `Bearer ${tl.token}`, "content-type": "application/json" },
      payload: '{"title":"x","__proto__":{"admin":true}}',
    });
    expect(elsewhere.statusCode).toBe(400);
    expect(elsewhere.json().error.code).toBe("bad_request");
  });

  it("leave plan lists, my tasks, assignees and team progress answering with the right data", async () => {
    const { tl, member, team, path, itemId, plan } = await keysPlan();
    const plans = await tl.get("/api/b2b/v1/plans/?page_size=100");
    expect(plans.status).toBe(200);
    expect(ownKeys(plans.body.results.find((p: { id: number }) => p.id === plan).skills)).toEqual(STORED);

    const tasks = await member.get("/api/b2b/v1/my-tasks/");
    expect(tasks.status).toBe(200);
    expect(ownKeys(tasks.body.results.find((x: { plan: { id: number } }) => x.plan.id === plan).plan.skills)).toEqual(STORED);

    expect((await member.post(`/api/b2b/v1/collections/${path}/progress/`, { item_id: itemId, done: true })).status).toBe(200);
    const progress = await tl.get(`/api/b2b/v1/teams/${team}/progress/?page_size=100`);
    expect(progress.status).toBe(200);
    expect(progress.body.skills).toEqual(expect.arrayContaining(STORED));
    const memberId = (await member.get("/api/me")).body.account.id;
    const mine = progress.body.results
      .find((r: { account: { id: number } }) => r.account.id === memberId)
      .plans.find((p: { plan: { id: number } }) => p.plan.id === plan);
    expect(mine.skills).toEqual(keyed(STORED, { done: 1, total: 1, percent: 100 }));

    const assignees = await tl.get(`/api/b2b/v1/plans/${plan}/assignees/?page_size=100`);
    expect(assignees.status).toBe(200);
    expect(assignees.body.results.find((a: { account: { id: number } }) => a.account.id === memberId).skills).toEqual(
      keyed(STORED, { done: 1, total: 1, percent: 100 }),
    );
  });

  it("leave collections, discover and the copilot answering", async () => {
    const { member, path } = await keysPath();
    expect((await member.get("/api/b2b/v1/collections/?scope=library&skill=constructor")).body.results.map((c: { id: number }) => c.id)).toEqual([path]);
    expect((await member.get("/api/b2b/v1/discover/?skill=__proto__")).status).toBe(200);
    const conversation = (await member.post("/api/b2b/v1/copilot/conversations/", {})).body.id;
    const asked = await member.post(`/api/b2b/v1/copilot/conversations/${conversation}/messages/`, { content: KEYS.join(" ") });
    expect(asked.status).toBe(200);
  });
});
