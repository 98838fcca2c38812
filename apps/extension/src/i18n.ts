import { ApiError } from "./api.ts";

/** A message of _locales in the browser's language (English or Spanish; English otherwise). */
export const t = (key: string, ...subs: string[]) => chrome.i18n.getMessage(key, subs) || key;

/** Fills every element's text from its data-i18n key, and the page's language. */
export function translatePage(root: ParentNode = document) {
  document.documentElement.lang = chrome.i18n.getUILanguage().toLowerCase().startsWith("es") ? "es" : "en";
  for (const el of Array.from(root.querySelectorAll<HTMLElement>("[data-i18n]"))) el.textContent = t(el.dataset.i18n!);
}

/** What a failed call means to the person, by the server's error code (never its message text). */
export function errorText(err: unknown): string {
  if (!(err instanceof ApiError)) return t("errorGeneric", "client");
  if (err.code === "network") return t("errorNetwork");
  if (err.status === 401 || err.code === "unauthenticated" || err.code === "invalid_token") return t("errorUnauthenticated");
  if (err.status === 403) return t("errorForbidden");
  if (err.code === "validation_error" || err.code === "bad_request") return t("errorValidation");
  if (err.code === "rate_limited") return t("errorRateLimited");
  if (err.code === "plan_not_open" || err.code === "invalid_plan_skill") return t("errorPlanNotOpen");
  if (err.status === 503 || err.code === "service_unavailable") return t("errorUnavailable");
  return t("errorGeneric", err.code);
}
