import type http from "node:http";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { createTestContext, type TestContext } from "../../../test/helpers.ts";
import { certificateWorld } from "../../../test/certificates-world.ts";
import { type FixtureServer, startFixtureServer } from "../../../test/fixtures/fixture-server.ts";
import { complianceRemindedMessage } from "../chat/chat.messages.ts";

// The daily compliance job's reminders reach the company's chat channel too: one post on a day it
// reminds people anew, with how many are overdue; none on a run that reminds nobody new. Tested
// against a local server that answers as Slack's incoming webhook does.
let t: TestContext;
let hooks: FixtureServer;
const received = new Map<string, { text: string }[]>();

const slack = (req: http.IncomingMessage, res: http.ServerResponse): void => {
  let body = "";
  req.on("data", (chunk: Buffer) => (body += chunk.toString()));
  req.on("end", () => {
    received.set(req.url!, [...(received.get(req.url!) ?? []), JSON.parse(body) as { text: string }]);
    res.writeHead(200, { "content-type": "text/plain" });
    res.end("ok");
  });
};

beforeAll(async () => {
  hooks = await startFixtureServer({ "/slack/compliance": slack, "/slack/quiet": slack });
  t = await createTestContext({ seed: false, env: { CHAT_HOOKS_ALLOW_PRIVATE: "true" } });
});
afterEach(() => t.app.clock.setOffsetDays(0));
afterAll(async () => {
  await t.close();
  await hooks.close();
});

/** Runs the job as its daily schedule would, on a day `days` from today, and every post it queued. */
const runOn = async (days: number) => {
  t.app.clock.setOffsetDays(days);
  await t.app.jobs.send("compliance.reminders", {});
  await t.app.jobs.drain();
};
const posts = (path: string) => (received.get(path) ?? []).map((p) => p.text);

describe("compliance reminders in the company's chat", () => {
  it("posts once on each day the job reminds people anew, and not on a run that reminds nobody new", async () => {
    const w = await certificateWorld(t);
    const url = hooks.url("/slack/compliance");
    expect((await w.hr.client.patch("/api/b2b/v1/company/chat-hooks/", { slack_webhook_url: url })).status).toBe(200);
    await w.requireOfTeam({ due_days: 10, every_months: null });

    await runOn(2); // 8 days before the due day: no reminder, no post
    expect(posts("/slack/compliance")).toEqual([]);
    await runOn(3);
    await runOn(3);
    // The team's member and its leader, each reminded 7 days before.
    const first = `Required learning: sent today 2 reminders of a required learning path due soon. ${t.config.publicUrl}/dashboard/content`;
    expect(posts("/slack/compliance")).toEqual([first]);
    await runOn(9);
    await runOn(11); // overdue now, but nobody is reminded anew
    expect(posts("/slack/compliance")).toEqual([first, first]);
  });

  it("says how many are overdue, and of certificates expiring", () => {
    expect(complianceRemindedMessage("https://lw.example", { dueSoon: 1, expiring: 3, overdue: 2 }).text).toBe(
      "Required learning: sent today 1 reminder of a required learning path due soon, 3 reminders of a certificate expiring soon. 2 people are overdue.",
    );
    expect(complianceRemindedMessage("https://lw.example", { dueSoon: 0, expiring: 1, overdue: 1 }).text).toBe(
      "Required learning: sent today 1 reminder of a certificate expiring soon. 1 person is overdue.",
    );
  });
});
