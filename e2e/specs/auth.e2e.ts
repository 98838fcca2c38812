import { describe, expect, it } from "vitest";
import {
  accessibilityViolations,
  asAdmin,
  atBothWidths,
  codeFor,
  DEMO_ADMIN,
  DEMO_PASSWORD,
  expectHeading,
  heading,
  browserForThisFile,
  linkInMail,
  mainMenu,
  menuEntries,
  openPage,
  screenshot,
  signInWithApi,
  signInWithForm,
  totpCode,
  visible,
  waitForPath,
  OUR_ORIGIN,
} from "../support";

const browser = browserForThisFile();

describe("sign-in", () => {
  it("sends an unsigned visit to /home to /login", async () => {
    const { page, context, errors } = await openPage(browser());
    await page.goto("/home");
    await waitForPath(page, "/login?next=%2Fhome");
    expect(await visible(heading(page))).toBeTruthy();
    expect(await heading(page).innerText()).toBe("Sign in");
    expect(errors).toEqual([]);
    await context.close();
  });

  it("shows 'Email or password incorrect' for a wrong password", async () => {
    const { page, context } = await openPage(browser());
    await signInWithForm(page, "hr@acme.test", "not-the-password");
    const alert = await visible(page.getByRole("alert"));
    expect(await alert.innerText()).toContain("Email or password incorrect");
    await waitForPath(page, "/login");
    await context.close();
  });

  it("shows 'Invalid email' before the email step asks the server and 'Min length 6 characters' before the password is sent", async () => {
    const { page, context } = await openPage(browser());
    await page.goto("/login");
    await page.getByLabel(/^Email/).fill("nobody");
    await page.getByRole("button", { name: "Continue", exact: true }).click();
    await visible(page.getByText("Invalid email"));
    await page.getByLabel(/^Email/).fill("member@acme.test");
    await page.getByRole("button", { name: "Continue", exact: true }).click();
    await page.getByLabel(/^Password/).fill("123");
    await page.getByRole("button", { name: "Sign in", exact: true }).click();
    await visible(page.getByText("Min length 6 characters"));
    // The password step shows the address with a way back, fits a phone and passes axe.
    await visible(page.getByText("member@acme.test", { exact: true }));
    expect(await accessibilityViolations(page)).toEqual([]);
    await atBothWidths(page, async (label, viewport) => {
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(viewport.width);
      await screenshot(page, `login-password-step-${label}`);
    });
    await page.getByRole("button", { name: "Use another email" }).click();
    expect(await page.getByLabel(/^Email/).inputValue()).toBe("member@acme.test");
    await context.close();
  });

  it("shows the sign-in form before its code arrives, keeps what is typed and sends nothing until it answers", async () => {
    const { page, context, errors } = await openPage(browser());
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
    await email.fill("member@acme.test");
    // The server rendered it; its button waits for the browser, and Enter does not submit the form.
    expect(await page.locator("#learnward-state").count()).toBe(1);
    expect(await page.getByRole("button", { name: "Continue", exact: true }).isDisabled()).toBe(true);
    await email.press("Enter");
    release();
    await loaded;
    expect(await email.inputValue()).toBe("member@acme.test");
    expect(navigations).toHaveLength(1);
    // The email first; Acme has no single sign-on here, so the password comes next, focused.
    await page.getByRole("button", { name: "Continue", exact: true }).click();
    const password = page.getByLabel(/^Password/);
    await password.waitFor();
    expect(await password.evaluate((input) => input === document.activeElement)).toBe(true);
    await password.fill(DEMO_PASSWORD);
    await page.getByRole("button", { name: "Sign in", exact: true }).click();
    await waitForPath(page, "/home");
    expect(navigations.join(" ")).not.toContain(DEMO_PASSWORD);
    expect(errors).toEqual([]);
    await context.close();
  });

  it("returns to the page the user was going to", async () => {
    const { page, context, errors } = await openPage(browser());
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
  it("admin: the authenticator's code after the password, then the admin area and its own menu", async () => {
    // Admins must use two-factor sign-in: the admin's authenticator is set up (through the API) if no spec did yet.
    await asAdmin();
    const { page, context, errors } = await openPage(browser());
    await page.goto("/admin");
    await waitForPath(page, "/login?next=%2Fadmin");
    await signInWithForm(page, DEMO_ADMIN);
    await waitForPath(page, "/login/two-factor?next=%2Fadmin");
    await expectHeading(page, "Enter your sign-in code");
    const code = page.getByRole("textbox", { name: "Code from the app" });
    expect(await code.getAttribute("autocomplete")).toBe("one-time-code");
    expect(await accessibilityViolations(page)).toEqual([]);
    await atBothWidths(page, async (label, viewport) => {
      await expect.poll(() => page.evaluate(() => document.documentElement.scrollWidth), { timeout: 15_000 }).toBeLessThanOrEqual(viewport.width);
      await screenshot(page, `sign-in-code-${label}`);
    });
    await code.fill("000000");
    await page.getByRole("button", { name: "Verify", exact: true }).click();
    await visible(page.getByText("That code is not right. Check your authenticator app and try again."));
    await code.fill(await codeFor(DEMO_ADMIN));
    await page.getByRole("button", { name: "Verify", exact: true }).click();
    await waitForPath(page, "/admin");
    const menu = await menuEntries(page);
    expect([...menu.keys()]).toEqual(["Companies", "Budget management", "People management", "Mail outbox"]);
    // Platform admins belong to no company: the drawer shows the product's own branding.
    await visible(page.getByRole("img", { name: "Learnward logo" }));
    expect(errors).toEqual([]);
    await context.close();
  });

  it("hr: people management, no company budget", async () => {
    const { page, context } = await openPage(browser());
    await signInWithForm(page, "hr@acme.test");
    await waitForPath(page, "/home");
    const menu = await menuEntries(page);
    expect(menu.get("People management")).toBe("/peopleManagement");
    expect(menu.has("Company budget")).toBe(false);
    expect(menu.get("Home")).toBe("/home");
    await context.close();
  });

  it("ldleader: the company budget", async () => {
    const { page, context } = await openPage(browser());
    await signInWithForm(page, "ldleader@acme.test");
    await waitForPath(page, "/home");
    const menu = await menuEntries(page);
    expect(menu.get("Company budget")).toBe("/budgetingPlan/companyBudget");
    expect(menu.get("People management")).toBe("/peopleManagement");
    await context.close();
  });

  it("teamleader: people management leads to their own team", async () => {
    const { page, context } = await openPage(browser());
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
    const { page, context } = await openPage(browser());
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
    const { page, context, errors } = await openPage(browser());
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
    const { page, context, errors } = await openPage(browser());
    await page.goto("/login");
    await page.getByRole("link", { name: "Forgot your password?" }).click();
    await waitForPath(page, "/forgot-password");
    // The sign-in page stays up until the next one has loaded: type once the next one is there.
    await expectHeading(page, "Reset your password");
    await page.getByLabel(/^Email/).fill("member@globex.test");
    await page.getByRole("button", { name: "Send reset link" }).click();
    await visible(page.getByText("a link to reset the password is on its way"));

    // The dev outbox is the platform admin's to read.
    const link = await linkInMail("member@globex.test");
    await page.goto(link);
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

describe("two-factor sign-in", () => {
  it("is turned on in settings with the QR code's setup key, then asked for at sign-in", { timeout: 180_000 }, async () => {
    // Someone new, so no other test meets their second factor: invited into Acme by the platform admin.
    const email = `two-factor-${Date.now().toString(36)}@acme.test`;
    const password = "two-steps-42";
    const admin = await asAdmin();
    const acme = ((await (await admin.get("/api/b2b/v1/admin/companies/", { params: { search: "acme.test" } })).json()) as { results: { id: number }[] })
      .results[0]!;
    const invited = await admin.post(`/api/b2b/v1/admin/companies/${acme.id}/invitations/`, { headers: OUR_ORIGIN, data: { email, role: "member" } });
    expect(invited.status(), await invited.text()).toBe(201);
    const token = /\/invitation\/([A-Za-z0-9_-]+)/.exec(await linkInMail(email))?.[1];
    const { page, context, errors } = await openPage(browser());
    const accepted = await context.request.post(`/api/b2b/v1/invitations/${token}/accept`, { headers: OUR_ORIGIN, data: { name: "Tomás Two-Step", password } });
    expect(accepted.status(), await accepted.text()).toBe(201);
    await signInWithApi(context, email, password);

    await page.goto("/setting");
    // One section at a time: chosen in the page's own navigation.
    await page.getByRole("navigation", { name: "Settings sections" }).getByRole("link", { name: "Two-factor sign-in", exact: true }).click();
    await expectHeading(page, "Settings");
    const section = page.getByRole("region", { name: "Two-factor sign-in" });
    await visible(section.getByText("Off", { exact: true }));
    await section.getByRole("button", { name: "Turn on" }).click();
    await section.getByLabel(/^Password/).fill(password);
    await section.getByRole("button", { name: "Continue" }).click();
    await visible(section.getByRole("img", { name: "QR code that adds Learnward to an authenticator app" }));
    // A person who can't scan types the setup key into their app: the test's "app" does the same.
    const key = await section.getByRole("textbox", { name: "Setup key" }).inputValue();
    expect(key).toMatch(/^[A-Z2-7]{4}( [A-Z2-7]{1,4})+$/);
    expect(await accessibilityViolations(page)).toEqual([]);
    await atBothWidths(page, async (label, viewport) => {
      await section.getByRole("textbox", { name: "Setup key" }).scrollIntoViewIfNeeded();
      // Nothing wider than the screen, a long address included (the layout settles after a resize).
      await expect.poll(() => page.evaluate(() => document.documentElement.scrollWidth), { timeout: 15_000 }).toBeLessThanOrEqual(viewport.width);
      await screenshot(page, `settings-two-factor-scan-${label}`);
    });
    await section.getByRole("textbox", { name: "Code from the app" }).fill(await totpCode(key));
    await section.getByRole("button", { name: "Turn on" }).click();
    const codes = await visible(section.getByRole("list", { name: "Backup codes" }));
    expect(await codes.getByRole("listitem").count()).toBeGreaterThanOrEqual(8);
    await visible(section.getByText("On", { exact: true }));
    await atBothWidths(page, async (label) => {
      await codes.scrollIntoViewIfNeeded();
      await screenshot(page, `settings-two-factor-codes-${label}`);
    });
    await section.getByRole("button", { name: "I have saved my codes" }).click();
    await visible(section.getByRole("button", { name: "Turn off" }));

    // Signing in again asks for the code after the password.
    await page.getByRole("button", { name: "Account menu" }).click();
    await page.getByRole("menuitem", { name: "Log out" }).click();
    await waitForPath(page, "/login");
    await signInWithForm(page, email, password);
    await waitForPath(page, "/login/two-factor");
    await page.getByRole("textbox", { name: "Code from the app" }).fill(await totpCode(key));
    await page.getByRole("button", { name: "Verify", exact: true }).click();
    await waitForPath(page, "/home");
    expect(errors).toEqual([]);
    await context.close();
  });
});
