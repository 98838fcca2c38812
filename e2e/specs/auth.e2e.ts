import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Browser } from "playwright-core";
import { DEMO_PASSWORD, expectHeading, heading, launchBrowser, mainMenu, menuEntries, openPage, signInWithForm, visible, waitForPath } from "../support";

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

describe("sign-in", () => {
  it("sends an unsigned visit to /home to /login", async () => {
    const { page, context, errors } = await openPage(browser);
    await page.goto("/home");
    await waitForPath(page, "/login?next=%2Fhome");
    expect(await visible(heading(page))).toBeTruthy();
    expect(await heading(page).innerText()).toBe("Sign in");
    expect(errors).toEqual([]);
    await context.close();
  });

  it("shows 'Email or password incorrect' for a wrong password", async () => {
    const { page, context } = await openPage(browser);
    await signInWithForm(page, "hr@acme.test", "not-the-password");
    const alert = await visible(page.getByRole("alert"));
    expect(await alert.innerText()).toContain("Email or password incorrect");
    await waitForPath(page, "/login");
    await context.close();
  });

  it("shows 'Invalid email' and 'Min length 6 characters' before calling the server", async () => {
    const { page, context } = await openPage(browser);
    await page.goto("/login");
    await page.getByLabel(/^Email/).fill("nobody");
    await page.getByLabel(/^Password/).fill("123");
    await page.getByRole("button", { name: "Sign in", exact: true }).click();
    await visible(page.getByText("Invalid email"));
    await visible(page.getByText("Min length 6 characters"));
    await context.close();
  });

  it("shows the sign-in form before its code arrives, keeps what is typed and sends nothing until it answers", async () => {
    const { page, context, errors } = await openPage(browser);
    let release = () => {};
    const released = new Promise<void>((resolve) => (release = resolve));
    // The app's code is held back, as on a slow phone network.
    await page.route(/\/assets\/.+\.js$/, async (route) => {
      await released;
      await route.continue();
    });
    const navigations: string[] = [];
    page.on("request", (request) => {
      if (request.isNavigationRequest()) navigations.push(`${request.method()} ${request.url()}`);
    });
    const loaded = page.goto("/login", { waitUntil: "commit" });
    const email = page.getByLabel(/^Email/);
    const password = page.getByLabel(/^Password/);
    await email.fill("member@acme.test");
    await password.fill(DEMO_PASSWORD);
    // The server rendered it; its button waits for the browser, and Enter does not submit the form.
    expect(await page.locator("#learnward-state").count()).toBe(1);
    expect(await page.getByRole("button", { name: "Sign in", exact: true }).isDisabled()).toBe(true);
    await password.press("Enter");
    release();
    await loaded;
    expect(await email.inputValue()).toBe("member@acme.test");
    expect(navigations).toHaveLength(1);
    await page.getByRole("button", { name: "Sign in", exact: true }).click();
    await waitForPath(page, "/home");
    expect(navigations.join(" ")).not.toContain(DEMO_PASSWORD);
    expect(errors).toEqual([]);
    await context.close();
  });

  it("returns to the page the user was going to", async () => {
    const { page, context, errors } = await openPage(browser);
    await page.goto("/discover");
    await waitForPath(page, "/login?next=%2Fdiscover");
    await signInWithForm(page, "member@acme.test");
    await waitForPath(page, "/discover");
    await expectHeading(page, "Discover");
    expect(errors).toEqual([]);
    await context.close();
  });
});

describe("the menu of each role", () => {
  it("admin: the admin area and its own menu", async () => {
    const { page, context, errors } = await openPage(browser);
    await signInWithForm(page, "admin@acme.test");
    await waitForPath(page, "/admin");
    const menu = await menuEntries(page);
    expect([...menu.keys()]).toEqual(["Companies", "Budget management", "People management"]);
    // Platform admins belong to no company: the drawer shows the product's own branding.
    await visible(page.getByRole("img", { name: "Learnward logo" }));
    expect(errors).toEqual([]);
    await context.close();
  });

  it("hr: people management, no company budget", async () => {
    const { page, context } = await openPage(browser);
    await signInWithForm(page, "hr@acme.test");
    await waitForPath(page, "/home");
    const menu = await menuEntries(page);
    expect(menu.get("People management")).toBe("/peopleManagement");
    expect(menu.has("Company budget")).toBe(false);
    expect(menu.get("Home")).toBe("/home");
    await context.close();
  });

  it("ldleader: the company budget", async () => {
    const { page, context } = await openPage(browser);
    await signInWithForm(page, "ldleader@acme.test");
    await waitForPath(page, "/home");
    const menu = await menuEntries(page);
    expect(menu.get("Company budget")).toBe("/budgetingPlan/companyBudget");
    expect(menu.get("People management")).toBe("/peopleManagement");
    await context.close();
  });

  it("teamleader: people management leads to their own team", async () => {
    const { page, context } = await openPage(browser);
    await signInWithForm(page, "teamleader@acme.test");
    await waitForPath(page, "/home");
    const me = (await (await context.request.get("/api/me")).json()) as { account: { team: { id: number } } };
    const menu = await menuEntries(page);
    expect(menu.get("People management")).toBe(`/peopleManagement/team/${me.account.team.id}`);
    expect(menu.has("Company budget")).toBe(false);
    await mainMenu(page).getByRole("link", { name: "People management" }).click();
    await waitForPath(page, `/peopleManagement/team/${me.account.team.id}`);
    await expectHeading(page, "Team Engineering");
    await context.close();
  });

  it("member: no people entries and no company budget", async () => {
    const { page, context } = await openPage(browser);
    await signInWithForm(page, "member@acme.test");
    await waitForPath(page, "/home");
    const menu = await menuEntries(page);
    expect(menu.has("People management")).toBe(false);
    expect(menu.has("Company budget")).toBe(false);
    expect(menu.get("My tasks")).toBe("/collaborative-network/myTasks");
    await page.goto("/budgetingPlan/companyBudget");
    await visible(page.getByRole("heading", { name: "You do not have access to this page" }));
    await context.close();
  });
});

describe("sign-out", () => {
  it("logs out from the user menu, returns to /login and forgets the session", async () => {
    const { page, context, errors } = await openPage(browser);
    await signInWithForm(page, "ldleader@acme.test");
    await waitForPath(page, "/home");
    await visible(page.getByRole("heading", { level: 1, name: "Home" }));
    await page.getByRole("button", { name: "Account menu" }).click();
    await page.getByRole("menuitem", { name: "Log out" }).click();
    await waitForPath(page, "/login");
    await visible(heading(page));
    await page.goto("/home");
    await waitForPath(page, "/login?next=%2Fhome");
    expect(errors).toEqual([]);
    await context.close();
  });
});

describe("password reset", () => {
  it("mails a link that sets a new password", async () => {
    const { page, context, errors } = await openPage(browser);
    await page.goto("/login");
    await page.getByRole("link", { name: "Forgot your password?" }).click();
    await waitForPath(page, "/forgot-password");
    // The sign-in page stays up until the next one has loaded: type once the next one is there.
    await expectHeading(page, "Reset your password");
    await page.getByLabel(/^Email/).fill("member@globex.test");
    await page.getByRole("button", { name: "Send reset link" }).click();
    await visible(page.getByText("a link to reset the password is on its way"));

    const outbox = (await (await context.request.get("/api/dev/outbox")).json()) as {
      results: Array<{ to: string; text: string }>;
    };
    const mail = outbox.results.find((message) => message.to.includes("member@globex.test"));
    const link = /https?:\/\/\S+/.exec(mail?.text ?? "")?.[0];
    expect(link, "reset link in the outbox").toBeTruthy();

    await page.goto(link!);
    await waitForPath(page, /^\/reset-password\?token=/);
    await expectHeading(page, "Choose a new password");
    await page.getByLabel(/^New password/).fill("a-new-password");
    await page.getByLabel(/^Repeat the new password/).fill("a-new-password");
    await page.getByRole("button", { name: "Save new password" }).click();
    await waitForPath(page, "/login?reset=done");
    await visible(page.getByText("Your password was changed"));
    await signInWithForm(page, "member@globex.test", "a-new-password");
    await waitForPath(page, "/home");
    expect(errors).toEqual([]);
    await context.close();
  });
});
