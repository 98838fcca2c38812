import type { Locale } from "@learnward/contracts";

/** The region each language's dates are written for: "5 December 2026", "5 de diciembre de 2026". */
const REGION: Record<Locale, string> = { en: "en-GB", es: "es-ES" };

/** A calendar day ("2026-12-05", or an instant read on UTC's calendar) as the reader's language writes it. */
export function mailDate(locale: Locale, day: string | Date): string {
  const at = typeof day === "string" ? new Date(/^\d{4}-\d{2}-\d{2}$/.test(day) ? `${day}T00:00:00Z` : day) : day;
  if (Number.isNaN(at.getTime())) return String(day);
  return new Intl.DateTimeFormat(REGION[locale], { dateStyle: "long", timeZone: "UTC" }).format(at);
}

/** An instant with its time, on UTC and saying so: a mail cannot know the reader's time zone. */
export function mailDateTime(locale: Locale, at: Date): string {
  return `${new Intl.DateTimeFormat(REGION[locale], { dateStyle: "long", timeStyle: "short", timeZone: "UTC" }).format(at)} UTC`;
}
