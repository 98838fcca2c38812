import type http from "node:http";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Client, createTestContext, type TestContext } from "../../../test/helpers.ts";
import { addOperator, addPerson, createCompany, createCompanyWithRoles } from "../../../test/factories.ts";
import { type FixtureServer, startFixtureServer } from "../../../test/fixtures/fixture-server.ts";

// A company's Slack and Microsoft Teams channels, tested against a local server that
// answers as each webhook does (Slack "ok", Teams "1"), reached through the safe fetch.
let t: TestContext;
let hooks: FixtureServer;
// Two companies with one person per role, shared by the tests (sign-in allows 60 a minute): each test
// sets the addresses it posts to, on webhook paths of its own.
let acme: Awaited<ReturnType<typeof createCompanyWithRoles>>;
let globex: Awaited<ReturnType<typeof createCompanyWithRoles>>;
/** What each webhook path received, oldest first. */
const received = new Map<string, unknown[]>();
/** Answers still to give on a path before it answers 200 (a chat service that is down for a while). */
const failures = new Map<string, number>();

const webhook =
  (answer: string) =>
  (req: http.IncomingMessage, res: http.ServerResponse): void => {
    let body = "";
    req.on("data", (chunk: Buffer) => (body += chunk.toString()));
    req.on("end", () => {
      const key = req.url!;
      const left = failures.get(key) ?? 0;
      if (left > 0) {
        failures.set(key, left - 1);
        res.writeHead(500, { "content-type": "text/plain" });
        res.end("server error");
        return;
      }
      if (req.method !== "POST" || req.headers["content-type"] !== "application/json") {
        res.writeHead(400);
        res.end("invalid_payload");
        return;
      }
      received.set(key, [...(received.get(key) ?? []), JSON.parse(body)]);
      res.writeHead(200, { "content-type": "text/plain" });
      res.end(answer);
    });
  };

/** A webhook path of its own for one test: `/slack/<name>` answers like Slack, `/teams/<name>` like Teams. */
let serial = 0;
const place = (channel: "slack" | "teams") => `/${channel}/${++serial}`;
const posts = (path: string) => received.get(path) ?? [];

beforeAll(async () => {
  // Every /slack/* and /teams/* path answers as that service does; any other path is a 404.
  const routes = new Proxy({} as Record<string, ReturnType<typeof webhook>>, {
    get: (_target, key: string) => (key.startsWith("/slack/") ? webhook("ok") : key.startsWith("/teams/") ? webhook("1") : undefined),
  });
  hooks = await startFixtureServer(routes);
  t = await createTestContext({ seed: false, env: { CHAT_HOOKS_ALLOW_PRIVATE: "true" } });
  acme = await createCompanyWithRoles(t);
  globex = await createCompanyWithRoles(t);
});
afterAll(async () => {
  await t.close();
  await hooks.close();
});

const COMPANY_PATH = "/api/b2b/v1/company/chat-hooks/";

/** Makes every waiting chat job due now (a request's post waits a minute, a retry its backoff). */
async function due() {
  await t.database.executeSql("update pgboss.job set start_after = now() - interval '1 second' where name = 'chat.post' and state in ('created', 'retry')", []);
}
async function jobStates() {
  return (await t.database.executeSql("select state from pgboss.job where name = 'chat.post' order by created_on", [])).rows as Array<{ state: string }>;
}

/** A member's new collection, sent for review and published by the L&D leader. */
async function publish(owner: Client, ld: Client, title: string) {
  const id = (await owner.post("/api/b2b/v1/collections/", { title })).body.id as number;
  const asked = await owner.post("/api/b2b/v1/publish-requests/", { collection_id: id });
  expect(asked.status).toBe(201);
  expect((await ld.post(`/api/b2b/v1/publish-requests/${asked.body.id}/accept/`, {})).status).toBe(200);
  return id;
}

describe("who may read and set a company's chat hooks", () => {
  it("refuses everyone but the company's hr (and platform operators through /admin)", async () => {
    const { company, ldleader, teamleader, member } = acme;
    const body = { slack_webhook_url: hooks.url(place("slack")) };
    expect((await t.anonymous.get(COMPANY_PATH)).status).toBe(401);
    for (const who of [ldleader, teamleader, member]) {
      expect((await who.client.get(COMPANY_PATH)).status).toBe(403);
      expect((await who.client.patch(COMPANY_PATH, body)).status).toBe(403);
      expect((await who.client.post(`${COMPANY_PATH}test/`, { channel: "slack" })).status).toBe(403);
      expect((await who.client.get(`/api/b2b/v1/admin/companies/${company.id}/chat-hooks/`)).status).toBe(403);
    }
    const operator = (await addOperator(t)).client;
    // A platform operator has no company of their own: the company is the path's.
    expect((await operator.get(COMPANY_PATH)).status).toBe(403);
    expect((await operator.get("/api/b2b/v1/admin/companies/999999/chat-hooks/")).status).toBe(404);
    const set = await operator.patch(`/api/b2b/v1/admin/companies/${company.id}/chat-hooks/`, body);
    expect(set.status).toBe(200);
    expect(set.body.slack_webhook_url).toBe(body.slack_webhook_url);
  });

  it("keeps each company's addresses to itself: a company id in the body is ignored", async () => {
    const url = hooks.url(place("teams"));
    const res = await acme.hr.client.patch(COMPANY_PATH, {
      slack_webhook_url: null,
      teams_webhook_url: url,
      company_id: globex.company.id,
      company: globex.company.id,
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ slack_webhook_url: null, teams_webhook_url: url });
    expect((await acme.hr.client.get(COMPANY_PATH)).body.teams_webhook_url).toBe(url);
    expect((await globex.hr.client.get(COMPANY_PATH)).body).toEqual({ slack_webhook_url: null, teams_webhook_url: null, updated_at: null });
    // Globex's hr cannot reach Acme's through the admin path either.
    expect((await globex.hr.client.get(`/api/b2b/v1/admin/companies/${acme.company.id}/chat-hooks/`)).status).toBe(403);
  });

  it("records each change in the audit trail without the secret address", async () => {
    const company = await createCompany(t);
    const hr = await addPerson(t, { company: company.id, role: "hr" });
    const url = `${hooks.url(place("slack"))}/T000/B000/secret-token`;
    expect((await hr.client.patch(COMPANY_PATH, { slack_webhook_url: url })).status).toBe(200);
    const operator = (await addOperator(t)).client;
    const audit = await operator.get(`/api/b2b/v1/admin/audit/?company=${company.id}&entity=company`);
    expect(audit.status).toBe(200);
    const entry = audit.body.results.find((e: { action: string }) => e.action === "chat_hooks_updated");
    expect(entry).toMatchObject({ actor: { id: hr.id }, before: { slack: null, teams: null }, after: { slack: `127.0.0.1:${hooks.port}`, teams: null } });
    expect(JSON.stringify(entry)).not.toContain("secret-token");
  });
});

describe("saving addresses", () => {
  it("answers a clear 400 for an address that is not a webhook URL, and changes nothing", async () => {
    const { hr } = acme;
    const saved = hooks.url(place("slack"));
    await hr.client.patch(COMPANY_PATH, { slack_webhook_url: saved, teams_webhook_url: null });
    for (const bad of ["not a url", "ftp://hooks.slack.com/services/x", "javascript:alert(1)", "https://user:pass@hooks.slack.com/services/x"]) {
      const res = await hr.client.patch(COMPANY_PATH, { slack_webhook_url: bad });
      expect(res.status, bad).toBe(400);
      expect(res.body.error).toMatchObject({ code: "chat_hook_url_invalid", details: { field: "slack_webhook_url" } });
    }
    const long = await hr.client.patch(COMPANY_PATH, { teams_webhook_url: `https://example.webhook.office.com/${"a".repeat(2000)}` });
    expect(long.status).toBe(400);
    expect(long.body.error.code).toBe("validation_error");
    expect((await hr.client.get(COMPANY_PATH)).body).toMatchObject({ slack_webhook_url: saved, teams_webhook_url: null });
  });

  it("disconnects a channel with null or an empty address, leaving the other as it is", async () => {
    const { hr } = acme;
    await hr.client.patch(COMPANY_PATH, { slack_webhook_url: hooks.url(place("slack")), teams_webhook_url: hooks.url(place("teams")) });
    const cleared = await hr.client.patch(COMPANY_PATH, { slack_webhook_url: "" });
    expect(cleared.body.slack_webhook_url).toBeNull();
    expect(cleared.body.teams_webhook_url).not.toBeNull();
    expect((await hr.client.patch(COMPANY_PATH, { teams_webhook_url: null })).body.teams_webhook_url).toBeNull();
  });

  it("accepts only https addresses, and posts only to public ones, unless the configuration allows private ones (tests)", async () => {
    const strict = await createTestContext({ seed: false });
    try {
      const hr = await addPerson(strict, { company: (await createCompany(strict)).id, role: "hr" });
      const http = await hr.client.patch(COMPANY_PATH, { slack_webhook_url: "http://hooks.slack.com/services/T0/B0/x" });
      expect(http.status).toBe(400);
      expect(http.body.error.code).toBe("chat_hook_url_invalid");
      const https = await hr.client.patch(COMPANY_PATH, { slack_webhook_url: "https://hooks.slack.com/services/T0/B0/x" });
      expect(https.status).toBe(200);
      // An https address on a private network is saved, but the default fetcher never posts to it.
      expect((await hr.client.patch(COMPANY_PATH, { teams_webhook_url: "https://127.0.0.1/hook" })).status).toBe(200);
      expect((await hr.client.post(`${COMPANY_PATH}test/`, { channel: "teams" })).body).toEqual({
        channel: "teams",
        ok: false,
        failure: "blocked_address",
        status: null,
      });
    } finally {
      await strict.close();
    }
  });
});

describe("the test message", () => {
  it("reaches Slack as text and blocks, and Teams as an Adaptive Card", async () => {
    const { hr } = acme;
    const [slack, teams] = [place("slack"), place("teams")];
    await hr.client.patch(COMPANY_PATH, { slack_webhook_url: hooks.url(slack), teams_webhook_url: hooks.url(teams) });

    const s = await hr.client.post(`${COMPANY_PATH}test/`, { channel: "slack" });
    expect(s.status).toBe(200);
    expect(s.body).toEqual({ channel: "slack", ok: true, failure: null, status: null });
    expect(posts(slack)).toEqual([
      {
        text: expect.stringContaining("Learnward is connected"),
        blocks: [{ type: "section", text: { type: "mrkdwn", text: expect.stringContaining("<http://localhost:3000|Open Learnward>") } }],
      },
    ]);

    expect((await hr.client.post(`${COMPANY_PATH}test/`, { channel: "teams" })).body.ok).toBe(true);
    const [card] = posts(teams) as Array<{ type: string; attachments: Array<{ contentType: string; content: Record<string, unknown> }> }>;
    expect(card!.type).toBe("message");
    expect(card!.attachments[0]!.contentType).toBe("application/vnd.microsoft.card.adaptive");
    expect(card!.attachments[0]!.content).toMatchObject({
      type: "AdaptiveCard",
      body: [{ type: "RichTextBlock", inlines: [{ type: "TextRun", text: expect.stringContaining("Learnward is connected") }] }],
      actions: [{ type: "Action.OpenUrl", title: "Open Learnward", url: "http://localhost:3000" }],
    });
  });

  it("says why a post did not arrive, and asks for an address first", async () => {
    const { hr } = acme;
    await hr.client.patch(COMPANY_PATH, { teams_webhook_url: null });
    const none = await hr.client.post(`${COMPANY_PATH}test/`, { channel: "teams" });
    expect(none.status).toBe(400);
    expect(none.body.error).toMatchObject({ code: "chat_hook_not_set", details: { channel: "teams" } });

    await hr.client.patch(COMPANY_PATH, { slack_webhook_url: hooks.url("/nowhere") });
    expect((await hr.client.post(`${COMPANY_PATH}test/`, { channel: "slack" })).body).toEqual({
      channel: "slack",
      ok: false,
      failure: "http_error",
      status: 404,
    });
  });
});

describe("posting company-level events", () => {
  it("posts a new learning path published in the company library to Slack and Teams, once, and only to its company", async () => {
    const other = await addPerson(t, { company: (await createCompany(t)).id, role: "hr" });
    const [slack, teams, elsewhere] = [place("slack"), place("teams"), place("slack")];
    await acme.hr.client.patch(COMPANY_PATH, { slack_webhook_url: hooks.url(slack), teams_webhook_url: hooks.url(teams) });
    await other.client.patch(COMPANY_PATH, { slack_webhook_url: hooks.url(elsewhere) });

    const id = await publish(acme.member.client, acme.ldleader.client, "Rust <for> beginners & more");
    await t.app.jobs.drain();
    const link = `http://localhost:3000/collaborative-network/collections/${id}/Rust-for-beginners-more`;
    expect(posts(slack)).toEqual([
      {
        text: `New learning path in the company library: Rust <for> beginners & more ${link}`,
        blocks: [
          {
            type: "section",
            text: { type: "mrkdwn", text: `New learning path in the company library: Rust &lt;for&gt; beginners &amp; more\n<${link}|Open the learning path>` },
          },
        ],
      },
    ]);
    expect(posts(teams)).toHaveLength(1);
    expect(JSON.stringify(posts(teams)[0])).toContain(link);
    expect(posts(elsewhere)).toEqual([]);
    // Drained again: nothing more (each post is one job, done).
    await t.app.jobs.drain();
    expect(posts(slack)).toHaveLength(1);
  });

  // A title is the author's words, never markup: in an Adaptive Card's TextBlock, Markdown in it became a
  // link to anywhere, emphasis or a list that read as the app's own words in the channel.
  it.each([
    ["a Markdown link", "[Click me](https://evil.example)", "[Click me](https://evil.example)"],
    ["emphasis, code, tags, headings and brackets", "*bold* _it_ `code` <b>x</b> # Heading [x] \\*", "*bold* _it_ `code` <b>x</b> # Heading [x] \\*"],
    [
      "line breaks that would start a paragraph, a heading or a list",
      "Rust\n\n# Reset your password\r\n- [here](https://evil.example)",
      "Rust # Reset your password - [here](https://evil.example)",
    ],
  ])("shows %s in a title to Teams and Slack literally", async (_name, title, shown) => {
    const { hr, member, ldleader } = acme;
    const [slack, teams] = [place("slack"), place("teams")];
    await hr.client.patch(COMPANY_PATH, { slack_webhook_url: hooks.url(slack), teams_webhook_url: hooks.url(teams) });
    const id = await publish(member.client, ldleader.client, title);
    await t.app.jobs.drain();
    const [card] = posts(teams) as Array<{ attachments: Array<{ content: { body: unknown[]; actions: unknown[] } }> }>;
    const content = card!.attachments[0]!.content;
    // A TextRun is plain text by the Adaptive Card schema: no Markdown is read in it.
    expect(content.body).toEqual([{ type: "RichTextBlock", inlines: [{ type: "TextRun", text: `New learning path in the company library: ${shown}` }] }]);
    expect(content.actions).toEqual([{ type: "Action.OpenUrl", title: "Open the learning path", url: expect.stringContaining(`/collections/${id}/`) }]);
    const [post] = posts(slack) as Array<{ blocks: Array<{ text: { text: string } }> }>;
    const escaped = shown.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");
    expect(post!.blocks[0]!.text.text.split("\n")[0]).toBe(`New learning path in the company library: ${escaped}`);
  });

  it("posts nothing when an edit of a learning path already in the library is accepted", async () => {
    const { hr, member, ldleader } = acme;
    const slack = place("slack");
    await hr.client.patch(COMPANY_PATH, { slack_webhook_url: hooks.url(slack), teams_webhook_url: null });
    const id = await publish(member.client, ldleader.client, "Edited path");
    await t.app.jobs.drain();
    expect(posts(slack)).toHaveLength(1);
    // The owner's edit waits as a draft, goes for review and is accepted: news to followers, not to the company.
    expect((await member.client.patch(`/api/b2b/v1/collections/${id}/`, { title: "Edited path, second edition" })).status).toBe(200);
    const asked = await member.client.post("/api/b2b/v1/publish-requests/", { collection_id: id });
    expect(asked.status).toBe(201);
    expect((await ldleader.client.post(`/api/b2b/v1/publish-requests/${asked.body.id}/accept/`, {})).status).toBe(200);
    await t.app.jobs.drain();
    expect(posts(slack)).toHaveLength(1);
  });

  it("posts nothing for a company without chat hooks, and never stands in the way of the publication", async () => {
    const quiet = (await createCompany(t)).id;
    const [member, ldleader] = [await addPerson(t, { company: quiet, role: "member" }), await addPerson(t, { company: quiet, role: "ldleader" })];
    const before = (await jobStates()).length;
    await publish(member.client, ldleader.client, "Quiet path");
    expect((await jobStates()).length).toBe(before);
  });

  it("gathers requests filed within a minute into one post with their count and links", async () => {
    const { hr, teamleader, team } = acme;
    const slack = place("slack");
    await hr.client.patch(COMPANY_PATH, { slack_webhook_url: hooks.url(slack), teams_webhook_url: null });
    for (const email of ["first@new.test", "second@new.test", "third@new.test"]) {
      expect((await teamleader.client.post("/api/b2b/v1/invite-requests/", { email, team_id: team.id })).status).toBe(201);
    }
    // Not yet: the post waits a minute for more requests.
    await t.app.jobs.drain();
    expect(posts(slack)).toEqual([]);
    await due();
    await t.app.jobs.drain();
    expect(posts(slack)).toEqual([
      {
        text: "3 requests are waiting for a decision http://localhost:3000/peopleManagement?tab=3",
        blocks: [
          {
            type: "section",
            text: {
              type: "mrkdwn",
              text: "3 requests are waiting for a decision\n<http://localhost:3000/peopleManagement?tab=3|Invite and removal requests (3)>",
            },
          },
        ],
      },
    ]);
  });

  it("tells the channel that a publish request waits, once it has been filed for a minute", async () => {
    const { hr, member, ldleader } = acme;
    const slack = place("slack");
    await hr.client.patch(COMPANY_PATH, { slack_webhook_url: hooks.url(slack), teams_webhook_url: null });
    const id = (await member.client.post("/api/b2b/v1/collections/", { title: "Waiting path" })).body.id as number;
    const asked = await member.client.post("/api/b2b/v1/publish-requests/", { collection_id: id });
    expect(asked.status).toBe(201);
    await due();
    await t.app.jobs.drain();
    expect(JSON.stringify(posts(slack))).toContain("/collaborative-network/publishRequest|Publish requests (1)>");
    // Decided, it no longer waits: the next post would not count it.
    expect((await ldleader.client.post(`/api/b2b/v1/publish-requests/${asked.body.id}/reject/`, { reason: "Not yet" })).status).toBe(200);
  });

  it("retries a post the chat service refused, with backoff, until it arrives", async () => {
    const { hr, member, ldleader } = acme;
    const teams = place("teams");
    await hr.client.patch(COMPANY_PATH, { slack_webhook_url: null, teams_webhook_url: hooks.url(teams) });
    failures.set(teams, 1);
    await publish(member.client, ldleader.client, "Flaky path");
    await t.app.jobs.drain();
    expect(posts(teams)).toEqual([]);
    // Failed once, and waits its backoff (30 s) before the next try.
    const { rows } = await t.database.executeSql(
      "select start_after > now() + interval '20 seconds' as later from pgboss.job where name = 'chat.post' and state = 'retry'",
      [],
    );
    expect(rows).toEqual([{ later: true }]);
    await due();
    await t.app.jobs.drain();
    // The path's post arrives once (a "requests waiting" post may come too: its publish request waited a moment).
    expect(posts(teams).filter((p) => JSON.stringify(p).includes("Flaky path"))).toHaveLength(1);
  });

  it("posts once when the same post job runs twice (a worker lost after posting)", async () => {
    const { hr, member, ldleader } = acme;
    const slack = place("slack");
    await hr.client.patch(COMPANY_PATH, { slack_webhook_url: hooks.url(slack), teams_webhook_url: null });
    await publish(member.client, ldleader.client, "Twice-run path");
    await t.app.jobs.drain();
    await t.database.executeSql("update pgboss.job set state = 'created', completed_on = null where name = 'chat.post' and state = 'completed'", []);
    await t.app.jobs.drain();
    expect(posts(slack).filter((p) => JSON.stringify(p).includes("Twice-run path"))).toHaveLength(1);
  });

  it("posts to the address saved when the job runs: a channel disconnected meanwhile hears nothing", async () => {
    const { hr, member, ldleader } = acme;
    const slack = place("slack");
    await hr.client.patch(COMPANY_PATH, { slack_webhook_url: hooks.url(slack), teams_webhook_url: null });
    await publish(member.client, ldleader.client, "Withdrawn news");
    await hr.client.patch(COMPANY_PATH, { slack_webhook_url: null });
    await t.app.jobs.drain();
    expect(posts(slack)).toEqual([]);
  });
});
