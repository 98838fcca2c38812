import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Browser, BrowserContext, Page } from "playwright-core";
import { accessibilityViolations, expectHeading, launchBrowser, openPage, PHONE, signInWithApi, visible } from "../support";

// The L&D leader hides a junk item from the catalog from its discover card, on a phone.
// The item is one no other spec reads.

let browser: Browser;
let context: BrowserContext;
let page: Page;
let errors: string[];

const JUNK = "Intro to Smart Contracts on Ethereum";

beforeAll(async () => {
  browser = await launchBrowser();
  ({ context, page, errors } = await openPage(browser, PHONE));
  await signInWithApi(context, "ldleader@acme.test");
});
afterAll(async () => {
  await context?.close();
  await browser?.close();
});

describe("catalog curation", () => {
  it("hides an item from discover after a confirmation", { timeout: 120_000 }, async () => {
    await page.goto(`/discover?q=${encodeURIComponent("smart contracts ethereum")}`);
    await expectHeading(page, "Discover");
    const results = page.getByRole("region", { name: "Results" });
    const card = results.getByRole("article").filter({ has: page.getByRole("heading", { name: JUNK }) });
    await visible(card);
    expect(await accessibilityViolations(page)).toEqual([]);

    await card.getByRole("button", { name: `Curate “${JUNK}”` }).click();
    await page.getByRole("menuitem", { name: "Hide from the catalog" }).click();
    const dialog = page.getByRole("dialog", { name: `Hide “${JUNK}” from the catalog?` });
    await visible(dialog);
    await dialog.getByRole("button", { name: "Hide" }).click();
    // The dialog closes once the server has hidden the item; while it is open the page behind it is
    // hidden from assistive technology, so the card would count as gone before anything happened.
    await dialog.waitFor({ state: "hidden" });
    await expect.poll(() => card.count()).toBe(0);
    // Still gone after a reload: the server left it out, not just this page.
    await page.reload();
    await expectHeading(page, "Discover");
    await expect.poll(() => results.getAttribute("aria-busy")).toBeNull();
    expect(await card.count()).toBe(0);
    expect(errors).toEqual([]);
  });
});
