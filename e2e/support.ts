import { createHash } from "node:crypto";
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { base32 } from "@better-auth/utils/base32";
import { createOTP } from "@better-auth/utils/otp";
import { afterAll, beforeAll } from "vitest";
import { chromium, request, type APIRequestContext, type Browser, type BrowserContext, type Locator, type Page } from "playwright-core";

export const BASE_URL = process.env.E2E_BASE_URL ?? "http://127.0.0.1:3000";
/**
 * What a page of ours puts on every write it sends: its Origin (Chromium always does). Playwright's API
 * requests send none, and the server refuses a write carrying our session cookie that does not say it
 * comes from our own page; so every API call made with a browser's cookies carries this.
 */
export const OUR_ORIGIN = { origin: BASE_URL };
export const DEMO_PASSWORD = "learnward-demo";
export const DEMO_ADMIN = "admin@acme.test";
export const SCREENSHOTS = join(dirname(fileURLToPath(import.meta.url)), "artifacts/screenshots");
mkdirSync(SCREENSHOTS, { recursive: true });

export const DESKTOP = { width: 1280, height: 800 };
export const PHONE = { width: 390, height: 844 };

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

// ---- Two-factor sign-in ----

/**
 * The authenticators this run set up, email → otpauth:// URI, so that every spec file can answer the
 * code of an account another file set up (the demo admin must set one up on first sign-in). Kept in
 * the run's own folder (e2e/run.mjs sets E2E_STATE_DIR), else in the temporary folder by server address.
 */
const AUTHENTICATORS = join(
  process.env.E2E_STATE_DIR ?? join(tmpdir(), `learnward-e2e-${createHash("sha256").update(BASE_URL).digest("hex").slice(0, 12)}`),
  "authenticators.json",
);

function authenticators(): Record<string, string> {
  try {
    return JSON.parse(readFileSync(AUTHENTICATORS, "utf8")) as Record<string, string>;
  } catch {
    return {};
  }
}

export function rememberAuthenticator(email: string, totpURI: string): void {
  mkdirSync(dirname(AUTHENTICATORS), { recursive: true });
  writeFileSync(AUTHENTICATORS, JSON.stringify({ ...authenticators(), [email]: totpURI }));
}

/** The code an authenticator app shows now, for an otpauth:// URI or a setup key as a person types it ("JBSW Y3DP …"). */
export function totpCode(uriOrKey: string): Promise<string> {
  const secret = uriOrKey.startsWith("otpauth://") ? new URL(uriOrKey).searchParams.get("secret") : uriOrKey.replace(/\s+/g, "");
  if (!secret) throw new Error(`no secret in ${uriOrKey}`);
  return createOTP(base32.decode(secret)).totp();
}

/** The current code of the authenticator this run set up for `email`. */
export function codeFor(email: string): Promise<string> {
  const uri = authenticators()[email];
  if (!uri) throw new Error(`${email} asks for a second factor, and no authenticator for it was set up in this run (${AUTHENTICATORS})`);
  return totpCode(uri);
}

async function ok(response: Awaited<ReturnType<APIRequestContext["post"]>>, what: string): Promise<void> {
  if (!response.ok()) throw new Error(`${what}: ${response.status()} ${await response.text()}`);
}

/**
 * Signs in through the API as a person would: with the authenticator's code when asked for one, and
 * setting an authenticator up (remembered for later files) when their role requires it and they
 * have none yet. Waits out (Retry-After) a sign-in rate limit left by other spec files.
 */
export async function signInRequest(api: APIRequestContext, email: string, password = DEMO_PASSWORD): Promise<void> {
  for (let attempt = 0; attempt < 3; attempt++) {
    const response = await api.post("/api/auth/sign-in/email", { headers: OUR_ORIGIN, data: { email, password } });
    if (response.ok()) {
      if (((await response.json()) as { twoFactorRedirect?: boolean }).twoFactorRedirect) {
        await ok(
          await api.post("/api/auth/two-factor/verify-totp", { headers: OUR_ORIGIN, data: { code: await codeFor(email) } }),
          `second factor of ${email}`,
        );
        return;
      }
      const me = (await (await api.get("/api/me")).json()) as { account: { two_factor: { enabled: boolean; required: boolean } } };
      if (me.account.two_factor.required && !me.account.two_factor.enabled) await setUpTwoFactor(api, email, password);
      return;
    }
    if (response.status() !== 429) throw new Error(`sign-in as ${email} failed: ${response.status()} ${await response.text()}`);
    const wait = Number(response.headers()["retry-after"] ?? "30");
    await new Promise((resolve) => setTimeout(resolve, Math.min(wait, 60) * 1000 + 500));
  }
  throw new Error(`sign-in as ${email} kept being rate limited`);
}

/** Turns on two-factor sign-in for the signed-in `api`, as the settings page does, and remembers the authenticator. */
async function setUpTwoFactor(api: APIRequestContext, email: string, password: string): Promise<void> {
  const enabled = await api.post("/api/auth/two-factor/enable", { headers: OUR_ORIGIN, data: { password } });
  await ok(enabled, `setting up two-factor for ${email}`);
  const { totpURI } = (await enabled.json()) as { totpURI: string };
  await ok(
    await api.post("/api/auth/two-factor/verify-totp", { headers: OUR_ORIGIN, data: { code: await totpCode(totpURI) } }),
    `confirming two-factor for ${email}`,
  );
  rememberAuthenticator(email, totpURI);
}

/** Signs in through the API (same cookie jar as the page), for tests about something else. */
export function signInWithApi(context: BrowserContext, email: string, password = DEMO_PASSWORD): Promise<void> {
  return signInRequest(context.request, email, password);
}

let adminApi: Promise<APIRequestContext> | undefined;

/**
 * API calls as the demo platform admin, signed in once per spec file (sign-in allows 5 tries a
 * minute per person): the dev outbox, for one, is theirs alone to read.
 */
export function asAdmin(): Promise<APIRequestContext> {
  adminApi ??= request.newContext({ baseURL: BASE_URL }).then(async (api) => {
    await signInRequest(api, DEMO_ADMIN);
    return api;
  });
  return adminApi;
}

export interface OutboxMail {
  to: string;
  subject: string;
  text: string;
}

/** The dev outbox, newest first, read as the platform admin. */
export async function readOutbox(pageSize = 50): Promise<OutboxMail[]> {
  const response = await (await asAdmin()).get("/api/dev/outbox/", { params: { page_size: pageSize } });
  await ok(response, "reading the dev outbox");
  return ((await response.json()) as { results: OutboxMail[] }).results;
}

/**
 * The dev outbox once `ready` holds for it, waiting up to 10 s: mail leaves through a job (issue
 * 25), so it arrives a moment after the answer that queued it.
 */
export async function outboxWhen(ready: (mails: OutboxMail[]) => boolean, what: string): Promise<OutboxMail[]> {
  const deadline = Date.now() + 10_000;
  for (;;) {
    const mails = await readOutbox();
    if (ready(mails)) return mails;
    if (Date.now() > deadline) throw new Error(`the outbox did not show ${what} within 10 s`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

/** The first link of the newest mail to `to`, waiting up to 10 s for it to arrive. */
export async function linkInMail(to: string, subject?: RegExp): Promise<string> {
  const deadline = Date.now() + 10_000;
  for (;;) {
    const mail = (await readOutbox()).find((message) => message.to === to && (!subject || subject.test(message.subject)));
    const link = /https?:\/\/\S+/.exec(mail?.text ?? "")?.[0];
    if (link) return link;
    if (Date.now() > deadline) throw new Error(`no mail with a link to ${to} within 10 s`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

/**
 * Follows the confirmation mail to `email` and chooses `password` on the page it opens, as the
 * address's owner does: choosing the password there is what confirms the address.
 */
export async function confirmAddress(api: APIRequestContext, email: string, password: string): Promise<void> {
  const followed = await api.get(await linkInMail(email, /Confirm|Confirma/), { maxRedirects: 0 });
  const token = new URL(followed.headers()["location"] ?? "/", BASE_URL).searchParams.get("token");
  const chosen = await api.post("/api/auth/reset-password", { headers: OUR_ORIGIN, data: { token, newPassword: password } });
  if (!chosen.ok()) throw new Error(`confirming ${email} failed: ${chosen.status()} ${await chosen.text()}`);
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

/** The page's one h1, once it shows. */
export function heading(page: Page): Locator {
  return page.getByRole("heading", { level: 1 });
}

/**
 * Waits for the page's h1 to read `title`. Reading whatever h1 shows first races with client-side
 * navigation (the previous page's heading) and with loading states that carry their own title.
 */
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

/** A full-page screenshot into e2e/artifacts/screenshots, for review. */
export async function screenshot(page: Page, name: string): Promise<void> {
  await ensurePainting(page, `screenshot ${name}`);
  await page.screenshot({ path: join(SCREENSHOTS, `${name}.png`), fullPage: true, animations: "disabled" });
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
