/**
 * Loads ICU's number and date data off the page's thread, as the page starts.
 *
 * A page's first Intl.NumberFormat loads that data: 20-55 ms in Chromium here, one task nothing can
 * slice, in the middle of hydration on the pages that show figures (/dashboard/content's key figures).
 * ICU's caches belong to the browser's renderer process, which the page's workers share: once a
 * worker has made a number and a date format, the page's first ones take 0.1-0.9 ms (measured in a
 * blank Chromium page, three runs each).
 *
 * Best effort: without workers, or if this one fails, the page formats as before.
 */
export function warmIntl(locale: string): void {
  if (typeof Worker === "undefined") return;
  try {
    const worker = new Worker(new URL("./warmIntl.worker.ts", import.meta.url), { type: "module", name: locale });
    worker.addEventListener("error", () => worker.terminate());
  } catch {
    // A policy refusing the worker's file: the page loads the data itself at its first number.
  }
}
