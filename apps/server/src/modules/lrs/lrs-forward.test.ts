import type http from "node:http";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { lrsForwarders } from "../../db/schema/index.ts";
import { createTestContext, type TestContext } from "../../../test/helpers.ts";
import { addContent, companyAudit, createCompanyWithRoles, type Person } from "../../../test/factories.ts";
import { type FixtureServer, startFixtureServer } from "../../../test/fixtures/fixture-server.ts";
import { newCredential, xapiClient } from "../../../test/xapi-client.ts";
import { certificateWorld } from "../../../test/certificates-world.ts";
import { FORWARD_RETRIES } from "./xapi.forward.ts";

// Forwarding a company's own events to an outside LRS. The outside LRS is Learnward's own inbound
// one, under another company's credential, behind a local server that can also play an LRS that is
// down for a while (500) or refuses what it gets (400).
let t: TestContext;
let lrs: FixtureServer;
let acme: Awaited<ReturnType<typeof createCompanyWithRoles>>;
let globex: Awaited<ReturnType<typeof createCompanyWithRoles>>;
/** A company that saves its outbound LRS in one test only (tests run in any order). */
let initech: Awaited<ReturnType<typeof createCompanyWithRoles>>;
/** Globex's inbound credential: what Acme's forwarder sends with, and what reads Globex's statements back. */
let inbound: { key: string; secret: string };
const FORWARDING = "/api/b2b/v1/company/lrs-forwarding";
const FAILED = `${FORWARDING}/statements`;
/** 500 answers still to give on /flaky before it passes statements on. */
let flakyFailures = 0;
/** What the outside LRS was sent, per path: the version header and the body. */
const received: Array<{ path: string; version: string | undefined; body: unknown }> = [];

/** Passes a POST on to Learnward's inbound LRS as it came (credentials, version, statements) and answers as it did. */
const passOn =
  (path: string) =>
  (req: http.IncomingMessage, res: http.ServerResponse): void => {
    let body = "";
    req.on("data", (chunk: Buffer) => (body += chunk.toString()));
    req.on("end", () => {
      received.push({ path, version: req.headers["x-experience-api-version"] as string | undefined, body: JSON.parse(body) });
      if (path === "/flaky" && flakyFailures > 0) {
        flakyFailures--;
        res.writeHead(500).end("down");
        return;
      }
      if (path === "/refusing") {
        res.writeHead(400, { "content-type": "application/json" }).end('{"error":"no"}');
        return;
      }
      void t.app
        .inject({
          method: "POST",
          url: "/xapi/statements",
          headers: {
            authorization: req.headers.authorization ?? "",
            "x-experience-api-version": String(req.headers["x-experience-api-version"] ?? ""),
            "content-type": "application/json",
          },
          payload: body,
        })
        .then((answer) => res.writeHead(answer.statusCode, { "content-type": "application/json" }).end(answer.body));
    });
  };

beforeAll(async () => {
  lrs = await startFixtureServer({
    "/ok/statements": passOn("/ok"),
    "/flaky/statements": passOn("/flaky"),
    "/refusing/statements": passOn("/refusing"),
  });
  t = await createTestContext({ seed: false, env: { XAPI_FORWARD_ALLOW_PRIVATE: "true" } });
  [acme, globex, initech] = [await createCompanyWithRoles(t), await createCompanyWithRoles(t), await createCompanyWithRoles(t)];
  inbound = await newCredential(globex.hr.client, "Acme's forwarder");
});
afterAll(async () => {
  await t.close();
  await lrs.close();
});

const forwardTo = async (who: Person, path: string, more: Record<string, unknown> = {}) => {
  const res = await who.client.put(FORWARDING, { endpoint: lrs.url(path), key: inbound.key, secret: inbound.secret, ...more });
  expect(res.status, res.text).toBe(200);
  return res.body;
};
/** What Globex's LRS holds about an activity. */
const arrived = async (activity: string) =>
  ((await xapiClient(t, inbound)("GET", `/xapi/statements?activity=${encodeURIComponent(activity)}`)).body.statements ?? []) as Array<{
    id: string;
    actor: { mbox: string; name: string };
    verb: { id: string };
    object: { id: string; definition: { name: Record<string, string> } };
    context: { platform: string; language: string };
  }>;
/** Makes the waiting delivery jobs due now (a retry waits its backoff). */
const due = () =>
  t.database.executeSql("update pgboss.job set start_after = now() - interval '1 second' where name = 'lrs.forward' and state in ('created', 'retry')", []);

/** The person saves a new item, starts it and marks it done. */
async function complete(p: Person) {
  const item = await addContent(t, { company: acme.company.id });
  const saved = await p.client.post("/api/contentuser/save/", { id_content: item.id, fetch_metadata: false });
  expect(saved.status, saved.text).toBe(201);
  for (const state of ["running", "finalized"]) {
    const moved = await p.client.patch(`/api/contentuser/${saved.body.id_primary}/state/`, { state });
    expect(moved.status, moved.text).toBe(200);
  }
  return item;
}

describe("the outbound LRS in Settings", () => {
  it("refuses team leaders, members and no session; another company's failed statement is not found", async () => {
    for (const p of [acme.teamleader, acme.member]) {
      expect((await p.client.get(FORWARDING)).status).toBe(403);
      expect((await p.client.put(FORWARDING, { endpoint: lrs.url("/ok"), key: "k", secret: "s" })).status).toBe(403);
      expect((await p.client.post(`${FORWARDING}/test`)).status).toBe(403);
      expect((await p.client.get(FAILED)).status).toBe(403);
      expect((await p.client.post(`${FAILED}/retry`)).status).toBe(403);
    }
    expect((await t.anonymous.get(FORWARDING)).status).toBe(401);

    await forwardTo(globex.hr, "/refusing");
    const item = await addContent(t, { company: globex.company.id });
    expect((await globex.member.client.post("/api/contentuser/save/", { id_content: item.id, fetch_metadata: false })).status).toBe(201);
    await t.app.jobs.drain();
    const theirs = (await globex.hr.client.get(FAILED)).body.results[0];
    expect(theirs.state).toBe("failed");
    expect((await acme.hr.client.post(`${FAILED}/${theirs.id}/retry`)).status).toBe(404);
    expect((await acme.ldleader.client.get(FAILED)).body.results.map((r: { id: number }) => r.id)).not.toContain(theirs.id);
    expect((await globex.hr.client.get(FAILED)).body.results[0].state).toBe("failed");
    await globex.hr.client.put(FORWARDING, { endpoint: lrs.url("/refusing"), key: inbound.key, enabled: false });
  });

  it("refuses an endpoint that is no http(s) address or carries credentials", async () => {
    for (const endpoint of ["ftp://lrs.example/xapi", "https://user:pw@lrs.example/xapi", "not a url"]) {
      const res = await acme.hr.client.put(FORWARDING, { endpoint, key: "k", secret: "s" });
      expect(res.status).toBe(400);
      expect(res.body.error.code).toBe("xapi_forward_url_invalid");
    }
  });

  it("keeps the secret encrypted and never answers it; each save is audited without it; the test statement arrives", async () => {
    expect((await initech.hr.client.post(`${FORWARDING}/test`)).body.error.code).toBe("xapi_forward_not_set");
    const first = await initech.hr.client.put(FORWARDING, { endpoint: lrs.url("/ok"), key: "k" });
    expect(first.body.error.code).toBe("xapi_forward_secret_required");

    const saved = await forwardTo(initech.ldleader, "/ok");
    expect(saved).toMatchObject({ endpoint: lrs.url("/ok"), key: inbound.key, has_secret: true, enabled: true });
    expect(JSON.stringify((await initech.hr.client.get(FORWARDING)).body)).not.toContain(inbound.secret);
    const [row] = await t.database.db.select().from(lrsForwarders).where(eq(lrsForwarders.companyId, initech.company.id));
    expect(row!.secretEncrypted).not.toContain(inbound.secret);
    // Saved again without the secret: the one saved is kept, and still works.
    expect((await initech.hr.client.put(FORWARDING, { endpoint: lrs.url("/ok"), key: inbound.key })).body.has_secret).toBe(true);

    const tested = await initech.hr.client.post(`${FORWARDING}/test`);
    expect(tested.body).toMatchObject({ ok: true, status: 200, error: null });
    const there = await arrived(`${t.config.publicUrl}/xapi/activities/connection-test`);
    expect(there.map((s) => s.id)).toContain(tested.body.statement_id);

    const audit = (await companyAudit(t, initech.company.id)).filter((a) => a.entity === "lrs_forwarder");
    expect(audit.map((a) => a.action)).toEqual(["create", "update"]);
    expect(JSON.stringify(audit)).not.toContain(inbound.secret);
  });
});

describe("forwarding events", () => {
  it("a person completing an item: the outside LRS gets a save, a start and a completion by them, of the item's link", async () => {
    await forwardTo(acme.hr, "/ok");
    const item = await complete(acme.member);
    await t.app.jobs.drain();
    const there = await arrived(item.url);
    const verbs = there.map((s) => s.verb.id).sort();
    expect(verbs).toEqual(["http://activitystrea.ms/schema/1.0/save", "http://adlnet.gov/expapi/verbs/attempted", "http://adlnet.gov/expapi/verbs/completed"]);
    for (const s of there) {
      expect(s.actor.mbox).toBe(`mailto:${acme.member.email}`);
      expect(s.object.definition.name.und).toBe(item.title);
      expect(s.context).toMatchObject({ platform: "Learnward", language: "en" });
    }
    expect(received.at(-1)?.version).toBe("1.0.3");
    expect((await acme.hr.client.get(FORWARDING)).body).toMatchObject({ pending: 0, failed: 0 });
  });

  it("an LRS that answers 500 gets the same statements again after its backoff, once, with what came meanwhile", async () => {
    await forwardTo(acme.hr, "/flaky");
    flakyFailures = 1;
    const item = await complete(acme.member);
    await t.app.jobs.drain();
    const waiting = (await acme.hr.client.get(`${FAILED}?state=pending`)).body.results;
    expect(waiting).toHaveLength(3);
    expect(waiting[0]).toMatchObject({ attempts: 1, last_status: 500, last_error: "The LRS answered 500" });
    expect(await arrived(item.url)).toEqual([]);
    const flaky = () => received.filter((r) => r.path === "/flaky").map((r) => (r.body as Array<{ id: string }>).map((s) => s.id).sort());
    const triesBefore = flaky().length;

    // Events while the LRS is down wait with the rest for the retry: it is not asked again on each.
    const next = await complete(acme.member);
    await t.app.jobs.drain();
    expect(flaky()).toHaveLength(triesBefore);
    expect((await acme.hr.client.get(FORWARDING)).body.pending).toBe(6);

    await due();
    await t.app.jobs.drain();
    const there = await arrived(item.url);
    expect(there.map((s) => s.id).sort()).toEqual(waiting.map((w: { statement_id: string }) => w.statement_id).sort());
    expect(await arrived(next.url)).toHaveLength(3);
    expect(flaky()).toHaveLength(triesBefore + 1);
    expect(flaky().at(-1)).toEqual(expect.arrayContaining(flaky().at(-2)!));
  });

  it("an LRS that stays down: after the last retry its statements are dead letters", async () => {
    await forwardTo(acme.hr, "/flaky");
    flakyFailures = 1000;
    await complete(acme.member);
    await t.app.jobs.drain();
    for (let retry = 1; retry <= FORWARD_RETRIES; retry++) {
      expect((await acme.hr.client.get(FORWARDING)).body).toMatchObject({ pending: 3, failed: 0 });
      await due();
      await t.app.jobs.drain();
    }
    const failed = (await acme.hr.client.get(FAILED)).body.results;
    expect(failed.map((f: { attempts: number; last_error: string }) => [f.attempts, f.last_error])).toEqual(
      Array(3).fill([FORWARD_RETRIES + 1, "The LRS answered 500"]),
    );
    flakyFailures = 0;
    expect((await acme.hr.client.post(`${FAILED}/retry`)).body).toEqual({ retried: 3 });
    await t.app.jobs.drain();
    expect((await acme.hr.client.get(FORWARDING)).body).toMatchObject({ pending: 0, failed: 0 });
  });

  it("an LRS that refuses (400) leaves dead letters with its answer; retrying them after a fix delivers them", async () => {
    await forwardTo(acme.hr, "/refusing");
    const item = await complete(acme.member);
    await t.app.jobs.drain();
    const failed = (await acme.ldleader.client.get(FAILED)).body;
    expect(failed.count).toBe(3);
    expect(failed.results[0]).toMatchObject({ state: "failed", attempts: 1, last_error: "The LRS answered 400", actor: acme.member.email });

    await forwardTo(acme.hr, "/ok");
    expect((await acme.hr.client.post(`${FAILED}/${failed.results[0].id}/retry`)).body).toEqual({ retried: 1 });
    expect((await acme.hr.client.post(`${FAILED}/retry`)).body).toEqual({ retried: 2 });
    await t.app.jobs.drain();
    expect(await arrived(item.url)).toHaveLength(3);
    expect((await acme.hr.client.get(FAILED)).body.count).toBe(0);
  });

  it("a company that switched forwarding off keeps no statements of its events", async () => {
    await forwardTo(acme.hr, "/ok", { enabled: false });
    await complete(acme.member);
    expect((await acme.hr.client.get(FORWARDING)).body).toMatchObject({ enabled: false, pending: 0 });
  });

  it("a plan assigned, a path and a plan completed and their certificates earned each reach the outside LRS", async () => {
    const world = await certificateWorld(t);
    await forwardTo(world.hr, "/ok");
    const plan = await world.ldleader.client.post("/api/b2b/v1/plans/", {
      title: "Query tuning",
      deadline: "2099-01-31",
      skills: { sql: { collections: [world.pathId] } },
      selectedAccount: [world.member.id],
    });
    expect(plan.status, plan.text).toBe(201);
    await world.finish();
    await t.app.jobs.drain();

    const activity = (kind: string, id: number) => `${t.config.publicUrl}/xapi/activities/${kind}/${id}`;
    const told = async (id: string) => (await arrived(id)).map((s) => [s.actor.mbox, s.verb.id, s.object.definition.name.und]);
    const member = `mailto:${world.member.email}`;
    expect(await told(activity("plans", plan.body.id))).toContainEqual([
      `mailto:${world.ldleader.email}`,
      "http://activitystrea.ms/schema/1.0/assign",
      "Query tuning",
    ]);
    expect(await told(activity("paths", world.pathId))).toEqual([[member, "http://adlnet.gov/expapi/verbs/completed", "SQL basics"]]);
    expect(await told(activity("plans", world.planId))).toEqual([[member, "http://adlnet.gov/expapi/verbs/completed", "Data literacy"]]);
    const certificates = await world.mine();
    expect(certificates.length).toBeGreaterThan(0);
    for (const c of certificates) {
      expect(await told(`${t.config.publicUrl}/verify/${c.code}`)).toEqual([[member, "http://id.tincanapi.com/verb/earned", c.title]]);
    }
  });
});
