import { EXTENSION_DOWNLOADS, type SiteIntegrations } from "@learnward/contracts";

export const BROWSER_EXTENSION_HEADING_ID = "browser-extension-heading";
/**
 * The app's own words about the extension: the store pages if any, and loading its build unpacked.
 * A section of the settings page rather than a page of its own: every route adds to the first load
 * of every page, /login's included.
 */
export const EXTENSION_PAGE = `/setting#${BROWSER_EXTENSION_HEADING_ID}`;

/** Which of the extension's builds a browser takes, by its user agent; null: neither. */
export function extensionBrowser(userAgent: string): keyof typeof EXTENSION_DOWNLOADS | null {
  if (/\bFirefox\//.test(userAgent)) return "firefox";
  if (/\b(Chrome|Chromium)\//.test(userAgent)) return "chromium";
  return null;
}

/**
 * spec §1: where the user menu's extension link goes: the store page for the visitor's browser when
 * the server names one (EXTENSION_CHROME_URL, EXTENSION_FIREFOX_URL), else the app's own page.
 */
export function extensionLink(integrations: SiteIntegrations, userAgent: string): { href: string; external: boolean } {
  const browser = extensionBrowser(userAgent);
  const store = browser === "firefox" ? integrations.extension_firefox_url : browser === "chromium" ? integrations.extension_chrome_url : null;
  return store ? { href: store, external: true } : { href: EXTENSION_PAGE, external: false };
}
