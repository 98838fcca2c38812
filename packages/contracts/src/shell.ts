// The web shell: which pages are open without sign-in, and what the server hands the
// page about the deployment's optional third parties. Plain values: the web app's first load reads them.

/**
 * spec §2: open without sign-in are /login, /forgot-password and /, plus the app's own pages that
 * must work before sign-in (two-factor, registration, password reset, invitations, linking an account
 * to the company's identity provider from the mailed link, a certificate's verification page for
 * whoever was shown one, and the privacy and terms pages the footer and the cookie banner link to). Any other page sends an unsigned
 * visitor to /login. `:name` stands for one path segment.
 */
export const PUBLIC_PAGES = [
  "/",
  "/login",
  "/login/two-factor",
  "/register",
  "/forgot-password",
  "/reset-password",
  "/invitation/:token",
  "/sso/link",
  "/unsubscribe/:token",
  "/verify/:code",
  "/privacy",
  "/terms",
] as const;

/** Whether `pathname` is one of PUBLIC_PAGES (case-insensitive and trailing slash optional, as the router matches). */
export function isPublicPage(pathname: string): boolean {
  const segments = pathname.toLowerCase().split("/").filter(Boolean);
  return PUBLIC_PAGES.some((page) => {
    const pattern = page.split("/").filter(Boolean);
    return pattern.length === segments.length && pattern.every((part, i) => part.startsWith(":") || part === segments[i]);
  });
}

/**
 * spec §1: the browser extension's store pages, the support chat widget and the tag manager, as
 * configured on the server (EXTENSION_CHROME_URL, EXTENSION_FIREFOX_URL, CHAT_WIDGET_URL,
 * TAG_MANAGER_ID); null when not configured. The server writes it into the page as JSON
 * (script#learnward-config) only when one of them is set.
 */
export interface SiteIntegrations {
  extension_chrome_url: string | null;
  extension_firefox_url: string | null;
  chat_widget_url: string | null;
  tag_manager_id: string | null;
}

/** Where the visitor's answer to the analytics-cookie question is kept ("accepted" or "declined"). */
export const CONSENT_COOKIE = "learnward_analytics_consent";
/** A Google Tag Manager container id. */
export const TAG_MANAGER_ID_PATTERN = /^GTM-[A-Z0-9]{4,10}$/;
