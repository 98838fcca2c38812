import { describe, expect, it } from "vitest";
import type { Page } from "playwright-core";
import { accessibilityViolations, atBothWidths, browserForThisFile, openPage, settled, signInWithApi, visible } from "../support";

// Mail per person: each person chooses how each kind reaches them by mail, and an email's
// unsubscribe link opens a page that works without signing in.
const browser = browserForThisFile();

/** Whether the page scrolls sideways (it must not, at 390 px either). */
async function scrollsSideways(page: Page): Promise<boolean> {
  await settled(page);
  return page.evaluate(() => {
    const root = document.scrollingElement ?? document.documentElement;
    return root.scrollWidth > root.clientWidth;
  });
}

describe("notification mail settings", () => {
  it("saves a kind's mail choice from Settings, which a reload keeps", async () => {
    const { page, context, errors } = await openPage(browser());
    await signInWithApi(context, "member@acme.test");
    await page.goto("/setting");
    // One section at a time: chosen in the page's own navigation.
    await page.getByRole("navigation", { name: "Settings sections" }).getByRole("link", { name: "Notifications", exact: true }).click();
    const section = page.getByRole("region", { name: "Notifications" });
    const choice = section.getByLabel("A plan is assigned to me");
    await visible(choice);
    await choice.selectOption({ label: "In a weekly digest" });
    await section.getByRole("button", { name: "Save notification settings" }).click();
    await visible(page.getByText("Notification settings saved"));

    await page.reload();
    await visible(page.getByRole("region", { name: "Notifications" }).getByLabel("A plan is assigned to me"));
    expect(await page.getByRole("region", { name: "Notifications" }).getByLabel("A plan is assigned to me").inputValue()).toBe("weekly");
    await atBothWidths(page, async (label) => {
      expect(await scrollsSideways(page), `settings at ${label}`).toBe(false);
      expect(await accessibilityViolations(page), `settings at ${label}`).toEqual([]);
    });
    expect(errors).toEqual([]);
    await context.close();
  });

  it("opens an unsubscribe link without signing in and refuses a forged one", async () => {
    const { page, context } = await openPage(browser());
    await page.goto("/unsubscribe/1~plan_assigned~forged");
    await visible(page.getByText("You will no longer get emails when this happens: A plan is assigned to me."));
    await atBothWidths(page, async (label) => {
      expect(await scrollsSideways(page), `unsubscribe at ${label}`).toBe(false);
      expect(await accessibilityViolations(page), `unsubscribe at ${label}`).toEqual([]);
    });
    await page.getByRole("button", { name: "Unsubscribe" }).click();
    await visible(page.getByRole("alert").getByText("This unsubscribe link is not valid. Sign in and choose your emails in Settings instead."));
    await context.close();
  });
});
