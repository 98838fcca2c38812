import type { FastifyRequest } from "fastify";
import { LOCALE_COOKIE, type Locale } from "@learnward/contracts";

/** The interface language of a request: the NEXT_LOCALE cookie, else Accept-Language, else en. */
export function requestLocale(req: FastifyRequest): Locale {
  return localeOf(req.headers.cookie, req.headers["accept-language"]);
}

/** The same, from a Fetch request's headers (what better-auth hands its callbacks). */
export function fetchRequestLocale(req: Request | undefined): Locale {
  return localeOf(req?.headers.get("cookie") ?? undefined, req?.headers.get("accept-language") ?? undefined);
}

function localeOf(cookieHeader: string | undefined, acceptLanguage: string | undefined): Locale {
  const cookie = cookieHeader?.match(new RegExp(`(?:^|;\\s*)${LOCALE_COOKIE}=(en|es)\\b`))?.[1];
  if (cookie === "en" || cookie === "es") return cookie;
  return /^\s*es\b/i.test(acceptLanguage ?? "") ? "es" : "en";
}
