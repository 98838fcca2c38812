import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Browser, Page } from "playwright-core";
import { atBothWidths, expectHeading, launchBrowser, openPage, screenshot, signInWithApi, type Session, visible } from "../support";

// The whole life of a purchase request across the three budgeting pages and three roles.
// One browser context per user (5 sign-ins per minute per IP and email on the server).

let browser: Browser;
const sessions: Record<string, Session> = {};
const YEAR = new Date().getFullYear();
const COURSE = `Advanced TypeScript ${Date.now().toString(36)}`;

/** Signs in once per user. */
async function as(email: string): Promise<Page> {
  const existing = sessions[email];
  if (existing) return existing.page;
  const session = await openPage(browser);
  await signInWithApi(session.context, email);
  sessions[email] = session;
  return session.page;
}

/** The first dollar amount in a text, in dollars (0 when there is none). */
const dollars = (text: string) => Number(/\$([\d,]+\.\d\d)/.exec(text)?.[1]?.replace(/,/g, "") ?? 0);

async function open(page: Page, path: string, title: string): Promise<void> {
  await page.goto(path);
  await expectHeading(page, title);
}

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  for (const session of Object.values(sessions)) await session.context.close();
  await browser?.close();
});

describe("budgeting: budget → allocation → request → approval → payment", () => {
  it("the L&D leader creates this year's budget and allocates to Engineering", { timeout: 150_000 }, async () => {
    const page = await as("ldleader@acme.test");
    await open(page, "/budgetingPlan/companyBudget", "Company budget");
    const budgetHeading = page.getByRole("heading", { name: `Year ${YEAR} budget` });
    if ((await budgetHeading.count()) === 0) {
      const form = page.getByRole("region", { name: "Create a budget" });
      await form.getByLabel(/^Amount/).fill("10000.00");
      await form.getByRole("button", { name: "Create budget" }).click();
      await visible(budgetHeading);
    }
    // The demo's budget may already be shared out: ask for more than the whole budget.
    const allocation = page.getByRole("textbox", { name: "Allocation for Engineering" });
    await allocation.fill("100000000");
    await visible(page.getByText(/That is .* more than the budget has left/));
    await allocation.fill("5000.00");
    await visible(page.getByText(/Left to allocate: \$[\d,]+\.\d\d/).first());
    await page.getByRole("button", { name: "Save the allocation for Engineering" }).click();
    const usage = page.getByRole("table", { name: "Use by team" });
    await visible(usage.getByRole("row", { name: /Engineering .*\$5,000\.00/ }));
    expect(sessions["ldleader@acme.test"]?.errors).toEqual([]);
  });

  it("the member asks for a course", { timeout: 150_000 }, async () => {
    const page = await as("member@acme.test");
    await open(page, "/budgetingPlan/purchaseRequest", "Purchase requests");
    await page.getByRole("button", { name: "Ask for a purchase" }).click();
    const dialog = page.getByRole("dialog", { name: "Ask for a course or content" });
    await dialog.getByLabel(/^Title/).fill(COURSE);
    await dialog.getByLabel(/^Link/).fill("https://courses.example/typescript");
    await dialog.getByLabel(/^Price/).fill("250.00");
    await dialog.getByLabel(/^Why it helps you/).fill("For the new billing service");
    await dialog.getByRole("button", { name: "Send request" }).click();
    await dialog.waitFor({ state: "hidden" });
    await visible(page.getByRole("row", { name: new RegExp(`${COURSE}.*\\$250\\.00.*Pending`) }));
    expect(sessions["member@acme.test"]?.errors).toEqual([]);
  });

  it("the team leader approves it on the team budget page", { timeout: 150_000 }, async () => {
    const page = await as("teamleader@acme.test");
    await open(page, "/budgetingPlan", "Team budget");
    // The demo team may hold approved and paid requests already: compare with before.
    const reserved = page
      .getByRole("table", { name: "Use of the allocation, as a table" })
      .getByRole("row", { name: /Reserved/ })
      .first();
    // A chart draws as it is scrolled towards, as a person reading down the page would.
    await page.getByRole("heading", { name: "Over the period" }).first().scrollIntoViewIfNeeded();
    const chart = await visible(page.getByRole("img", { name: "Over the period" }).first());
    const summary = page.locator(`[id="${await chart.getAttribute("aria-describedby")}"]`);
    const used = async () => dollars((await summary.textContent())?.match(/\$[\d,.]+ approved or paid/)?.[0] ?? "");
    const before = { reserved: dollars(await visible(reserved).then((row) => row.innerText())), used: await used() };
    await page.getByRole("button", { name: `Approve ${COURSE}` }).click();
    await visible(page.getByText("Request approved"));
    // Approval reserves the price against the team's allocation…
    await expect.poll(async () => dollars(await reserved.innerText()), { timeout: 30_000 }).toBe(before.reserved + 250);
    // …and shows in the chart over the period, whose description says the same to a screen reader.
    await expect.poll(used, { timeout: 30_000 }).toBe(before.used + 250);
    expect(sessions["teamleader@acme.test"]?.errors).toEqual([]);
  });

  it("the L&D leader marks it paid from the queue", { timeout: 150_000 }, async () => {
    const page = await as("ldleader@acme.test");
    await open(page, "/budgetingPlan/purchaseRequest", "Purchase requests");
    await page.getByRole("tab", { name: "To decide" }).click();
    await page.getByRole("button", { name: `Mark paid: ${COURSE}` }).click();
    const dialog = page.getByRole("dialog");
    await dialog.getByLabel(/^Payment reference/).fill("INV-2026-0042");
    await dialog.getByRole("button", { name: "Mark paid" }).click();
    await visible(page.getByText("Request marked paid"));
    await expect(page.getByRole("link", { name: "Export CSV" }).getAttribute("href")).resolves.toBe("/api/b2b/v1/purchase-requests/export.csv");
    expect(sessions["ldleader@acme.test"]?.errors).toEqual([]);
  });

  it("the member sees it paid", { timeout: 150_000 }, async () => {
    const page = await as("member@acme.test");
    await open(page, "/budgetingPlan/purchaseRequest", "Purchase requests");
    await visible(page.getByRole("row", { name: new RegExp(`${COURSE}.*Paid`) }));
    await visible(page.getByText(/reference INV-2026-0042/));
    expect(sessions["member@acme.test"]?.errors).toEqual([]);
  });

  it("captures the three pages at 1280 and 390 wide", { timeout: 150_000 }, async () => {
    const page = await as("ldleader@acme.test");
    const pages = [
      ["/budgetingPlan", "Team budget", "budgeting-team"],
      ["/budgetingPlan/companyBudget", "Company budget", "budgeting-company"],
      ["/budgetingPlan/purchaseRequest", "Purchase requests", "budgeting-requests"],
    ] as const;
    await atBothWidths(page, async (label) => {
      for (const [path, title, name] of pages) {
        await open(page, path, title);
        if (path === "/budgetingPlan") {
          // The L&D leader picks the team; Engineering is the one with an allocation.
          await page.getByRole("combobox", { name: "Team" }).click();
          await page.getByRole("option", { name: "Engineering" }).click();
          await visible(page.getByRole("img", { name: "Over the period" }).first());
        }
        await page.waitForLoadState("networkidle");
        await screenshot(page, `${name}-${label}`);
      }
    });
    expect(sessions["ldleader@acme.test"]?.errors).toEqual([]);
  });
});
