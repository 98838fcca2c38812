import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Browser, Page } from "playwright-core";
import { BASE_URL, resize, expectHeading, heading, launchBrowser, mainMenu, openPage, settled, signInWithApi, visible, waitForPath } from "../support";

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

/** Width of the drawer paper that holds the main menu. */
const drawerWidth = (page: Page) =>
  mainMenu(page).evaluate((nav) => Math.round((nav.parentElement ?? nav).getBoundingClientRect().width));

describe("left drawer", () => {
  it("is 300 wide, collapses to 73 and remembers it", async () => {
    const { page, context, errors } = await openPage(browser);
    await signInWithApi(context, "ldleader@acme.test");
    await page.goto("/home");
    await visible(mainMenu(page));
    expect(await drawerWidth(page)).toBe(300);
    await visible(page.getByRole("img", { name: "Acme logo" }));
    await visible(page.getByText("acme.test", { exact: true }));

    await page.getByRole("button", { name: "Collapse menu" }).click();
    await page.waitForFunction(() => {
      const nav = document.querySelector('nav[aria-label="Main menu"]');
      return nav?.parentElement?.getBoundingClientRect().width === 73;
    });
    expect(await drawerWidth(page)).toBe(73);
    // Collapsed entries keep their names for screen readers and keyboard users.
    await visible(mainMenu(page).getByRole("link", { name: "Discover" }));

    await page.reload();
    await visible(mainMenu(page));
    expect(await drawerWidth(page)).toBe(73);
    await page.getByRole("button", { name: "Expand menu" }).click();
    await page.waitForFunction(() => document.querySelector('nav[aria-label="Main menu"]')?.parentElement?.getBoundingClientRect().width === 300);
    expect(errors).toEqual([]);
    await context.close();
  });

  it("becomes a temporary drawer at 800px wide (and at 850px)", async () => {
    const { page, context, errors } = await openPage(browser, { width: 800, height: 900 });
    await signInWithApi(context, "ldleader@acme.test");
    await page.goto("/home");
    await visible(heading(page));
    expect(await mainMenu(page).count()).toBe(0);

    await page.getByRole("button", { name: "Open menu" }).click();
    const drawer = await visible(page.getByRole("dialog", { name: "Menu" }));
    expect(Math.round((await drawer.boundingBox())?.width ?? 0)).toBe(300);
    await drawer.getByRole("link", { name: "Discover" }).click();
    await waitForPath(page, "/discover");
    await page.getByRole("dialog", { name: "Menu" }).waitFor({ state: "hidden" });

    await resize(page, { width: 850, height: 900 });
    await visible(page.getByRole("button", { name: "Open menu" }));
    await resize(page, { width: 851, height: 900 });
    await visible(mainMenu(page));
    expect(errors).toEqual([]);
    await context.close();
  });
});

describe("languages", () => {
  it("switches to Spanish, stores NEXT_LOCALE and keeps it after a reload", async () => {
    const { page, context, errors } = await openPage(browser);
    await signInWithApi(context, "teamleader@acme.test");
    await page.goto("/collaborative-network/library");
    await expectHeading(page, "Library");

    await Promise.all([page.waitForEvent("load"), page.getByRole("button", { name: "Español" }).click()]);
    await waitForPath(page, "/collaborative-network/library");
    expect(await visible(page.getByRole("heading", { level: 1, name: "Biblioteca" })).then((h) => h.innerText())).toBe("Biblioteca");
    expect(await page.locator("html").getAttribute("lang")).toBe("es");
    await visible(page.getByRole("navigation", { name: "Menú principal" }).getByRole("link", { name: "Inicio" }));

    const cookie = (await context.cookies()).find((c) => c.name === "NEXT_LOCALE");
    expect(cookie?.value).toBe("es");
    expect(cookie?.path).toBe("/");
    expect(cookie?.expires ?? 0).toBeGreaterThan(Date.now() / 1000 + 300 * 24 * 3600);

    await page.reload();
    await visible(page.getByRole("heading", { level: 1, name: "Biblioteca" }));
    expect(await page.getByRole("button", { name: "Español" }).getAttribute("aria-pressed")).toBe("true");

    await Promise.all([page.waitForEvent("load"), page.getByRole("button", { name: "English" }).click()]);
    await visible(page.getByRole("heading", { level: 1, name: "Library" }));
    expect(errors).toEqual([]);
    await context.close();
  });

  it("shows the server's error codes translated", async () => {
    const { page, context } = await openPage(browser);
    await context.addCookies([{ name: "NEXT_LOCALE", value: "es", url: BASE_URL }]);
    await page.goto("/login");
    await page.getByLabel(/^Correo electrónico/).fill("member@acme.test");
    await page.getByLabel(/^Contraseña/).fill("wrong-password");
    await page.getByRole("button", { name: "Iniciar sesión", exact: true }).click();
    expect(await visible(page.getByRole("alert")).then((a) => a.innerText())).toContain("Correo electrónico o contraseña incorrectos");
    await context.close();
  });
});

describe("top bar", () => {
  it("opens the onboarding drawer from the help button", async () => {
    const { page, context, errors } = await openPage(browser);
    await signInWithApi(context, "teamleader@acme.test");
    await page.goto("/home");
    const help = await visible(page.getByRole("button", { name: "Help and onboarding" }));
    await page.waitForFunction(() => !document.querySelector('button[aria-label="Help and onboarding"]')?.hasAttribute("disabled"));
    await help.click();
    const drawer = await visible(page.getByRole("dialog", { name: "Your first week" }));
    await settled(page);
    expect((await drawer.boundingBox())?.width).toBeLessThanOrEqual(480);
    await drawer.getByRole("button", { name: "Close onboarding" }).click();
    await drawer.waitFor({ state: "hidden" });
    expect(errors).toEqual([]);
    await context.close();
  });

  it("saves the personal profile in settings", async () => {
    const { page, context, errors } = await openPage(browser);
    await signInWithApi(context, "hr@acme.test");
    await page.goto("/home");
    await page.getByRole("button", { name: "Account menu" }).click();
    await page.getByRole("menuitem", { name: "Settings" }).click();
    await waitForPath(page, "/setting");
    await visible(page.getByRole("heading", { name: "Personal Profile", level: 2 }));
    const name = page.getByLabel(/^Name/);
    await visible(name);
    await name.fill("Hana R. Test");
    await page.getByRole("button", { name: "Save profile" }).click();
    await visible(page.getByText("Profile saved"));
    await page.getByRole("button", { name: "Account menu" }).click();
    await visible(page.getByRole("menu").getByText("Hana R. Test"));
    expect(errors).toEqual([]);
    await context.close();
  });
});
