import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestContext, type TestContext } from "../../../test/helpers.ts";
import { createCompanyWithRoles } from "../../../test/factories.ts";
import { newCredential, statement, VERBS, xapiClient } from "../../../test/xapi-client.ts";

// A conformance subset written from xAPI 1.0.3 Part Three (§2.1 statements resource, §6.2 version
// header, §6.4 security, §7.7 about) and Part Two §2.3.2 (voiding).
let t: TestContext;
let call: ReturnType<typeof xapiClient>;
let acme: Awaited<ReturnType<typeof createCompanyWithRoles>>;
const S = "/xapi/statements";

beforeAll(async () => {
  t = await createTestContext({ seed: false });
  acme = await createCompanyWithRoles(t);
  call = xapiClient(t, await newCredential(acme.hr.client));
});
afterAll(() => t.close());

describe("version header (§6.2)", () => {
  it("answers 1.0.3 on every response, refusals included", async () => {
    const ok = await call("GET", S);
    expect(ok.status).toBe(200);
    expect(ok.headers["x-experience-api-version"]).toBe("1.0.3");
    const refused = await call("GET", S, undefined, { "x-experience-api-version": undefined });
    expect(refused.status).toBe(400);
    expect(refused.headers["x-experience-api-version"]).toBe("1.0.3");
    expect(refused.body.error.code).toBe("xapi_version_required");
  });

  it("accepts 1.0, 1.0.x and 2.0.x; refuses 0.95 and 1.1.0", async () => {
    for (const v of ["1.0", "1.0.0", "1.0.3", "2.0", "2.0.0"]) expect((await call("GET", S, undefined, { "x-experience-api-version": v })).status).toBe(200);
    for (const v of ["0.95", "1.1.0", "abc"]) expect((await call("GET", S, undefined, { "x-experience-api-version": v })).status).toBe(400);
  });
});

describe("about (§7.7)", () => {
  it("answers its versions without a credential", async () => {
    const res = await t.app.inject({ method: "GET", url: "/xapi/about" });
    expect(res.statusCode).toBe(200);
    expect(res.json().version).toContain("1.0.3");
    expect(res.headers["x-experience-api-version"]).toBe("1.0.3");
  });
});

describe("authentication (§6.4)", () => {
  it("refuses no credential, an unknown key and a wrong secret with 401, and a revoked one with 403", async () => {
    expect((await call("GET", S, undefined, { authorization: undefined })).status).toBe(401);
    const cred = await newCredential(acme.hr.client);
    expect((await xapiClient(t, { key: "lwlrs_nobody", secret: cred.secret })("GET", S)).status).toBe(401);
    expect((await xapiClient(t, { key: cred.key, secret: "wrong" })("GET", S)).status).toBe(401);
    expect((await acme.hr.client.post(`/api/b2b/v1/company/lrs-credentials/${cred.id}/revoke`)).status).toBe(200);
    const revoked = await xapiClient(t, cred)("POST", S, statement());
    expect(revoked.status).toBe(403);
    expect(revoked.body.error.code).toBe("xapi_credential_revoked");
  });
});

describe("storing statements (§2.1.1, §2.1.2)", () => {
  it("POST answers the ids in order, making those that were left out", async () => {
    const given = statement();
    const { id: _drop, ...noId } = statement();
    const res = await call("POST", S, [given, noId]);
    expect(res.status).toBe(200);
    expect(res.body).toHaveLength(2);
    expect(res.body[0]).toBe(given.id);
    const made = await call("GET", `${S}?statementId=${res.body[1]}`);
    expect(made.status).toBe(200);
    expect(made.body).toMatchObject({ id: res.body[1], version: "1.0.0", authority: { objectType: "Agent" } });
    expect(made.body.stored).toBeTruthy();
    expect(made.body.timestamp).toBeTruthy();
  });

  it("PUT stores under statementId with 204; again the same is 204, a different one 409", async () => {
    const s = statement();
    expect((await call("PUT", `${S}?statementId=${s.id}`, s)).status).toBe(204);
    expect((await call("PUT", `${S}?statementId=${s.id}`, s)).status).toBe(204);
    const other = await call("PUT", `${S}?statementId=${s.id}`, { ...s, verb: { id: VERBS.completed } });
    expect(other.status).toBe(409);
    expect(other.body.error.code).toBe("xapi_statement_conflict");
    expect((await call("POST", S, [{ ...s, result: { completion: true } }])).status).toBe(409);
    expect((await call("POST", S, [s])).status).toBe(200);
  });

  it("PUT refuses without statementId, with an id that differs, or with other parameters", async () => {
    const s = statement();
    expect((await call("PUT", S, s)).status).toBe(400);
    expect((await call("PUT", `${S}?statementId=${randomUUID()}`, s)).status).toBe(400);
    expect((await call("PUT", `${S}?statementId=${s.id}&verb=x:y`, s)).status).toBe(400);
  });

  it("refuses malformed statements with 400 and stores nothing of the batch", async () => {
    const good = statement();
    const bad = [
      { ...statement(), actor: { name: "No identifier" } },
      { ...statement(), actor: { mbox: "mailto:a@b.c", account: { homePage: "http://x.com", name: "a" } } },
      { ...statement(), verb: { id: "not an iri" } },
      { ...statement(), id: "not-a-uuid" },
      { ...statement(), timestamp: "yesterday" },
      { ...statement(), timestamp: "2026-01-01T00:00:00-00:00" },
      { ...statement(), unknown_property: true },
      { ...statement(), result: { score: { scaled: 2 } } },
      { ...statement(), object: { objectType: "Agent", name: "nobody" } },
      { ...statement(), verb: { id: VERBS.voided }, object: { id: "http://example.com/a" } },
      { ...statement(), version: "2.0.0" },
      { actor: { mbox: "mailto:a@b.c" }, verb: { id: VERBS.completed } },
    ];
    for (const b of bad) {
      const res = await call("POST", S, [good, b]);
      expect(res.status, JSON.stringify(b)).toBe(400);
      expect(res.body.error.code).toBeTruthy();
    }
    expect((await call("GET", `${S}?statementId=${good.id}`)).status).toBe(404);
  });

  it("refuses two statements with one id in a batch, and parameters on POST", async () => {
    const s = statement();
    expect((await call("POST", S, [s, s])).status).toBe(400);
    expect((await call("POST", `${S}?statementId=${s.id}`, s)).status).toBe(400);
  });

  it("refuses a batch over 10,000 statements with 413", async () => {
    const s = { actor: { mbox: "mailto:a@b.c" }, verb: { id: VERBS.experienced }, object: { id: "http://e.com/a" } };
    const res = await call(
      "POST",
      S,
      Array.from({ length: 10_001 }, () => s),
    );
    expect(res.status).toBe(413);
    expect(res.body.error.code).toBe("payload_too_large");
  });
});

describe("voiding (Part Two §2.3.2)", () => {
  it("a voided statement is only returned as voidedStatementId, never by a query", async () => {
    const target = statement({ object: { id: `http://example.com/void/${randomUUID()}` } });
    await call("POST", S, target);
    const voiding = statement({ verb: { id: VERBS.voided }, object: { objectType: "StatementRef", id: target.id } });
    expect((await call("POST", S, voiding)).status).toBe(200);
    expect((await call("GET", `${S}?statementId=${target.id}`)).status).toBe(404);
    const v = await call("GET", `${S}?voidedStatementId=${target.id}`);
    expect(v.status).toBe(200);
    expect(v.body.id).toBe(target.id);
    const q = await call("GET", `${S}?activity=${encodeURIComponent(target.object.id)}`);
    expect(q.body.statements).toEqual([]);
    // The voiding statement itself is an ordinary statement.
    expect((await call("GET", `${S}?statementId=${voiding.id}`)).status).toBe(200);
    expect((await call("GET", `${S}?voidedStatementId=${voiding.id}`)).status).toBe(404);
  });

  it("refuses a voiding statement aimed at a voiding statement", async () => {
    const target = statement();
    await call("POST", S, target);
    const voiding = statement({ verb: { id: VERBS.voided }, object: { objectType: "StatementRef", id: target.id } });
    await call("POST", S, voiding);
    const res = await call("POST", S, statement({ verb: { id: VERBS.voided }, object: { objectType: "StatementRef", id: voiding.id } }));
    expect(res.status).toBe(400);
    expect(res.body.error.code).toBe("xapi_void_of_void");
  });
});

describe("GET one statement (§2.1.3)", () => {
  it("answers 404 for an unknown id and 400 for statementId with query parameters", async () => {
    expect((await call("GET", `${S}?statementId=${randomUUID()}`)).status).toBe(404);
    expect((await call("GET", `${S}?voidedStatementId=${randomUUID()}`)).status).toBe(404);
    const s = statement();
    await call("POST", S, s);
    expect((await call("GET", `${S}?statementId=${s.id}&verb=${encodeURIComponent(VERBS.experienced)}`)).status).toBe(400);
    expect((await call("GET", `${S}?statementId=${s.id}&voidedStatementId=${s.id}`)).status).toBe(400);
  });

  it("format=ids answers agents and activities by their identifiers", async () => {
    const s = statement();
    await call("POST", S, s);
    const res = await call("GET", `${S}?statementId=${s.id}&format=ids`);
    expect(res.body.actor).toEqual({ mbox: s.actor.mbox });
    expect(res.body.object).toEqual({ objectType: "Activity", id: s.object.id });
  });
});

describe("the query form (§2.1.3)", () => {
  const mine = `http://example.com/query/${randomUUID()}`;
  const learner = { mbox: `mailto:${randomUUID()}@example.com` };
  const ids: string[] = [];
  let between: string;

  beforeAll(async () => {
    for (let i = 0; i < 5; i++) {
      const s = statement({
        actor: i < 3 ? learner : { account: { homePage: "http://lms.example.com", name: `u${i}` } },
        object: { id: mine },
        verb: { id: i % 2 ? VERBS.completed : VERBS.experienced },
      });
      ids.push(s.id);
      await call("POST", S, s);
      if (i === 2) {
        await new Promise((r) => setTimeout(r, 5));
        between = new Date().toISOString();
        await new Promise((r) => setTimeout(r, 5));
      }
    }
  });

  it("filters by agent (mbox, its SHA-1, account), verb and activity, newest first", async () => {
    const byActivity = await call("GET", `${S}?activity=${encodeURIComponent(mine)}`);
    expect(byActivity.body.statements.map((s: { id: string }) => s.id)).toEqual([...ids].reverse());
    expect(byActivity.headers["x-experience-api-consistent-through"]).toBeTruthy();
    const byAgent = await call("GET", `${S}?agent=${encodeURIComponent(JSON.stringify(learner))}`);
    expect(byAgent.body.statements.map((s: { id: string }) => s.id)).toEqual(ids.slice(0, 3).reverse());
    const { createHash } = await import("node:crypto");
    const sha1 = createHash("sha1").update(learner.mbox).digest("hex");
    expect((await call("GET", `${S}?agent=${encodeURIComponent(JSON.stringify({ mbox_sha1sum: sha1 }))}`)).body.statements).toHaveLength(3);
    const account = { account: { homePage: "http://lms.example.com", name: "u4" } };
    expect((await call("GET", `${S}?agent=${encodeURIComponent(JSON.stringify(account))}`)).body.statements.map((s: { id: string }) => s.id)).toEqual([ids[4]]);
    const completed = await call("GET", `${S}?activity=${encodeURIComponent(mine)}&verb=${encodeURIComponent(VERBS.completed)}`);
    expect(completed.body.statements.map((s: { id: string }) => s.id)).toEqual([ids[3], ids[1]]);
  });

  it("since, until and ascending", async () => {
    const a = encodeURIComponent(mine);
    expect((await call("GET", `${S}?activity=${a}&since=${encodeURIComponent(between)}`)).body.statements.map((s: { id: string }) => s.id)).toEqual([
      ids[4],
      ids[3],
    ]);
    expect(
      (await call("GET", `${S}?activity=${a}&until=${encodeURIComponent(between)}&ascending=true`)).body.statements.map((s: { id: string }) => s.id),
    ).toEqual(ids.slice(0, 3));
  });

  it("pages with limit and an opaque more link until it is empty", async () => {
    const seen: string[] = [];
    let res = await call("GET", `${S}?activity=${encodeURIComponent(mine)}&limit=2&ascending=true`);
    for (;;) {
      expect(res.status).toBe(200);
      expect(res.body.statements.length).toBeLessThanOrEqual(2);
      seen.push(...res.body.statements.map((s: { id: string }) => s.id));
      if (!res.body.more) break;
      expect(res.body.more).toMatch(/^\/xapi\/statements\?more=/);
      res = await call("GET", res.body.more);
    }
    expect(seen).toEqual(ids);
    expect((await call("GET", `${S}?more=garbage`)).status).toBe(400);
  });

  it("related_agents and related_activities widen the match to context and SubStatements", async () => {
    const instructor = { mbox: `mailto:${randomUUID()}@example.com` };
    const course = `http://example.com/course/${randomUUID()}`;
    const lesson = statement({ context: { instructor, contextActivities: { parent: [{ id: course }] } } });
    const sub = statement({
      object: { objectType: "SubStatement", actor: instructor, verb: { id: VERBS.completed }, object: { id: course } },
    });
    expect((await call("POST", S, [lesson, sub])).status).toBe(200);
    const agent = encodeURIComponent(JSON.stringify(instructor));
    expect((await call("GET", `${S}?agent=${agent}`)).body.statements).toEqual([]);
    const widened = await call("GET", `${S}?agent=${agent}&related_agents=true`);
    expect(widened.body.statements.map((x: { id: string }) => x.id).sort()).toEqual([lesson.id, sub.id].sort());
    expect((await call("GET", `${S}?activity=${encodeURIComponent(course)}`)).body.statements).toEqual([]);
    const byCourse = await call("GET", `${S}?activity=${encodeURIComponent(course)}&related_activities=true`);
    expect(byCourse.body.statements.map((x: { id: string }) => x.id).sort()).toEqual([lesson.id, sub.id].sort());
  });

  it("refuses unknown parameters and bad values with 400", async () => {
    for (const q of [
      "colour=red",
      "agent=notjson",
      `agent=${encodeURIComponent(JSON.stringify({ name: "x" }))}`,
      "since=yesterday",
      "limit=-1",
      "ascending=maybe",
      "verb=not%20an%20iri",
    ]) {
      const res = await call("GET", `${S}?${q}`);
      expect(res.status, q).toBe(400);
      expect(res.body.error).toBeTruthy();
    }
  });
});
