import { describe, expect, it } from "vitest";
import type { Page } from "playwright-core";
import { browserForThisFile, heading, openPage, signInWithApi, visible } from "../support";

const browser = browserForThisFile();

/**
 * The page's own files and answers that the service worker's script handled (its fetch event ran for
 * them) rather than leaving them to the network: each one waits for the worker's thread.
 */
const handledByWorker = (page: Page) =>
  page.evaluate(() =>
    performance
      .getEntriesByType("resource")
      .filter((entry): entry is PerformanceResourceTiming => entry instanceof PerformanceResourceTiming)
      .filter((entry) => {
        const { origin, pathname } = new URL(entry.name);
        if (origin !== location.origin || !/^\/(assets|api)\//.test(pathname)) return false;
        // Chromium names the source its static routes picked; "network" means the worker never ran.
        const source = (entry as PerformanceResourceTiming & { workerMatchedSourceType?: string }).workerMatchedSourceType;
        return entry.workerStart > 0 && source !== "network";
      })
      .map((entry) => new URL(entry.name).pathname),
  );

describe("the service worker", () => {
  it("leaves the app's files and answers to the network and shows the offline page when the server is out of reach", async () => {
    const { page, context, errors } = await openPage(browser());
    await signInWithApi(context, "member@acme.test");
    await page.goto("/home");
    await visible(heading(page));
    await page.evaluate(() => navigator.serviceWorker.ready.then(() => undefined));
    // The visit that installed it: the worker did not take the page over while it loaded.
    expect(await handledByWorker(page)).toEqual([]);

    // A later visit, under the worker: its files and answers still go straight to the network.
    await page.goto("/discover");
    await visible(heading(page));
    expect(await page.evaluate(() => navigator.serviceWorker.controller !== null)).toBe(true);
    expect(await handledByWorker(page)).toEqual([]);

    await context.setOffline(true);
    await page.reload();
    await visible(page.getByRole("heading", { level: 1, name: "You're offline" }));
    await context.setOffline(false);
    expect(errors).toEqual([]);
    await context.close();
  });
});
