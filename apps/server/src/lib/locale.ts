import type { FastifyRequest } from "fastify";
import { LOCALE_COOKIE, type Locale } from "@learnward/contracts";

/** The interface language of a request: the NEXT_LOCALE cookie, else Accept-Language, else en. */
export function requestLocale(req: FastifyRequest): Locale {
  const cookie = req.headers.cookie?.match(new RegExp(`(?:^|;\\s*)${LOCALE_COOKIE}=(en|es)\\b`))?.[1];
  if (cookie === "en" || cookie === "es") return cookie;
  return /^\s*es\b/i.test(req.headers["accept-language"] ?? "") ? "es" : "en";
}
