import { describe, expect, it } from "vitest";
import type { Page } from "playwright-core";
import {
  atBothWidths,
  accessibilityViolations,
  contentShown,
  heading,
  browserForThisFile,
  mainMenu,
  menuEntries,
  openPage,
  DESKTOP,
  PHONE,
  resize,
  screenshot,
  settled,
  signInWithApi,
  visible,
} from "../support";

const browser = browserForThisFile();

const fileName = (path: string) => path.replace(/^\//, "").replace(/[/?=&]+/g, "_") || "landing";

/** Opens a path, waits for its h1 and checks that no error panel took the page's place. */
async function visit(page: Page, path: string): Promise<string> {
  await page.goto(path);
  const title = await visible(heading(page)).then((h) => h.innerText());
  expect(await page.getByText("This page could not be shown").count(), path).toBe(0);
  return title;
}

/**
 * A page never scrolls sideways. Answers null when the document is no wider than the
 * window, otherwise which element makes it wider: the innermost one whose right edge is the
 * document's (a visually hidden label that escapes its scrolling table counts too); on a phone, also
 * a table wider than its box.
 */
async function horizontalOverflow(page: Page): Promise<string | null> {
  await settled(page);
  return page.evaluate(() => {
    const root = document.scrollingElement ?? document.documentElement;
    const width = root.clientWidth;
    const right = (el: Element) => el.getBoundingClientRect().right + root.scrollLeft;
    const describe = (el: Element) => {
      const label = el.getAttribute("aria-label") ?? el.getAttribute("role") ?? "";
      const classes = [...el.classList]
        .filter((c) => !c.startsWith("css-"))
        .slice(0, 3)
        .join(".");
      const text = (el.textContent ?? "").trim().replace(/\s+/g, " ").slice(0, 60);
      const place = el.closest("[aria-label],[aria-labelledby],section,main,header,nav");
      const where =
        place && place !== el ? ` in <${place.tagName.toLowerCase()}${place.getAttribute("aria-label") ? ` "${place.getAttribute("aria-label")}"` : ""}>` : "";
      return `<${el.tagName.toLowerCase()}${el.id ? `#${el.id}` : ""}${classes ? `.${classes}` : ""}${label ? ` "${label}"` : ""} position ${getComputedStyle(el).position}> "${text}"${where}`;
    };
    if (root.scrollWidth > width) {
      const edge = [...document.body.querySelectorAll("*")].filter((el) => Math.abs(right(el) - root.scrollWidth) < 1);
      const culprit = edge.at(-1);
      return `document ${root.scrollWidth}px wide in a ${width}px window${culprit ? `; its right edge is ${describe(culprit)}` : ""}`;
    }
    // On a phone a table is read as rows, not clipped in a box that scrolls sideways.
    if (width > 600) return null;
    const clipped = [...document.querySelectorAll("table")].find((table) => table.scrollWidth > table.parentElement!.clientWidth + 1);
    return clipped
      ? `table "${clipped.getAttribute("aria-label") ?? ""}" ${clipped.scrollWidth}px wide in its ${clipped.parentElement!.clientWidth}px box`
      : null;
  });
}

/**
 * Screenshots of each path at 1280 and then 390 wide into e2e/artifacts/screenshots, for review;
 * answers the pages that scroll sideways, each with the element that sticks out.
 */
async function shootAll(page: Page, paths: string[], prefix: string, checkedAt1280: ReadonlySet<string> = new Set()): Promise<string[]> {
  const overflows: string[] = [];
  await atBothWidths(page, async (label) => {
    for (const path of paths) {
      await visit(page, path);
      // No serious or critical axe-core violation on any page, at either width (`checkedAt1280`: the
      // menu walk has just checked these at 1280).
      if (label !== "1280" || !checkedAt1280.has(path)) expect(await accessibilityViolations(page), `${path} at ${label}`).toEqual([]);
      const overflow = await horizontalOverflow(page);
      if (overflow) overflows.push(`${path} at ${label}: ${overflow}`);
      await screenshot(page, `${prefix}-${fileName(path)}-${label}`);
    }
  });
  return overflows;
}

describe("public pages", () => {
  it("render without sign-in and are captured at both widths", async () => {
    const { page, context, errors } = await openPage(browser());
    const expected: Record<string, string> = {
      "/": "Learning and upskilling for your whole company",
      "/login": "Sign in",
      "/register": "Create your account",
      "/forgot-password": "Reset your password",
      "/reset-password?token=example": "Choose a new password",
      "/privacy": "Privacy policy",
      "/terms": "Terms of use",
    };
    for (const [path, title] of Object.entries(expected)) expect(await visit(page, path), path).toBe(title);
    expect([...new Set(await shootAll(page, Object.keys(expected), "public"))]).toEqual([]);
    expect(errors).toEqual([]);
    await context.close();
  });
});

/** A full load's timings as the browser took them, from the navigation's start: see the walk below. */
function loadTimings(page: Page): Promise<{ painted: number; answers: number }> {
  return page.evaluate(
    () =>
      new Promise((resolve) => {
        const answers = performance.getEntriesByName("learnward:ready")[0]?.startTime ?? Number.NaN;
        const done = (painted: number) => resolve({ painted, answers });
        new PerformanceObserver((list) => done(list.getEntries().at(-1)?.startTime ?? Number.NaN)).observe({
          type: "largest-contentful-paint",
          buffered: true,
        });
        // A page that painted nothing large enough has no such entry.
        setTimeout(() => done(Number.NaN), 1000);
      }),
  );
}

describe("every menu route of every role", () => {
  const roles = [
    ["admin", "admin@acme.test"],
    ["hr", "hr@acme.test"],
    ["ldleader", "ldleader@acme.test"],
    ["teamleader", "teamleader@acme.test"],
    ["member", "member@acme.test"],
  ] as const;

  for (const [role, email] of roles) {
    // Every entry, and for two roles every page at two widths, each checked by axe: minutes, not seconds.
    it(`${role}: each entry opens its page`, { timeout: 240_000 }, async () => {
      const { page, context, errors } = await openPage(browser());
      await signInWithApi(context, email);
      await page.goto(role === "admin" ? "/admin" : "/home");
      const entries = await menuEntries(page);
      expect(entries.size).toBeGreaterThan(0);
      const overflows: string[] = [];

      // Milliseconds from a click on the menu to the page's content; and for a full load of the address,
      // from the navigation's start, as the browser timed it, to its content painted (its largest
      // contentful paint: from the server's HTML on a page the server renders) and to the page
      // answering (hydrated, app/layout/PageOutlet.tsx's mark).
      const shown = new Map<string, { click: number; painted: number; answers: number }>();
      for (const [label, href] of entries) {
        // Walk by clicking, as a person would, then check the page and capture it.
        const clicked = performance.now();
        await mainMenu(page).getByRole("link", { name: label, exact: true }).click();
        await page.waitForURL((url) => url.pathname === href);
        shown.set(href, { click: await contentShown(page, clicked), painted: NaN, answers: NaN });
        const title = await visible(heading(page)).then((h) => h.innerText());
        expect(title.length, `${role} ${href}`).toBeGreaterThan(0);
        expect(await page.getByText("This page could not be shown").count(), href).toBe(0);
        expect(await page.getByText("You do not have access to this page").count(), `${role} ${href}`).toBe(0);
        expect(await accessibilityViolations(page), `${role} ${href}`).toEqual([]);
        const overflow = await horizontalOverflow(page);
        if (overflow) overflows.push(`${href} at 1280: ${overflow}`);
      }
      for (const href of entries.values()) {
        await page.goto(href);
        await contentShown(page, 0);
        Object.assign(shown.get(href)!, await loadTimings(page));
      }
      // Figures, not assertions (a shared machine's timings vary): read against the one-second bar.
      console.log(
        `${role}: ms to content after a menu click / on a full load, to content painted and to the page answering\n${[...shown]
          .map(([href, ms]) => `  ${href.padEnd(48)} ${[ms.click, ms.painted, ms.answers].map((n) => n.toFixed(0).padStart(6)).join(" ")}`)
          .join("\n")}`,
      );
      // ldleader sees the most entries; admin has its own area: these two give every page's picture,
      // at both widths. Every other role's pages are checked at phone width too: none may scroll sideways.
      const pictured = role === "ldleader" || role === "admin";
      if (!pictured) {
        await resize(page, PHONE);
        for (const href of entries.values()) {
          await visit(page, href);
          const overflow = await horizontalOverflow(page);
          if (overflow) overflows.push(`${href} at 390: ${overflow}`);
        }
        await resize(page, DESKTOP);
      } else {
        const extra =
          role === "ldleader"
            ? ["/setting", "/peopleManagement?tab=2", "/peopleManagement?tab=3", "/collaborative-network/collections/1/SQL-for-analysts"]
            : [];
        overflows.push(...(await shootAll(page, [...entries.values(), ...extra], role, new Set(entries.values()))));
      }
      if (role === "teamleader")
        overflows.push(
          ...(await shootAll(
            page,
            [...entries.values()].filter((href) => href.includes("/team/")),
            role,
          )),
        );
      if (role === "member") overflows.push(...(await shootAll(page, ["/budgetingPlan/companyBudget"], "member-not-allowed")));
      // Every page that scrolls sideways at 1280 or 390, named with the element that sticks out.
      expect([...new Set(overflows)], role).toEqual([]);
      expect(errors).toEqual([]);
      await context.close();
    });
  }
});
