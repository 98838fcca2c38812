import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { join } from "node:path";
import { afterAll, beforeAll, expect } from "vitest";
import { chromium, type Browser, type BrowserContext, type Locator, type Page } from "playwright-core";
import { BASE_URL, DEMO_PASSWORD, DESKTOP, PHONE, SCREENSHOTS } from "./config.ts";

export * from "./config.ts";
export * from "./accounts.ts";

/** Debian's Chromium, headless; one launch per spec file. */
export function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: process.env.CHROMIUM_PATH || "/usr/bin/chromium",
    args: [
      "--headless",
      "--no-sandbox",
      "--disable-gpu",
      "--disable-quic",
      "--disable-background-networking",
      "--disable-component-update",
      "--disable-sync",
      "--no-first-run",
    ],
  });
}

/**
 * The spec file's one browser: launched before its first test, closed after its last. Call it at the
 * top of the file; `browser()` is that browser inside the tests.
 */
export function browserForThisFile(): () => Browser {
  let browser: Browser | undefined;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });
  return () => {
    if (!browser) throw new Error("the spec file's browser is not launched yet (use it inside a test or hook)");
    return browser;
  };
}

export interface Session {
  context: BrowserContext;
  page: Page;
  /** Uncaught exceptions and console errors the page produced. */
  errors: string[];
}

/**
 * A fresh browser context (own cookies) and page, recording the page's errors. Its accounts count as
 * having had their first visit, so the onboarding panel does not open by itself over the page under
 * test (the demo accounts are days old at most), unless `firstVisit` (shell.e2e.ts tests that opening).
 */
export async function openPage(browser: Browser, viewport = DESKTOP, { firstVisit = false } = {}): Promise<Session> {
  const context = await browser.newContext({ baseURL: BASE_URL, viewport });
  if (!firstVisit) {
    await context.addInitScript(() => {
      const getItem = Storage.prototype.getItem;
      Storage.prototype.getItem = function (this: Storage, key: string) {
        return getItem.call(this, key) ?? (key.startsWith("learnward_onboarding_shown:") ? "before this test" : null);
      };
    });
  }
  // A CSP violation (an eval probe caught in a try, say) logs nothing by itself: make it an error.
  await context.addInitScript(() =>
    document.addEventListener("securitypolicyviolation", (event) => console.error(`CSP violation: ${event.violatedDirective} (${event.blockedURI})`)),
  );
  const page = await context.newPage();
  // Some pages arrive rendered by the server (they carry its state) and answer once the browser has
  // hydrated them: like a person, wait for the page to respond before acting on it (apps/web/src/app/layout/PageOutlet.tsx).
  const whenReady = async <T>(navigation: Promise<T>): Promise<T> => {
    const response = await navigation;
    if ((await page.locator("#learnward-state").count()) === 0) return response;
    await page.locator("html[data-ready]").waitFor({ state: "attached", timeout: 30_000 });
    return response;
  };
  const goto = page.goto.bind(page);
  const reload = page.reload.bind(page);
  page.goto = (url, options) => whenReady(goto(url, options));
  page.reload = (options) => whenReady(reload(options));
  const errors: string[] = [];
  page.on("pageerror", (error) => errors.push(`pageerror: ${error.message}`));
  page.on("console", (message) => {
    // The browser logs every 4xx answer, and some specs provoke them on purpose.
    if (message.type() === "error" && !message.text().startsWith("Failed to load resource")) errors.push(`console: ${message.text()}`);
  });
  return { context, page, errors };
}

/** Signs in through the form, as a person would: the email first, then the password. */
export async function signInWithForm(page: Page, email: string, password = DEMO_PASSWORD): Promise<void> {
  if (!page.url().includes("/login")) await page.goto("/login");
  await page.getByLabel(/^Email/).fill(email);
  await page.getByRole("button", { name: "Continue", exact: true }).click();
  await page.getByLabel(/^Password/).fill(password);
  await page.getByRole("button", { name: "Sign in", exact: true }).click();
}

export async function visible(locator: Locator, timeout = 15_000): Promise<Locator> {
  await locator.waitFor({ state: "visible", timeout });
  return locator;
}

/**
 * Waits for the page's transitions and finite animations to end, as a person waits for a drawer to
 * finish sliding in before they size it up: measured mid-way, it is not yet where it will be.
 */
export async function settled(page: Page): Promise<void> {
  await page.evaluate(() =>
    Promise.all(
      document
        .getAnimations()
        .filter((animation) => animation.effect?.getComputedTiming().endTime !== Infinity)
        .map((animation) => animation.finished.catch(() => undefined)),
    ),
  );
}

/**
 * Waits for every toast to go. Toasts sit at top right, over the top bar's buttons, so a person waits
 * for them to go before reaching for a button under them. A pointer resting on a toast keeps it open:
 * the pointer is moved off first (to the page's corner, as a person moves the mouse aside).
 */
export async function toastsGone(page: Page): Promise<void> {
  await page.mouse.move(0, 0);
  await page.waitForFunction(() => !document.querySelector("#notistack-snackbar"), undefined, { timeout: 15_000 });
}

/**
 * Clicks `target`, which a toast may cover: an answer may bring a toast after the last has gone, and a
 * click that waits under it rests the pointer on it, which keeps it open. So: toasts gone (pointer
 * away), then a click that gives up soon, again until one lands.
 */
export async function clickPastToasts(page: Page, target: Locator): Promise<void> {
  await expect
    .poll(
      async () => {
        await toastsGone(page);
        return target
          .click({ timeout: 5_000 })
          .then(() => true)
          .catch(() => false);
      },
      { timeout: 60_000, interval: 100 },
    )
    .toBe(true);
}

/**
 * Waits until the page shows its content: its h1, and nothing in <main> still loading (a spinning
 * or sliding progress indicator, not a bar showing a plan's progress; a skeleton; a region marked busy). Answers how long that took from `since`
 * (performance.now() in the test), for the figures the browser suite prints.
 */
export async function contentShown(page: Page, since: number): Promise<number> {
  await visible(heading(page));
  const loading = '[role="progressbar"]:not([aria-valuenow]), .MuiSkeleton-root, [aria-busy="true"]';
  try {
    await page.waitForFunction(
      (selector) => [...(document.querySelector("main") ?? document.body).querySelectorAll(selector)].every((el) => el.getClientRects().length === 0),
      loading,
      { timeout: 15_000, polling: 16 },
    );
  } catch (error) {
    const left = await page.evaluate(
      (selector) =>
        [...(document.querySelector("main") ?? document.body).querySelectorAll(selector)]
          .filter((el) => el.getClientRects().length > 0)
          .map((el) => el.outerHTML.slice(0, 160)),
      loading,
    );
    throw new Error(`${page.url()} still loading after 15 s: ${left.join(" | ")}`, { cause: error });
  }
  return performance.now() - since;
}

/** The page's one h1, once it shows. */
export function heading(page: Page): Locator {
  return page.getByRole("heading", { level: 1 });
}

/**
 * Waits for the page's h1 to read `title`. Reading whatever h1 shows first races with client-side
 * navigation (the previous page's heading) and with loading states that carry their own title.
 */
/**
 * After a keyboard pick-up, dnd-kit's keyboard sensor starts listening for arrow keys in a
 * zero-delay timer, and Chromium runs queued input before timers: an arrow pressed before that
 * timer fires is lost. A zero-delay timer set now fires after the sensor's, so the next key is heard.
 */
export async function untilDragKeysHeard(page: Page): Promise<void> {
  await page.evaluate(() => new Promise((resolve) => setTimeout(resolve, 0)));
}

export async function expectHeading(page: Page, title: string): Promise<void> {
  await visible(page.getByRole("heading", { level: 1, name: title, exact: true }));
}

export async function waitForPath(page: Page, pathAndQuery: string | RegExp): Promise<void> {
  await page.waitForURL((url) => {
    const current = url.pathname + url.search;
    return typeof pathAndQuery === "string" ? current === pathAndQuery : pathAndQuery.test(current);
  });
}

export function mainMenu(page: Page): Locator {
  return page.getByRole("navigation", { name: "Main menu" });
}

/** The entries of the left drawer, as label → href. */
export async function menuEntries(page: Page): Promise<Map<string, string>> {
  const links = mainMenu(page).getByRole("link");
  await links.first().waitFor();
  const entries = new Map<string, string>();
  for (const link of await links.all()) {
    entries.set((await link.innerText()).trim(), (await link.getAttribute("href")) ?? "");
  }
  return entries;
}

/** Whether the page paints a frame within `timeout` ms (a pending evaluation is dropped, not awaited). */
async function paints(page: Page, timeout: number): Promise<boolean> {
  const frame = page.evaluate(() => new Promise<boolean>((resolve) => requestAnimationFrame(() => resolve(true)))).catch(() => false);
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<boolean>((resolve) => (timer = setTimeout(() => resolve(false), timeout)));
  try {
    return await Promise.race([frame, late]);
  } finally {
    clearTimeout(timer);
  }
}

/**
 * Headless Chromium now and then stops painting a page after a resize or while another window is in
 * front (a CI run and a local run saw it: a screenshot and a click's "stable" check each waited out
 * their timeout on a page that was otherwise fine). Bringing the page to the front makes it paint again.
 */
async function ensurePainting(page: Page, what: string): Promise<void> {
  if (await paints(page, 5_000)) return;
  console.warn(`[e2e] ${what}: no frame painted in 5 s, bringing the page to the front`);
  await page.bringToFront();
  if (!(await paints(page, 10_000))) throw new Error(`${what}: the page paints no frame`);
}

/** Resizes the page and waits for its first frame at the new size. */
export async function resize(page: Page, viewport: { width: number; height: number }): Promise<void> {
  await page.setViewportSize(viewport);
  await ensurePainting(page, `resize to ${viewport.width} wide`);
}

/**
 * Scrolls down the page a screen at a time and back to the top, as a person reading it would, so that
 * what draws as it is scrolled towards (charts) is drawn; then waits for the page to show its content.
 */
export async function readThrough(page: Page): Promise<void> {
  await page.evaluate(async () => {
    const frame = () => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)));
    for (let y = 0; y < document.documentElement.scrollHeight; y += window.innerHeight) {
      window.scrollTo(0, y);
      await frame();
    }
    window.scrollTo(0, 0);
    await frame();
  });
  await contentShown(page, performance.now());
}

/**
 * A full-page screenshot into e2e/artifacts/screenshots, for review. Cards far from the screen are not
 * drawn until it nears them (content-visibility), and a full-page picture would show them blank: for
 * the picture, everything is drawn, as a person scrolling down would see it.
 */
export async function screenshot(page: Page, name: string): Promise<void> {
  const drawAll = await page.addStyleTag({ content: "* { content-visibility: visible !important; }" });
  try {
    await ensurePainting(page, `screenshot ${name}`);
    await page.screenshot({ path: join(SCREENSHOTS, `${name}.png`), fullPage: true, animations: "disabled" });
  } finally {
    await drawAll.evaluate((style) => (style as Element).remove());
  }
}

const WIDTHS = [
  ["1280", DESKTOP],
  ["390", PHONE],
] as const;

/**
 * Runs `each` at 1280 and then 390 wide, and puts the page back to 1280 wide whatever happens (a
 * failure at 390 must not leave the next test on a phone-sized page).
 */
export async function atBothWidths(
  page: Page,
  each: (label: (typeof WIDTHS)[number][0], viewport: { width: number; height: number }) => Promise<void>,
): Promise<void> {
  try {
    for (const [label, viewport] of WIDTHS) {
      await resize(page, viewport);
      await each(label, viewport);
    }
  } finally {
    // Back to 1280 for the next step; a failure here must not hide the one that got us here.
    if (!page.isClosed()) await resize(page, DESKTOP).catch((error: unknown) => console.warn(`[e2e] back to 1280 wide: ${String(error)}`));
  }
}

const AXE_SOURCE = readFileSync(createRequire(import.meta.url).resolve("axe-core/axe.min.js"), "utf8");

/**
 * axe-core's serious and critical violations on the page as it is now (WCAG 2.x A and AA rules and
 * best practices), as "rule: target html" lines. Evaluated through the DevTools protocol, so the app's
 * Content-Security-Policy stays as it is.
 */
export async function accessibilityViolations(page: Page): Promise<string[]> {
  await page.waitForLoadState("networkidle");
  const first = await runAxe(page);
  if (!first.length) return first;
  // A page still settling (a spinner giving way, a toast fading) can fail for a moment: what still
  // fails a second later is what counts. The passing ones are printed for the record.
  await page.waitForTimeout(1500);
  const second = await runAxe(page);
  if (!second.length) console.warn(`[axe] ${page.url()}: passed on the second look; the first saw:\n  ${first.join("\n  ")}`);
  return second;
}

async function runAxe(page: Page): Promise<string[]> {
  if (!(await page.evaluate(() => "axe" in window))) await page.evaluate(AXE_SOURCE);
  const violations = await page.evaluate(async () => {
    const axe = (
      window as unknown as {
        axe: {
          run: (
            context: Document,
            options: object,
          ) => Promise<{ violations: { id: string; impact: string | null; nodes: { target: unknown[]; html: string; failureSummary?: string }[] }[] }>;
        };
      }
    ).axe;
    const result = await axe.run(document, {
      resultTypes: ["violations"],
      runOnly: { type: "tag", values: ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa", "best-practice"] },
    });
    return result.violations.map((v) => ({
      id: v.id,
      impact: v.impact,
      targets: v.nodes.map((n) => `${JSON.stringify(n.target)} ${n.html.slice(0, 160)} ${n.failureSummary ?? ""}`),
    }));
  });
  return violations.filter((v) => v.impact === "serious" || v.impact === "critical").flatMap((v) => v.targets.map((target) => `${v.id}: ${target}`));
}
