import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Browser, BrowserContext, Page } from "playwright-core";
import {
  accessibilityViolations,
  atBothWidths,
  resize,
  DESKTOP,
  expectHeading,
  launchBrowser,
  openPage,
  PHONE,
  screenshot,
  signInWithApi,
  visible,
  waitForPath,
  OUR_ORIGIN,
} from "../support";

// Discover with the copilot, as a member: search with a filter, save a result and find it
// on /home, ask the copilot (streamed answer, cited catalog items), turn the answer into a draft
// collection and open it. One signed-in member for the file (sign-in is rate limited).

let browser: Browser;
let context: BrowserContext;
let page: Page;
let errors: string[];

const BOOK = "Getting to Yes: Negotiating Agreement Without Giving In";
const QUESTION = "I need to learn SQL for analytics in two weeks";
const COLLECTION = "Learn SQL and data analysis in 2 weeks";

beforeAll(async () => {
  browser = await launchBrowser();
  ({ context, page, errors } = await openPage(browser));
  await signInWithApi(context, "member@acme.test");
});
afterAll(async () => {
  await context?.close();
  await browser?.close();
});

async function openDiscover(query = ""): Promise<void> {
  await page.goto(`/discover${query}`);
  await expectHeading(page, "Discover");
}

describe("discover", () => {
  it("searches the catalog with a filter and facet counts", { timeout: 120_000 }, async () => {
    await openDiscover();
    await visible(page.getByRole("region", { name: "Trending in your company" }));
    await visible(page.getByRole("region", { name: "Recommended for you" }));
    expect(await accessibilityViolations(page)).toEqual([]);

    await page.getByRole("searchbox", { name: "Search the catalog" }).fill("negotiation");
    const results = page.getByRole("region", { name: "Results" });
    await waitForPath(page, /q=negotiation/);
    // The catalog's own count and facets stay on screen (busy) until the search answers: wait for it.
    await expect.poll(() => results.getAttribute("aria-busy")).toBeNull();
    await visible(results.getByText(/^\d+ results$/));
    const type = page.getByRole("combobox", { name: "Type" });
    // The option carries the facet count for this search; choosing it gives exactly that many.
    let books = 0;
    await expect
      .poll(async () => {
        const option = (await type.locator("option").allInnerTexts()).find((o) => o.startsWith("Book ("));
        books = Number(/\((\d+)\)/.exec(option ?? "")?.[1] ?? 0);
        return books;
      })
      .toBeGreaterThanOrEqual(2);
    await type.selectOption("book");
    await waitForPath(page, /type=book/);
    await visible(results.getByText(`${books} results`));
    await expect.poll(() => results.getByRole("article").count()).toBe(books);
    const titles = await results.getByRole("article").getByRole("heading").allInnerTexts();
    expect(titles).toContain(BOOK);
    for (const caption of await results.getByRole("article").locator(".MuiTypography-caption").allInnerTexts()) expect(caption).toMatch(/^Book/);
    await screenshot(page, "discover-search-1280");
    expect(errors).toEqual([]);
  });

  it("saves a result in one click and finds it on /home", { timeout: 120_000 }, async () => {
    await openDiscover("?q=negotiation&type=book");
    const results = page.getByRole("region", { name: "Results" });
    await results.getByRole("button", { name: `Save ${BOOK} to my library` }).click();
    await visible(page.getByText(`Saved to your library: ${BOOK}`));
    await visible(results.getByRole("button", { name: `Saved: ${BOOK} is in my library` }));

    await page.goto("/home");
    await visible(page.getByRole("heading", { level: 1, name: "Home" }));
    await visible(page.getByRole("list", { name: "Saved items" }).getByRole("link", { name: BOOK }));
    expect(errors).toEqual([]);
  });

  it("asks the copilot and gets a plan citing real catalog items", { timeout: 120_000 }, async () => {
    await openDiscover();
    const panel = page.getByRole("region", { name: "Learning copilot" });
    await panel.getByRole("textbox", { name: "Your question" }).fill(QUESTION);
    await page.keyboard.press("Enter");
    const log = panel.getByRole("list", { name: "Conversation with the copilot" });
    await visible(log.getByText(QUESTION));
    await visible(log.getByText(/^Here is a 2-week plan for SQL and data analysis/), 30_000);
    await visible(log.getByText(/^Week 1 \(/));
    await waitForPath(page, /[?&]c=\d+/);
    // Every cited number links to a catalog item, and the cited items are listed with one-click saves.
    const cited = log.getByRole("link", { name: /^Item \d+: / });
    expect(await cited.count()).toBeGreaterThanOrEqual(3);
    for (const href of await cited.evaluateAll((links) => links.map((a) => a.getAttribute("href")))) expect(href).toMatch(/^https:\/\//);
    await visible(log.getByRole("heading", { name: "Cited items" }));
    await visible(panel.getByRole("navigation", { name: "Past conversations" }).getByRole("button", { name: QUESTION }));
    expect(await accessibilityViolations(page)).toEqual([]);
    await atBothWidths(page, (label) => screenshot(page, `discover-copilot-${label}`));
    expect(errors).toEqual([]);
  });

  it("adds a cited item to a new draft collection from the chat", { timeout: 120_000 }, async () => {
    const log = page.getByRole("region", { name: "Learning copilot" }).getByRole("list", { name: "Conversation with the copilot" });
    const draft = `Copilot picks ${Date.now().toString(36)}`;
    await log
      .getByRole("button", { name: /^Add to collection: / })
      .first()
      .click();
    const dialog = page.getByRole("dialog", { name: /^Add “.+” to a collection$/ });
    await dialog.getByRole("textbox", { name: "New draft collection" }).fill(draft);
    expect(await accessibilityViolations(page)).toEqual([]);
    await dialog.getByRole("button", { name: "Create and add" }).click();
    await visible(log.getByText(new RegExp(`^Added .+ to “${draft}”\\.`)));
    await visible(log.getByRole("link", { name: "Open the collection" }));
    expect(errors).toEqual([]);
  });

  it("turns the answer into a draft collection and opens it", { timeout: 120_000 }, async () => {
    const log = page.getByRole("region", { name: "Learning copilot" }).getByRole("list", { name: "Conversation with the copilot" });
    await log.getByRole("button", { name: "Turn this into a collection" }).click();
    await visible(page.getByText(`Draft collection created: ${COLLECTION}`));
    await log.getByRole("link", { name: `Open the collection “${COLLECTION}”` }).click();
    await waitForPath(page, /^\/collaborative-network\/collections\/\d+\/Learn-SQL-and-data-analysis-in-2-weeks$/);
    await visible(page.getByRole("heading", { level: 1, name: COLLECTION }));
    await visible(page.getByText("Week 1").first());
    await screenshot(page, "discover-collection-1280");
    expect(errors).toEqual([]);
  });

  it("looks right at 390 wide too", { timeout: 120_000 }, async () => {
    await resize(page, PHONE);
    await openDiscover();
    await visible(page.getByRole("region", { name: "Trending in your company" }));
    expect(await accessibilityViolations(page)).toEqual([]);
    await screenshot(page, "discover-390");
    await resize(page, DESKTOP);
    await openDiscover();
    await visible(page.getByRole("region", { name: "Trending in your company" }));
    await screenshot(page, "discover-1280");
    expect(errors).toEqual([]);
  });

  it("keeps a result with a long unbroken link and description inside a phone's width", { timeout: 120_000 }, async () => {
    const run = Date.now().toString(36);
    const link = `https://learning.example/${"a-long-unbroken-path-segment/".repeat(4)}${run}`;
    const saved = await context.request.post("/api/contentuser/save/", {
      headers: OUR_ORIGIN,
      data: { url: link, title: `Unbroken ${run}`, description: link, fetch_metadata: false },
    });
    expect(saved.ok(), await saved.text()).toBe(true);
    await resize(page, PHONE);
    // The page's own address for a search (?q=): the result is found, not merely the newest item.
    await openDiscover(`?q=${encodeURIComponent(`Unbroken ${run}`)}`);
    await visible(page.getByRole("link", { name: `Unbroken ${run}` }));
    const widths = await page.evaluate(() => ({ scroll: document.scrollingElement!.scrollWidth, client: document.scrollingElement!.clientWidth }));
    expect(widths.scroll, "no sideways scrolling at 390").toBeLessThanOrEqual(widths.client);
    await resize(page, DESKTOP);
  });
});
