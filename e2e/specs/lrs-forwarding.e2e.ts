import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { request, type Browser } from "playwright-core";
import { BASE_URL, launchBrowser, openPage, OUR_ORIGIN, PHONE, screenshot, type Session, signInRequest, signInWithApi, visible } from "../support";

// hr forwards Acme's learning events to an outside LRS that refuses them (a local server answering
// 400), then finds the refused statements in Settings on a 390 px screen and sends one again.
const FORWARDING = "/api/b2b/v1/company/lrs-forwarding";
const received: Array<{ path: string; version: string | undefined; body: unknown }> = [];
let lrs: http.Server;
let lrsUrl = "";
let browser: Browser;
let hr: Session;

beforeAll(async () => {
  lrs = http.createServer((req, res) => {
    let body = "";
    req.on("data", (chunk: Buffer) => (body += chunk.toString()));
    req.on("end", () => {
      received.push({ path: req.url ?? "", version: req.headers["x-experience-api-version"] as string | undefined, body: JSON.parse(body || "null") });
      res.writeHead(400, { "content-type": "application/json" });
      res.end('{"error":"refused"}');
    });
  });
  await new Promise<void>((resolve) => lrs.listen(0, "127.0.0.1", resolve));
  lrsUrl = `http://127.0.0.1:${(lrs.address() as AddressInfo).port}`;
  browser = await launchBrowser();
  hr = await openPage(browser, PHONE);
  await signInWithApi(hr.context, "hr@acme.test");
});

afterAll(async () => {
  // Other spec files act in Acme too: leave forwarding off, as it was.
  await hr?.context.request.put(FORWARDING, { headers: OUR_ORIGIN, data: { endpoint: `${lrsUrl}/xapi`, key: "acme", enabled: false } });
  await browser?.close();
  await new Promise((resolve) => lrs?.close(resolve));
});

/** Waits until the outside LRS got a batch naming `words`. */
async function batchWith(words: string, timeout = 30_000) {
  const deadline = Date.now() + timeout;
  for (;;) {
    const found = received.find((r) => JSON.stringify(r.body).includes(words));
    if (found) return found;
    if (Date.now() > deadline) throw new Error(`no statement naming "${words}" within ${timeout} ms; got ${JSON.stringify(received)}`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

describe("forwarding learning records", () => {
  it("hr sets the outside LRS on a 390 px screen, and sends again what it refused", async () => {
    const { page } = hr;
    await page.goto("/setting");
    await page.getByRole("combobox", { name: "Settings sections" }).selectOption({ label: "Forward learning records" });
    const card = page.getByRole("region", { name: "Forward learning records" });
    await visible(card);
    await card.getByLabel("xAPI endpoint").fill(`${lrsUrl}/xapi`);
    await card.getByLabel("Key (user name)").fill("acme");
    await card.getByLabel("Secret (password)").fill("acme-secret");
    await card.getByRole("button", { name: "Save forwarding" }).click();
    await visible(page.getByText("Forwarding saved"));

    const member = await request.newContext({ baseURL: BASE_URL });
    await signInRequest(member, "member@acme.test");
    const url = `https://example.com/forwarded-${Date.now()}`;
    const saved = await member.post("/api/contentuser/save/", { headers: OUR_ORIGIN, data: { url, title: "A forwarded read", fetch_metadata: false } });
    expect(saved.status()).toBe(201);
    await member.dispose();
    // A server process's worker takes the delivery job within a few seconds.
    const batch = await batchWith(url);
    expect(batch).toMatchObject({ path: "/xapi/statements", version: "1.0.3" });

    await page.getByRole("combobox", { name: "Settings sections" }).selectOption({ label: "Records that failed to forward" });
    const failed = page.getByRole("region", { name: "Records that failed to forward" });
    await visible(failed.getByText(`member@acme.test save ${url}`));
    await visible(failed.getByText(/The LRS answered HTTP 400/).first());
    // Nothing wider than the phone's screen, long activity ids included.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
    await screenshot(page, "lrs-dead-letters-390");

    const before = received.length;
    await failed.getByRole("button", { name: `Send again: save ${url}` }).click();
    await visible(page.getByText("It will be sent again shortly"));
    await expect.poll(() => received.slice(before).some((r) => JSON.stringify(r.body).includes(url)), { timeout: 30_000 }).toBe(true);
    expect(hr.errors).toEqual([]);
  });
});
