import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Browser, BrowserContext, Locator, Page } from "playwright-core";
import { DESKTOP, PHONE } from "../config";
import {
  atBothWidths,
  resize,
  launchBrowser,
  openPage,
  screenshot,
  signInWithApi,
  visible,
  waitForPath,
  expectHeading,
  OUR_ORIGIN,
  untilDragKeysHeard,
} from "../support";

// One signed-in member for the whole file: sign-in allows 5 attempts a minute per IP and email.
let browser: Browser;
let context: BrowserContext;
let page: Page;
let errors: string[];

beforeAll(async () => {
  browser = await launchBrowser();
  ({ context, page, errors } = await openPage(browser));
  await signInWithApi(context, "member@acme.test");
});
afterAll(async () => {
  await context?.close();
  await browser?.close();
});

// Unique per run, so a re-run against the same database does not meet its own saves.
const run = Date.now().toString(36);
const ARTICLE_URL = `https://learning.example/sql-window-functions-${run}`;
const ARTICLE_TITLE = `SQL window functions in practice ${run}`;
const COURSE_URL = `https://www.coursera.org/learn/e2e-sql-${run}`;
const COURSE_TITLE = `E2E SQL course ${run}`;

async function openHome(query = ""): Promise<void> {
  await page.goto(`/home${query}`);
  await visible(page.getByRole("heading", { level: 1, name: "Home" }));
}

/** Opens the add-content dialog, reads the page (unreachable offline) and saves it under the typed title. */
async function saveLink(url: string, title: string): Promise<Locator> {
  await page.getByRole("button", { name: "Add content" }).first().click();
  const dialog = await visible(page.getByRole("dialog", { name: "Add content" }));
  await dialog.getByLabel(/^Link/).fill(url);
  await dialog.getByRole("button", { name: "Read page" }).click();
  // The host does not resolve: the preview says so, and the person types the title.
  await visible(dialog.getByText("We couldn't read this page", { exact: false }), 30_000);
  await dialog.getByLabel(/^Title/).fill(title);
  await dialog.getByRole("button", { name: "Save to my library" }).click();
  await dialog.waitFor({ state: "hidden" });
  return dialog;
}

const savedItems = () => page.getByRole("list", { name: "Saved items" });

/** Opens an item's menu and picks an entry. */
async function itemAction(title: string, action: string): Promise<void> {
  await page.getByRole("button", { name: `Actions for ${title}` }).click();
  await page.getByRole("menuitem", { name: action }).click();
}

describe("personal library", () => {
  it("saves a link whose page can't be read and finds it by search", async () => {
    await openHome();
    await saveLink(ARTICLE_URL, ARTICLE_TITLE);
    await visible(page.getByText("Saved to your library"));
    await visible(savedItems().getByRole("link", { name: ARTICLE_TITLE }));
    await visible(page.getByRole("tab", { name: /^Articles [1-9]/ }));

    // A leading # is stripped by the server (spec §5).
    // My own library's search box offers my tags as a list: a combobox.
    await page.getByRole("combobox", { name: "Search my library" }).fill(`#window functions ${run}`);
    await waitForPath(page, /[?&]q=/);
    await visible(page.getByText(/^1 item matches/));
    expect(await savedItems().getByRole("listitem").count()).toBe(1);
    await visible(savedItems().getByRole("link", { name: ARTICLE_TITLE }));

    await page.getByRole("combobox", { name: "Search my library" }).fill(`nothing-like-this-${run}`);
    await visible(page.getByText("Nothing matches this search"));
    expect(errors).toEqual([]);
  });

  it("on a phone, answers the first tap and the first keys in the list below the first screen", async () => {
    // On a phone the list hydrates when it comes into view or the person first acts on the page, not
    // with the page (app/hydrateWhenSeen.tsx): its server-drawn controls must answer that first act.
    await resize(page, PHONE);
    try {
      await openHome();
      await page.getByRole("button", { name: `Actions for ${ARTICLE_TITLE}` }).click();
      await visible(page.getByRole("menuitem", { name: "Edit" }));
      await page.keyboard.press("Escape");

      await openHome();
      await page.getByRole("button", { name: `Actions for ${ARTICLE_TITLE}` }).focus();
      await page.keyboard.press("Enter");
      await visible(page.getByRole("menuitem", { name: "Edit" }));
      await page.keyboard.press("Escape");
    } finally {
      await resize(page, DESKTOP);
    }
    expect(errors).toEqual([]);
  });

  it("opens a saved article on its own page: marks it done, tags it and keeps a note, all still there after a reload", async () => {
    await openHome();
    await savedItems().getByRole("link", { name: ARTICLE_TITLE }).click();
    await waitForPath(page, /^\/home\/item\/\d+$/);
    await expectHeading(page, ARTICLE_TITLE);

    await page.getByRole("button", { name: `Status of “${ARTICLE_TITLE}”: No status` }).click();
    await page.getByRole("menuitemradio", { name: "Done" }).click();
    await visible(page.getByRole("button", { name: `Status of “${ARTICLE_TITLE}”: Done` }));

    const tag = `e2e-${run}`;
    const tags = page.getByRole("combobox", { name: "Tags" });
    await tags.fill(tag);
    await tags.press("Enter");
    await visible(page.getByRole("button", { name: tag }));

    const notes = page.getByRole("region", { name: "Notes" });
    await notes.getByRole("button", { name: "Add a note" }).click();
    await notes.getByRole("textbox", { name: "Note" }).fill("## Takeaway\n\nRank rows **within** a partition.");
    await notes.getByRole("button", { name: "Save note" }).click();
    await visible(notes.getByRole("heading", { name: "Takeaway" }));

    await page.reload();
    await expectHeading(page, ARTICLE_TITLE);
    await visible(page.getByRole("button", { name: `Status of “${ARTICLE_TITLE}”: Done` }));
    await visible(page.getByRole("button", { name: tag }));
    await visible(page.getByRole("region", { name: "Notes" }).getByRole("heading", { name: "Takeaway" }));
    expect(errors).toEqual([]);
  });

  it("saves a course to the wishlist and moves it to running, then finalized", async () => {
    await openHome();
    await saveLink(COURSE_URL, COURSE_TITLE);
    await visible(page.getByText("Saved: the course starts on your wishlist"));

    await page.getByRole("tab", { name: /^Courses/ }).click();
    await page.getByRole("button", { name: /^Wishlist/ }).click();
    await visible(page.getByRole("button", { name: /^Wishlist [1-9]/, pressed: true }));
    await visible(savedItems().getByRole("link", { name: COURSE_TITLE }));
    // The demo member has courses running already: once this one is finalized, as many run as now.
    const running = Number(/Running\s*(\d+)/.exec(await page.getByRole("button", { name: /^Running \d/ }).innerText())?.[1]);

    await itemAction(COURSE_TITLE, "Move to running");
    await visible(page.getByText(`“${COURSE_TITLE}” is now running`));
    await page.getByRole("button", { name: /^Running/ }).click();
    await visible(page.getByRole("button", { name: /^Running [1-9]/, pressed: true }));
    await visible(savedItems().getByRole("link", { name: COURSE_TITLE }));

    await itemAction(COURSE_TITLE, "Move to finalized");
    await visible(page.getByText(`“${COURSE_TITLE}” is finalized`));
    await page.getByRole("button", { name: /^Finalized/ }).click();
    await visible(savedItems().getByRole("link", { name: COURSE_TITLE }));
    await visible(page.getByRole("button", { name: new RegExp(`^Running ${running}(\\D|$)`) }));
    expect(errors).toEqual([]);
  });

  it("keeps a folder's order after reordering by keyboard", async () => {
    const folderName = `Reading order ${run}`;
    // The server draws the folders tab; its code arriving late must not leave the drawn buttons
    // unanswering once the page says it is ready (a click on them would be lost).
    const lateCode = /\/assets\/FoldersPanel-[\w-]+\.js$/;
    await page.route(lateCode, async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 2_000));
      await route.continue();
    });
    await openHome("?tab=folders");
    await page.getByRole("button", { name: "New folder" }).first().click();
    const nameDialog = await visible(page.getByRole("dialog", { name: "New folder" }));
    await page.unroute(lateCode);
    await nameDialog.getByLabel(/^Folder name/).fill(folderName);
    await nameDialog.getByRole("button", { name: "Create" }).click();
    await visible(page.getByRole("heading", { level: 2, name: folderName }));

    // Three items: one of my library, two new links.
    await page.getByRole("button", { name: "Add item" }).click();
    const addDialog = await visible(page.getByRole("dialog", { name: `Add to ${folderName}` }));
    // The list answers the search once typing pauses, replacing the one before: a click on an item
    // of the list being replaced is lost, as a person's would be. Wait for the search's answer, shown.
    const searched = page.waitForResponse((response) => response.request().method() === "GET" && response.url().includes(run));
    await addDialog.getByRole("searchbox", { name: "Search my library" }).fill(run);
    await searched;
    const results = addDialog.getByRole("list", { name: "Items of my library" }).getByRole("listitem");
    await expect.poll(async () => (await results.count()) > 0 && (await results.allInnerTexts()).every((text) => text.includes(run))).toBe(true);
    await addDialog.getByRole("button", { name: `Add ${ARTICLE_TITLE}` }).click();
    await visible(addDialog.getByRole("button", { name: `${ARTICLE_TITLE} added` }));
    await addDialog.getByRole("tab", { name: "New link" }).click();
    for (const step of ["Second", "Third"]) {
      await addDialog.getByLabel(/^Link/).fill(`https://learning.example/${step.toLowerCase()}-${run}`);
      await addDialog.getByLabel(/^Title/).fill(`${step} step ${run}`);
      await addDialog.getByRole("button", { name: "Add link" }).click();
      await visible(page.getByText(`“${step} step ${run}” added to ${folderName}`));
    }
    await addDialog.getByRole("button", { name: "Done" }).click();
    await addDialog.waitFor({ state: "hidden" });

    const items = page.getByRole("list", { name: "Items: Not in a section" });
    const order = async () => (await items.getByRole("heading", { level: 3 }).allInnerTexts()).map((text) => text.trim());
    const initial = [ARTICLE_TITLE, `Second step ${run}`, `Third step ${run}`];
    await expect.poll(order, { timeout: 15_000 }).toEqual(initial);

    // Keyboard reordering: focus the handle, Space to pick up, ArrowDown, Space to drop.
    const saved = page.waitForResponse((r) => r.request().method() === "PATCH" && r.url().includes("/api/user/folder_relation/"));
    await page.getByRole("button", { name: `Reorder ${ARTICLE_TITLE}` }).focus();
    await page.keyboard.press("Space");
    await page.getByText(`Picked up ${ARTICLE_TITLE}`, { exact: false }).waitFor({ state: "attached" });
    await untilDragKeysHeard(page);
    await page.keyboard.press("ArrowDown");
    await page.getByText(`${ARTICLE_TITLE} is over position 2 of 3`, { exact: false }).waitFor({ state: "attached" });
    await page.keyboard.press("Space");
    const answer = await saved;
    expect(answer.status()).toBe(200);
    expect(answer.request().postDataJSON()).toEqual({ priority: 2 });
    const moved = [`Second step ${run}`, ARTICLE_TITLE, `Third step ${run}`];
    await expect.poll(order).toEqual(moved);

    await page.reload();
    await visible(page.getByRole("heading", { level: 2, name: folderName }));
    await expect.poll(order, { timeout: 15_000 }).toEqual(moved);

    // Deleting the article from the library takes it out of the folder; Undo puts it back in its place.
    const folderAddress = page.url();
    await openHome(`?q=${encodeURIComponent(ARTICLE_TITLE)}`);
    await page.getByRole("button", { name: `Actions for ${ARTICLE_TITLE}` }).click();
    await page.getByRole("menuitem", { name: "Delete" }).click();
    await visible(page.getByText(`“${ARTICLE_TITLE}” deleted`));
    await page.getByRole("button", { name: "Undo" }).click();
    await visible(page.getByText(`“${ARTICLE_TITLE}” is back in your library`));
    await page.goto(folderAddress);
    await visible(page.getByRole("heading", { level: 2, name: folderName }));
    await expect.poll(order, { timeout: 15_000 }).toEqual(moved);
    expect(errors).toEqual([]);
  });

  it("shows the library as colleagues see it, and a clear not-found for an unknown colleague", async () => {
    await openHome();
    await page.getByRole("link", { name: "View as colleagues see it" }).click();
    await waitForPath(page, "/profile/member");
    await expectHeading(page, "Saved by @member");
    await visible(savedItems().getByRole("link", { name: ARTICLE_TITLE }));
    expect(await page.getByRole("button", { name: /^Actions for/ }).count()).toBe(0);

    await page.goto("/profile/nobody-here");
    await expectHeading(page, "Colleague not found");
  });

  it("fits a folder with sections, long titles and long links on a phone: no sideways scroll, every menu on screen", async () => {
    // At 390 wide a section's items ran 471 px wide and pushed their menus off screen.
    const api = context.request;
    const created = await api.post("/api/user/folder", { headers: OUR_ORIGIN, data: { name: `Long reads ${run}` } });
    expect(created.status()).toBe(201);
    const folder = (await created.json()) as { id: number };
    const section = (await (
      await api.post(`/api/user/folder/${folder.id}/section`, { headers: OUR_ORIGIN, data: { name: `Further reading ${run}` } })
    ).json()) as { id: number };
    const link = (n: number) => `https://learning.example/${"an-unbroken-path-segment-that-runs-long/".repeat(3)}${n}-${run}`;
    let n = 0;
    for (const id_section of [null, section.id, section.id]) {
      n += 1;
      // A title that is itself a long link, and an author with no place to break.
      const data = { id_folder: folder.id, id_section, url: link(n), title: link(n), author: `Author${"x".repeat(70)}`, content_type: "article" };
      expect((await api.post("/api/user/folder_relation/create_content/", { headers: OUR_ORIGIN, data })).status()).toBe(201);
    }
    await atBothWidths(page, async (label, viewport) => {
      await openHome(`?tab=folders&folder=${folder.id}`);
      const lists = [page.getByRole("list", { name: "Items: Not in a section" }), page.getByRole("list", { name: `Items: Further reading ${run}` })];
      for (const list of lists) await visible(list.getByRole("listitem").first());
      expect(await page.evaluate(() => ({ scroll: document.documentElement.scrollWidth, client: document.documentElement.clientWidth }))).toEqual({
        scroll: viewport.width,
        client: viewport.width,
      });
      const menus = page.getByRole("button", { name: /^Folder actions for https:\/\/learning\.example\/an-unbroken/ });
      expect(await menus.count()).toBe(3);
      for (const menu of await menus.all()) {
        const box = (await menu.boundingBox())!;
        expect({ label, left: box.x >= 0, right: box.x + box.width <= viewport.width }).toEqual({ label, left: true, right: true });
      }
      // The menu opens on screen too.
      await menus.last().click();
      const moveTo = await visible(page.getByRole("menuitem", { name: "Move to Not in a section" }));
      const item = (await moveTo.boundingBox())!;
      expect(item.x + item.width).toBeLessThanOrEqual(viewport.width);
      await page.keyboard.press("Escape");
      await screenshot(page, `member-home-folder-long-items-${label}`);
    });
    expect(errors).toEqual([]);
  });

  it("is captured at 1280 and 390 wide", async () => {
    await atBothWidths(page, async (label) => {
      await openHome();
      await visible(savedItems().getByRole("link", { name: ARTICLE_TITLE }));
      await screenshot(page, `member-home-library-${label}`);
      await page.getByRole("tab", { name: "Folders" }).click();
      await visible(page.getByRole("navigation", { name: "Folders" }));
      await page
        .getByRole("navigation", { name: "Folders" })
        .getByRole("button", { name: /^Reading order/ })
        .click();
      await visible(page.getByRole("list", { name: "Items: Not in a section" }).getByRole("listitem").first());
      await screenshot(page, `member-home-folders-${label}`);
    });
    expect(errors).toEqual([]);
  });
});
