import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Browser } from "playwright-core";
import { launchBrowser, linkInMail, openPage, screenshot, signInWithForm, visible, waitForPath } from "../support";

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

describe("first-week onboarding (spec §4)", () => {
  it("a new member sees the panel, does a task, and sees it ticked", async () => {
    const { page, context, errors } = await openPage(browser);
    const email = `newcomer-${Date.now()}@acme.test`;
    const signUp = await context.request.post("/api/auth/sign-up/email", { data: { name: "Nadia Newcomer", email, password: "first-week" } });
    expect(signUp.ok()).toBe(true);
    // The address is proven through the mailed link before the account acts (issue 22).
    expect((await context.request.get(await linkInMail(email))).ok()).toBe(true);
    await context.clearCookies();
    await signInWithForm(page, email, "first-week");
    await waitForPath(page, "/home");

    await page.getByRole("button", { name: "Help and onboarding" }).click();
    const panel = await visible(page.getByRole("dialog", { name: "Your first week" }));
    await visible(panel.getByRole("heading", { name: "Discover" }));
    const save = panel.getByRole("button", { name: /Save your first content/ });
    await visible(save.getByRole("img", { name: "Not done yet" }));
    await screenshot(page, "onboarding-panel-1280");

    // The real action, as any client would do it: the server records the step.
    const saved = await context.request.post("/api/contentuser/save/", { data: { url: "https://learning.example/first-week", title: "My first save", fetch_metadata: false } });
    expect(saved.status()).toBe(201);

    await page.getByRole("button", { name: "Close onboarding" }).click();
    await page.getByRole("button", { name: "Help and onboarding" }).click();
    const again = await visible(page.getByRole("dialog", { name: "Your first week" }));
    await visible(again.getByRole("button", { name: /Save your first content/ }).getByRole("img", { name: "Done" }));
    await visible(again.getByText("1 of 2").first());

    // Choosing a done step keeps it as a guide on its page.
    await again.getByRole("button", { name: /Save your first content/ }).click();
    await waitForPath(page, "/home");
    await visible(page.getByRole("region", { name: "Guide: Save your first content" }));
    expect(errors).toEqual([]);
    await context.close();
  });
});
