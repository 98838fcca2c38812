import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Browser, Locator, Page } from "playwright-core";
import {
  atBothWidths,
  launchBrowser,
  openPage,
  screenshot,
  signInWithApi,
  visible,
  waitForPath,
  type Session,
  expectHeading,
  untilDragKeysHeard,
} from "../support";

// The collaborative network end to end: a member builds a collection and asks to publish it, the
// L&D leader accepts it, the team leader assigns it to their team as a plan, the member completes it.
// One browser context per person for the whole file: sign-in is limited to 5 a minute per address.

let browser: Browser;
let member: Session;
let ldleader: Session;
let teamleader: Session;

const run = Date.now().toString(36);
const COLLECTION = `SQL joins and windows ${run}`;
const PLAN = `SQL for analysts ${run}`;
const DEADLINE = "2030-12-31";
let collectionUrl = "";

beforeAll(async () => {
  browser = await launchBrowser();
  member = await openPage(browser);
  ldleader = await openPage(browser);
  teamleader = await openPage(browser);
  await signInWithApi(member.context, "member@acme.test");
  await signInWithApi(ldleader.context, "ldleader@acme.test");
  await signInWithApi(teamleader.context, "teamleader@acme.test");
});
afterAll(async () => {
  await browser?.close();
});

/** Waits for a toast (notistack's alert) with this text. */
async function toast(page: Page, text: string | RegExp): Promise<void> {
  await visible(page.getByRole("alert").filter({ hasText: text }).first());
}

/**
 * Screenshots of the current page at 1280 and 390 wide (then back to 1280). The page is loaded
 * again at each width, as a person on that screen would see it (no half-finished resize).
 */
async function shoot(page: Page, name: string, ready: () => Promise<unknown>): Promise<void> {
  await atBothWidths(page, async (label) => {
    await page.reload();
    await ready();
    await screenshot(page, `network-${name}-${label}`);
  });
}

async function addLink(page: Page, url: string, itemTitle: string): Promise<void> {
  const panel = page.getByRole("region", { name: "Add content" });
  await panel.getByRole("textbox", { name: /^Link/ }).fill(url);
  await panel.getByRole("textbox", { name: /^Title/ }).fill(itemTitle);
  await panel.getByRole("button", { name: "Add", exact: true }).click();
  await visible(outlineItem(page, itemTitle), 30_000);
}

const outline = (page: Page) => page.getByRole("region", { name: "Sections and items" });
const outlineItem = (page: Page, itemTitle: string): Locator =>
  outline(page)
    .getByRole("listitem")
    .filter({ has: page.getByText(itemTitle, { exact: true }) });
const outlineTitles = (page: Page) => outline(page).getByRole("list").first().getByRole("listitem").allInnerTexts();

describe("collaborative network", () => {
  it("a member builds a collection with two links, orders it by keyboard and asks to publish it", async () => {
    const { page, errors } = member;
    await page.goto("/collaborative-network/library");
    await expectHeading(page, "Library");
    await visible(page.getByRole("tab", { name: "My collections", selected: true }));

    await page.getByRole("button", { name: "New collection" }).first().click();
    const dialog = await visible(page.getByRole("dialog", { name: "New collection" }));
    await dialog.getByRole("textbox", { name: /^Title/ }).fill(COLLECTION);
    await dialog.getByRole("textbox", { name: /^Description/ }).fill("From joins to window functions, in two reads.");
    const skills = dialog.getByRole("combobox", { name: "Skills" });
    await skills.fill("SQL");
    await skills.press("Enter");
    await visible(dialog.getByRole("button", { name: "sql" }));
    await dialog.getByRole("button", { name: "Create" }).click();

    await page.waitForURL((url) => url.pathname === "/collaborative-network/library" && url.searchParams.has("edit"));
    await visible(page.getByRole("heading", { level: 1, name: `Edit “${COLLECTION}”` }));
    await visible(page.getByText("Private", { exact: true }));

    await addLink(page, "https://learning.example/sql-joins", "SQL joins");
    await addLink(page, "https://learning.example/sql-windows", "SQL windows");
    expect(await outlineTitles(page)).toEqual([expect.stringContaining("SQL joins"), expect.stringContaining("SQL windows")]);

    // Keyboard drag and drop: space picks up, an arrow moves, space drops; the move is saved.
    await page.getByRole("button", { name: "Move SQL windows", exact: true }).focus();
    await page.keyboard.press("Space");
    // dnd-kit's live region (visually hidden) says what happens, in the person's language.
    await page.getByText(/Picked up SQL windows/).waitFor({ state: "attached" });
    await untilDragKeysHeard(page);
    await page.keyboard.press("ArrowUp");
    await page.getByText(/SQL windows moved to position 1 of 2/).waitFor({ state: "attached" });
    const [saved] = await Promise.all([
      page.waitForResponse((r) => r.request().method() === "PATCH" && /\/items\/\d+\/$/.test(new URL(r.url()).pathname)),
      page.keyboard.press("Space"),
    ]);
    expect(saved.ok()).toBe(true);
    await expect.poll(() => outlineTitles(page)).toEqual([expect.stringContaining("SQL windows"), expect.stringContaining("SQL joins")]);
    await page.reload();
    await visible(outlineItem(page, "SQL joins"));
    expect(await outlineTitles(page)).toEqual([expect.stringContaining("SQL windows"), expect.stringContaining("SQL joins")]);
    await shoot(page, "library-editor", () => visible(outlineItem(page, "SQL joins")));

    await page.getByRole("button", { name: "Request publishing" }).click();
    const ask = await visible(page.getByRole("dialog", { name: "Ask to publish this collection" }));
    await ask.getByRole("textbox", { name: /^Message for the L&D leader/ }).fill("Ready for the Engineering team.");
    await ask.getByRole("button", { name: "Send request" }).click();
    await toast(page, "Publish request sent");
    await visible(page.getByText("Pending review", { exact: true }));

    await page.getByRole("button", { name: "Back to my collections" }).click();
    await visible(page.getByRole("link", { name: COLLECTION }));
    await shoot(page, "library", () => visible(page.getByRole("link", { name: COLLECTION })));

    await page.goto("/collaborative-network/publishRequest");
    await expectHeading(page, "Publish requests");
    await visible(page.getByRole("link", { name: COLLECTION }));
    expect(errors).toEqual([]);
  });

  it("the L&D leader accepts it from the queue", async () => {
    const { page, errors } = ldleader;
    await page.goto("/collaborative-network/publishRequest");
    await visible(page.getByRole("tab", { name: "Queue to decide", selected: true }));
    const card = page.getByRole("article").filter({ has: page.getByRole("link", { name: COLLECTION }) });
    await visible(card.getByText("Ready for the Engineering team."));
    await shoot(page, "publish-requests-queue", () => visible(card));
    await card.getByRole("button", { name: `Accept ${COLLECTION}` }).click();
    await toast(page, `“${COLLECTION}” is now in the company library`);
    await visible(card.getByText("Accepted", { exact: true }));
    expect(errors).toEqual([]);
  });

  it("the team leader finds it among the learning paths and assigns it to their team", async () => {
    const { page, errors } = teamleader;
    await page.goto("/collaborative-network");
    await expectHeading(page, "Learning paths");
    await page.getByRole("textbox", { name: "Skill" }).fill("sql");
    await waitForPath(page, /[?&]skill=sql/);
    await page.getByRole("link", { name: COLLECTION }).click();
    await waitForPath(page, /^\/collaborative-network\/collections\/\d+\/SQL-joins-and-windows-/);
    collectionUrl = new URL(page.url()).pathname;
    await visible(page.getByRole("heading", { level: 1, name: COLLECTION }));

    await page.getByRole("button", { name: "Assign as plan" }).click();
    const dialog = await visible(page.getByRole("dialog", { name: "Assign an upskilling plan" }));
    expect(await dialog.getByRole("textbox", { name: /^Skill/ }).inputValue()).toBe("sql");
    await visible(dialog.getByRole("button", { name: COLLECTION }));
    await dialog.getByRole("textbox", { name: /^Plan title/ }).fill(PLAN);
    await dialog.getByLabel(/^Deadline/).fill(DEADLINE);
    await dialog.getByRole("combobox", { name: "Teams" }).click();
    await page.getByRole("option", { name: "Engineering" }).click();
    await dialog.getByRole("button", { name: "Assign plan" }).click();
    await toast(page, `Plan “${PLAN}” assigned`);
    await dialog.waitFor({ state: "hidden" });
    expect(errors).toEqual([]);
  });

  it("the member sees the plan in My tasks, opens its collection and marks both items done", async () => {
    const { page, errors } = member;
    await page.goto("/collaborative-network/myTasks");
    await expectHeading(page, "My tasks");
    const task = page.getByRole("article").filter({ has: page.getByRole("heading", { name: PLAN }) });
    await visible(task.getByText("Pending", { exact: true }));
    await visible(task.getByText("Due Dec 31, 2030"));
    await shoot(page, "my-tasks", () => visible(task));

    await task.getByRole("link", { name: COLLECTION }).click();
    await waitForPath(page, collectionUrl);
    await page.getByRole("button", { name: "Follow" }).click();
    await toast(page, "You follow this path");
    await visible(page.getByRole("button", { name: "Unfollow" }));
    await shoot(page, "collection", () => visible(page.getByRole("checkbox", { name: "Done: SQL joins" })));
    for (const item of ["SQL joins", "SQL windows"]) {
      const box = page.getByRole("checkbox", { name: `Done: ${item}` });
      const saved = page.waitForResponse((r) => r.request().method() === "POST" && new URL(r.url()).pathname.endsWith("/progress/"));
      await box.check();
      expect((await saved).ok()).toBe(true);
      expect(await box.isChecked()).toBe(true);
    }
    await visible(page.getByText(/Complete! You have done every item/));
    await visible(page.getByText("2 of 2 done"));

    await page.goto("/collaborative-network/myTasks");
    await visible(task.getByText("Completed", { exact: true }));
    await visible(task.getByText("2 of 2 done"));
    expect(errors).toEqual([]);
  });

  it("the team leader sees the member's plan completed among the plans they manage", async () => {
    const { page, errors } = teamleader;
    await page.goto("/collaborative-network/myTasks");
    await page.getByRole("tab", { name: "Plans I manage" }).click();
    await visible(page.getByRole("tab", { name: "Plans I manage", selected: true }));
    // The plan opens like an accordion: its button is named by the plan's title and figures.
    await page.getByRole("button", { name: new RegExp(`^${PLAN}`) }).click();
    const table = await visible(page.getByRole("table", { name: `Assignees of ${PLAN}` }));
    const row = table.getByRole("row").filter({ hasText: "Marco Bianchi" });
    await visible(row.getByText("Completed", { exact: true }));
    await visible(row.getByText("100% (2 of 2)"));
    // Screenshots with the plan opened, once the accordion has finished opening.
    await shoot(page, "plans-i-manage", async () => {
      await page.getByRole("button", { name: new RegExp(`^${PLAN}`) }).click();
      await visible(page.getByRole("table", { name: `Assignees of ${PLAN}` }));
      await page.waitForSelector(".MuiCollapse-entered");
    });
    expect(errors).toEqual([]);
  });

  it("the member finds the path's and the plan's certificates on their profile, downloads one and checks its public page", async () => {
    const { page, errors } = member;
    await page.goto("/home");
    await page.getByRole("link", { name: "View as colleagues see it" }).click();
    const certificates = page.getByRole("region", { name: "My certificates" });
    const plan = certificates.getByRole("listitem").filter({ hasText: PLAN });
    await visible(plan.getByText("Valid", { exact: true }));
    await visible(certificates.getByRole("listitem").filter({ hasText: COLLECTION }));
    const download = page.waitForEvent("download");
    await plan.getByRole("link", { name: `Download the certificate for ${PLAN} (PDF)` }).click();
    expect((await download).suggestedFilename()).toMatch(/^certificate-[A-Z0-9]{12}\.pdf$/);
    await plan.getByRole("link", { name: `Public page of the certificate for ${PLAN}` }).click();
    await waitForPath(page, /^\/verify\/[A-Z0-9]{12}$/);
    await expectHeading(page, "Certificate verification");
    await visible(page.getByText("This certificate is valid."));
    await visible(page.getByText(PLAN));
    await shoot(page, "certificate-verification", () => visible(page.getByText("This certificate is valid.")));
    expect(errors).toEqual([]);
  });

  it("hr revokes the plan's certificate from the member's profile with a reason, and its public page says so", async () => {
    const hr = await openPage(browser);
    await signInWithApi(hr.context, "hr@acme.test");
    const { page, errors } = hr;
    await page.goto("/profile/member");
    const certificates = page.getByRole("region", { name: "Certificates" });
    const plan = certificates.getByRole("listitem").filter({ hasText: PLAN });
    await plan.getByRole("button", { name: `Revoke the certificate for ${PLAN}` }).click();
    const dialog = page.getByRole("dialog", { name: `Revoke the certificate for ${PLAN}?` });
    await dialog.getByRole("textbox", { name: "Reason" }).fill("Completed on someone else's account");
    await dialog.getByRole("button", { name: "Revoke certificate" }).click();
    await visible(plan.getByText("Revoked", { exact: true }));
    await plan.getByRole("link", { name: `Public page of the certificate for ${PLAN}` }).click();
    await visible(page.getByText("This certificate has been revoked by the company that issued it."));
    expect(errors).toEqual([]);
    await hr.context.close();
  });

  it("every network page renders for the member at both widths", async () => {
    const { page, errors } = member;
    await page.goto("/collaborative-network");
    const following = page.getByRole("list", { name: "Paths I follow" });
    await visible(following.getByRole("link", { name: COLLECTION }));
    // The demo member follows paths of their own too: this one's bar.
    const mine = following.getByRole("listitem").filter({ has: page.getByRole("link", { name: COLLECTION }) });
    expect(await mine.getByRole("progressbar", { name: "My progress" }).getAttribute("aria-valuenow")).toBe("100");
    await shoot(page, "learning-paths", () => visible(page.getByRole("list", { name: "Company learning paths" }).getByRole("link", { name: COLLECTION })));
    await page.goto("/collaborative-network/publishRequest");
    await visible(page.getByRole("link", { name: COLLECTION }));
    // Other specs may have published collections of this member too: look at this one's request.
    const request = page.getByRole("article", { name: COLLECTION });
    await shoot(page, "publish-requests-mine", () => visible(request.getByText("Accepted", { exact: true })));
    // A stale slug is replaced by the title's.
    await page.goto(collectionUrl.replace(/\/[^/]+$/, "/old-title"));
    await waitForPath(page, collectionUrl);
    expect(errors).toEqual([]);
  });

  it("a curator adds an item of the company catalog, picked by keyboard, at both widths", async () => {
    const { page, errors } = ldleader;
    const KUBERNETES = "Kubernetes Pods, Deployments and Services Explained Simply";
    await atBothWidths(page, async (label) => {
      await page.goto("/collaborative-network/library");
      await expectHeading(page, "Library");
      await page.getByRole("button", { name: "New collection" }).first().click();
      const dialog = await visible(page.getByRole("dialog", { name: "New collection" }));
      await dialog.getByRole("textbox", { name: /^Title/ }).fill(`Catalog picks ${run} ${label}`);
      await dialog.getByRole("button", { name: "Create" }).click();
      await page.waitForURL((url) => url.pathname === "/collaborative-network/library" && url.searchParams.has("edit"));

      const panel = page.getByRole("region", { name: "Add content" });
      await panel.getByRole("tab", { name: "Company catalog" }).click();
      const search = panel.getByRole("combobox", { name: "Search the company catalog" });
      await search.fill("pods deployments");
      await visible(page.getByRole("option", { name: new RegExp(KUBERNETES) }));
      await search.press("ArrowDown");
      await search.press("Enter");
      await expect.poll(() => search.inputValue()).toBe(KUBERNETES);
      await screenshot(page, `network-catalog-pick-${label}`);
      await panel.getByRole("button", { name: "Add", exact: true }).click();
      await toast(page, "Added to the collection");
      await visible(outlineItem(page, KUBERNETES), 30_000);
    });
    expect(errors).toEqual([]);
  });
});
