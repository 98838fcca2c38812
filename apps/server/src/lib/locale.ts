import type { FastifyRequest } from "fastify";
import { AUTH_MESSAGES, type AuthMessageCode, LOCALE_COOKIE, type Locale } from "@learnward/contracts";

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

const SPEC_MESSAGE_CODES = new Map(Object.entries(AUTH_MESSAGES.en).map(([code, text]) => [text as string, code as AuthMessageCode]));

/**
 * spec §5's messages in the request's language: an English one ('Permission denied'…), wherever a
 * route raised it, is answered in Spanish when the request asks for Spanish. Other text is kept.
 */
export function localisedSpecMessage(message: string, locale: Locale): string {
  const code = SPEC_MESSAGE_CODES.get(message);
  return code ? AUTH_MESSAGES[locale][code] : message;
}
