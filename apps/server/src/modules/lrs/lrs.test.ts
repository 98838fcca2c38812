import { createHash } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { and, eq } from "drizzle-orm";
import { userContents } from "../../db/schema/index.ts";
import { createTestContext, type TestContext } from "../../../test/helpers.ts";
import { addContent, addPerson, companyAudit, createCompanyWithRoles } from "../../../test/factories.ts";
import { newCredential, statement, VERBS, xapiClient } from "../../../test/xapi-client.ts";

// The learning record store's credentials in Settings, and statements moving people's items.
let t: TestContext;
let acme: Awaited<ReturnType<typeof createCompanyWithRoles>>;
let globex: Awaited<ReturnType<typeof createCompanyWithRoles>>;
const CREDS = "/api/b2b/v1/company/lrs-credentials";
const MAPS = "/api/b2b/v1/company/xapi-activity-mappings";
const WAITING = "/api/b2b/v1/company/xapi-unapplied";
const S = "/xapi/statements";

beforeAll(async () => {
  t = await createTestContext({ seed: false });
  [acme, globex] = [await createCompanyWithRoles(t), await createCompanyWithRoles(t)];
});
afterAll(() => t.close());

async function stateOf(accountId: number, contentId: number) {
  const [row] = await t.database.db
    .select({ state: userContents.courseStatus })
    .from(userContents)
    .where(and(eq(userContents.accountId, accountId), eq(userContents.contentId, contentId)));
  return row?.state ?? "not saved";
}

describe("LRS credentials", () => {
  it("refuses team leaders, members and no session; another company's credential is not found", async () => {
    for (const p of [acme.teamleader, acme.member]) {
      expect((await p.client.get(CREDS)).status).toBe(403);
      expect((await p.client.post(CREDS, { name: "x" })).status).toBe(403);
      expect((await p.client.get(WAITING)).status).toBe(403);
    }
    expect((await t.anonymous.post(CREDS, { name: "x" })).status).toBe(401);
    const theirs = await newCredential(globex.hr.client);
    expect((await acme.hr.client.post(`${CREDS}/${theirs.id}/rotate`)).status).toBe(404);
    expect((await acme.ldleader.client.post(`${CREDS}/${theirs.id}/revoke`)).status).toBe(404);
    expect((await acme.hr.client.patch(`${CREDS}/${theirs.id}`, { name: "mine now" })).status).toBe(404);
    expect((await xapiClient(t, theirs)("GET", S)).status).toBe(200);
  });

  it("shows the secret once, rotates it under the same key, revokes, and audits each without the secret", async () => {
    const made = await newCredential(acme.ldleader.client, "Moodle");
    const list = await acme.hr.client.get(CREDS);
    expect(list.body.endpoint).toBe("http://localhost:3000/xapi/");
    const listed = list.body.results.find((c: { id: number }) => c.id === made.id);
    expect(listed).toMatchObject({ name: "Moodle", key: made.key, revoked_at: null });
    expect(JSON.stringify(list.body)).not.toContain(made.secret);

    const rotated = (await acme.hr.client.post(`${CREDS}/${made.id}/rotate`)).body;
    expect(rotated.key).toBe(made.key);
    expect(rotated.secret).not.toBe(made.secret);
    expect((await xapiClient(t, made)("GET", S)).status).toBe(401);
    expect((await xapiClient(t, rotated)("GET", S)).status).toBe(200);
    expect((await acme.hr.client.patch(`${CREDS}/${made.id}`, { name: "Moodle prod" })).body.name).toBe("Moodle prod");

    expect((await acme.hr.client.post(`${CREDS}/${made.id}/revoke`)).body.revoked_at).not.toBeNull();
    expect((await xapiClient(t, rotated)("GET", S)).status).toBe(403);
    expect((await acme.hr.client.post(`${CREDS}/${made.id}/rotate`)).status).toBe(409);

    const audit = (await companyAudit(t, acme.company.id)).filter((a) => a.entity === "lrs_credential" && a.entityId === made.id);
    expect(audit.map((a) => a.action)).toEqual(["create", "rotate", "revoke"]);
    expect(JSON.stringify(audit)).not.toContain(rotated.secret);
  });
});

describe("applying statements", () => {
  let call: ReturnType<typeof xapiClient>;
  beforeAll(async () => {
    call = xapiClient(t, await newCredential(acme.hr.client));
  });
  const completed = (email: string, activity: string, verb = VERBS.completed, more: Record<string, unknown> = {}) =>
    statement({ actor: { mbox: `mailto:${email}` }, verb: { id: verb }, object: { id: activity }, ...more });

  it("a completion by a person of the company moves the item matched by its link to done, saving it first, as a finish", async () => {
    const item = await addContent(t, { company: acme.company.id, url: "https://courses.example.com/sql/window-functions" });
    const finished: number[] = [];
    const off = t.app.events.on("content.finished", async (_tx, p) => void finished.push(p.contentId));
    expect((await call("POST", S, completed(acme.member.email.toUpperCase(), "https://www.courses.example.com/sql/window-functions/"))).status).toBe(200);
    await t.app.jobs.drain();
    off();
    expect(await stateOf(acme.member.id, item.id)).toBe("finalized");
    expect(finished).toContain(item.id);
  });

  it("progressed is in progress until its result says completion; done never goes back", async () => {
    const item = await addContent(t, { company: acme.company.id });
    const who = acme.teamleader.email;
    await call("POST", S, completed(who, item.url, VERBS.progressed, { result: { completion: false, score: { scaled: 0.4 } } }));
    await t.app.jobs.drain();
    expect(await stateOf(acme.teamleader.id, item.id)).toBe("running");
    await call("POST", S, completed(who, item.url, VERBS.progressed, { result: { completion: true } }));
    await t.app.jobs.drain();
    expect(await stateOf(acme.teamleader.id, item.id)).toBe("finalized");
    await call("POST", S, completed(who, item.url, VERBS.progressed, { result: { completion: false } }));
    await t.app.jobs.drain();
    expect(await stateOf(acme.teamleader.id, item.id)).toBe("finalized");
  });

  it("finds a person named by the SHA-1 of their mailto address (mbox_sha1sum), as platforms that keep addresses private send them", async () => {
    const item = await addContent(t, { company: acme.company.id });
    const sha1 = createHash("sha1").update(`mailto:${acme.member.email}`).digest("hex");
    await call("POST", S, statement({ actor: { mbox_sha1sum: sha1 }, verb: { id: VERBS.completed }, object: { id: item.url } }));
    await t.app.jobs.drain();
    expect(await stateOf(acme.member.id, item.id)).toBe("finalized");
  });

  it("finds a person by their account on this app (user name), and ignores verbs that are no outcome and voided statements", async () => {
    const item = await addContent(t, { company: acme.company.id });
    const byAccount = statement({
      actor: { account: { homePage: "http://localhost:3000", name: acme.ldleader.username } },
      verb: { id: VERBS.passed },
      object: { id: item.url },
    });
    await call("POST", S, byAccount);
    await t.app.jobs.drain();
    expect(await stateOf(acme.ldleader.id, item.id)).toBe("finalized");

    const other = await addContent(t, { company: acme.company.id });
    const target = completed(acme.hr.email, other.url);
    await call("POST", S, [
      completed(acme.hr.email, other.url, VERBS.experienced),
      target,
      statement({ actor: { mbox: `mailto:${acme.hr.email}` }, verb: { id: VERBS.voided }, object: { objectType: "StatementRef", id: target.id } }),
    ]);
    await t.app.jobs.drain();
    expect(await stateOf(acme.hr.id, other.id)).toBe("not saved");
  });

  it("keeps statements of unknown people and activities, lists them for hr, and applies them once known", async () => {
    const item = await addContent(t, { company: acme.company.id });
    const newcomer = `newcomer-${Date.now()}@factory.test`;
    const activity = `urn:lms:course:${Date.now()}`;
    await call("POST", S, [completed(newcomer, item.url), completed(acme.member.email, activity)]);
    await t.app.jobs.drain();
    const waiting = (await acme.hr.client.get(WAITING)).body;
    expect(waiting.agents.map((a: { agent: { mbox: string } }) => a.agent.mbox)).toContain(`mailto:${newcomer}`);
    expect(waiting.activities.map((a: { activity_id: string }) => a.activity_id)).toContain(activity);

    // The L&D leader maps the activity; hr may not, and another company's item is not found.
    const theirs = await addContent(t, { company: globex.company.id });
    expect((await acme.hr.client.post(MAPS, { activity, content_id: item.id })).status).toBe(403);
    expect((await acme.ldleader.client.post(MAPS, { activity, content_id: theirs.id })).status).toBe(404);
    expect((await acme.ldleader.client.post(MAPS, { activity, content_id: item.id })).status).toBe(200);
    await t.app.jobs.drain();
    expect(await stateOf(acme.member.id, item.id)).toBe("finalized");
    expect((await acme.hr.client.get(MAPS)).body.map((m: { activity_id: string }) => m.activity_id)).toContain(activity);

    // The newcomer joins; the next revisit applies what waited for them.
    const joined = await addPerson(t, { company: acme.company.id, role: "member", email: newcomer });
    expect((await acme.hr.client.post(`${WAITING}/retry`)).status).toBe(202);
    await t.app.jobs.drain();
    expect(await stateOf(joined.id, item.id)).toBe("finalized");
    const after = (await acme.hr.client.get(WAITING)).body;
    expect(after.agents.map((a: { agent: { mbox: string } }) => a.agent.mbox)).not.toContain(`mailto:${newcomer}`);
  });

  it("never touches another company's people: their address under this company's credential stays unapplied", async () => {
    const theirs = await addContent(t, { company: globex.company.id });
    const ours = await addContent(t, { company: acme.company.id, url: theirs.url });
    await call("POST", S, completed(globex.member.email, theirs.url));
    await t.app.jobs.drain();
    expect(await stateOf(globex.member.id, theirs.id)).toBe("not saved");
    expect(await stateOf(globex.member.id, ours.id)).toBe("not saved");
    const waiting = (await acme.hr.client.get(WAITING)).body;
    expect(waiting.agents.map((a: { agent: { mbox: string } }) => a.agent.mbox)).toContain(`mailto:${globex.member.email}`);
    // And the other company's LRS does not see these statements.
    const globexCall = xapiClient(t, await newCredential(globex.hr.client));
    expect((await globexCall("GET", `${S}?agent=${encodeURIComponent(JSON.stringify({ mbox: `mailto:${globex.member.email}` }))}`)).body.statements).toEqual(
      [],
    );
  });
});
