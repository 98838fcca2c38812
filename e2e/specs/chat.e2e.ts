import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { request, type APIRequestContext, type Browser } from "playwright-core";
import { BASE_URL, launchBrowser, openPage, PHONE, screenshot, type Session, signInRequest, signInWithApi, visible, OUR_ORIGIN } from "../support";

// hr connects the company's Slack and Microsoft Teams channels; two local servers answer as
// those webhooks do ("ok", "1") and receive the test messages and the news of a new learning path.

interface Post {
  path: string;
  body: {
    text?: string;
    blocks?: unknown[];
    type?: string;
    attachments?: Array<{ contentType: string; content: { body: Array<{ inlines: Array<{ text: string }> }> } }>;
  };
}
const received: Post[] = [];
let hooks: http.Server;
let hooksUrl = "";
let browser: Browser;
let hr: Session;
const HOOKS = "/api/b2b/v1/company/chat-hooks/";

beforeAll(async () => {
  hooks = http.createServer((req, res) => {
    let body = "";
    req.on("data", (chunk: Buffer) => (body += chunk.toString()));
    req.on("end", () => {
      received.push({ path: req.url ?? "", body: JSON.parse(body || "{}") as Post["body"] });
      res.writeHead(200, { "content-type": "text/plain" });
      res.end(req.url?.startsWith("/teams") ? "1" : "ok");
    });
  });
  await new Promise<void>((resolve) => hooks.listen(0, "127.0.0.1", resolve));
  hooksUrl = `http://127.0.0.1:${(hooks.address() as AddressInfo).port}`;
  browser = await launchBrowser();
  hr = await openPage(browser, PHONE);
  await signInWithApi(hr.context, "hr@acme.test");
});

afterAll(async () => {
  // Other spec files publish in Acme too: leave its channels disconnected, as they were.
  await hr?.context.request.patch(HOOKS, { headers: OUR_ORIGIN, data: { slack_webhook_url: null, teams_webhook_url: null } });
  await browser?.close();
  await new Promise((resolve) => hooks?.close(resolve));
});

/** Waits until the servers have received a post on `prefix` whose text contains `words`. */
async function postTo(prefix: string, words: string, timeout = 30_000): Promise<Post> {
  const deadline = Date.now() + timeout;
  for (;;) {
    const found = received.find((p) => p.path.startsWith(prefix) && JSON.stringify(p.body).includes(words));
    if (found) return found;
    if (Date.now() > deadline) throw new Error(`no post on ${prefix} containing "${words}" within ${timeout} ms; got ${JSON.stringify(received)}`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

async function api(email: string): Promise<APIRequestContext> {
  const context = await request.newContext({ baseURL: BASE_URL });
  await signInRequest(context, email);
  return context;
}

describe("chat notifications", () => {
  it("hr connects Slack and Teams on a 390 px screen, and a test message reaches each", async () => {
    const { page } = hr;
    await page.goto("/setting");
    // One section at a time: on a phone, chosen in the page's menu of its sections.
    await page.getByRole("combobox", { name: "Settings sections" }).selectOption({ label: "Chat notifications" });
    const card = page.getByRole("region", { name: "Chat notifications" });
    await visible(card);
    await card.getByLabel("Slack webhook URL").fill(`${hooksUrl}/slack/T000/B000/secret`);
    await card.getByLabel("Microsoft Teams webhook URL").fill(`${hooksUrl}/teams/webhookb2/secret`);
    await card.getByRole("button", { name: "Save chat settings" }).click();
    await visible(page.getByText("Chat settings saved"));

    await card.getByRole("button", { name: "Send a test message to Slack" }).click();
    await expect.poll(() => card.getByRole("status").textContent(), { timeout: 15_000 }).toContain("Test message sent to Slack.");
    const slack = await postTo("/slack/", "Learnward is connected");
    expect(slack.body.blocks).toEqual([expect.objectContaining({ type: "section" })]);

    await card.getByRole("button", { name: "Send a test message to Microsoft Teams" }).click();
    await expect.poll(() => card.getByRole("status").textContent(), { timeout: 15_000 }).toContain("Test message sent to Microsoft Teams.");
    const teams = await postTo("/teams/", "Learnward is connected");
    expect(teams.body.attachments?.[0]?.contentType).toBe("application/vnd.microsoft.card.adaptive");

    // Nothing wider than the phone's screen.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
    await card.scrollIntoViewIfNeeded();
    await screenshot(page, "chat-settings-390");
    expect(hr.errors).toEqual([]);
  });

  it("posts a learning path published in the company library to both channels", async () => {
    const [member, ldleader] = [await api("member@acme.test"), await api("ldleader@acme.test")];
    const title = `Chat news ${Date.now()}`;
    const created = await member.post("/api/b2b/v1/collections/", { headers: OUR_ORIGIN, data: { title } });
    expect(created.status()).toBe(201);
    const asked = await member.post("/api/b2b/v1/publish-requests/", {
      headers: OUR_ORIGIN,
      data: { collection_id: ((await created.json()) as { id: number }).id },
    });
    expect(asked.status()).toBe(201);
    const accepted = await ldleader.post(`/api/b2b/v1/publish-requests/${((await asked.json()) as { id: number }).id}/accept/`, {
      headers: OUR_ORIGIN,
      data: {},
    });
    expect(accepted.status()).toBe(200);

    // A server process's worker takes the job within a few seconds.
    const slack = await postTo("/slack/", title);
    expect(slack.body.text).toContain(`New learning path in the company library: ${title}`);
    const teams = await postTo("/teams/", title);
    // A TextRun, which Teams never reads as Markdown: a title can't become a link in the channel.
    expect(teams.body.attachments?.[0]?.content.body[0]?.inlines[0]?.text).toBe(`New learning path in the company library: ${title}`);
    await Promise.all([member.dispose(), ldleader.dispose()]);
  });
});
