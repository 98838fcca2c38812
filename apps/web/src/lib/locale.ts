import { DEFAULT_LOCALE, LOCALE_COOKIE, LOCALE_COOKIE_EXPIRES, LOCALES, type Locale } from "@learnward/contracts";
import { ONE_YEAR_SECONDS, readCookie } from "./cookie";

export function isLocale(value: unknown): value is Locale {
  return typeof value === "string" && (LOCALES as readonly string[]).includes(value);
}

/** The locale stored in the NEXT_LOCALE cookie, or the default (en). */
export function readLocale(cookie: string = document.cookie): Locale {
  const value = readCookie(cookie, LOCALE_COOKIE);
  return isLocale(value) ? value : DEFAULT_LOCALE;
}

/** The Set-Cookie style string that stores a locale choice. */
export function localeCookie(locale: Locale, now: Date = new Date()): string {
  // spec §9 fixes the expiry in July 2025; once that date has passed a browser would drop the cookie at once, so use one year instead.
  const expiry = Date.parse(LOCALE_COOKIE_EXPIRES) > now.getTime() ? `expires=${LOCALE_COOKIE_EXPIRES}` : `max-age=${ONE_YEAR_SECONDS}`;
  return `${LOCALE_COOKIE}=${locale}; path=/; ${expiry}; SameSite=Lax`;
}

export function storeLocale(locale: Locale): void {
  document.cookie = localeCookie(locale);
}

/** spec §2: switching language stores the cookie and reloads the current path in that language. */
export function switchLocale(locale: Locale): void {
  storeLocale(locale);
  window.location.reload();
}
