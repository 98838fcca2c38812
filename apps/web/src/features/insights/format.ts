import type { InsightBucket } from "@learnward/contracts";

/** Numbers, learning time, changes and dates in the interface language (periods are UTC days). */
export function formatNumber(value: number, locale: string): string {
  return new Intl.NumberFormat(locale).format(value);
}

/** Seconds of learning as hours: "12.5 hr" in English, "12,5 h" in Spanish. */
export function formatHours(seconds: number, locale: string): string {
  const hours = seconds / 3600;
  return new Intl.NumberFormat(locale, { style: "unit", unit: "hour", unitDisplay: "short", maximumFractionDigits: hours < 10 ? 1 : 0 }).format(hours);
}

/** The change against the period before, as a signed percentage; null when there is nothing to compare. */
export function formatDelta(value: number, previous: number | null, locale: string): string | null {
  if (previous === null) return null;
  if (previous === 0) return value === 0 ? null : new Intl.NumberFormat(locale, { signDisplay: "always" }).format(value);
  return new Intl.NumberFormat(locale, { style: "percent", signDisplay: "exceptZero", maximumFractionDigits: 0 }).format((value - previous) / previous);
}

export function formatPercent(percent: number, locale: string): string {
  return new Intl.NumberFormat(locale, { style: "percent", maximumFractionDigits: 0 }).format(percent / 100);
}

const utc = (day: string) => new Date(`${day.slice(0, 10)}T00:00:00Z`);

/** A series step: "Nov 3" for a day, "Nov 2026" for a month. */
export function formatPeriod(period: string, bucket: InsightBucket, locale: string, long = false): string {
  const options: Intl.DateTimeFormatOptions =
    bucket === "day" ? { day: "numeric", month: long ? "long" : "short", ...(long ? { year: "numeric" } : {}) } : { month: long ? "long" : "short", year: "numeric" };
  return new Intl.DateTimeFormat(locale, { ...options, timeZone: "UTC" }).format(utc(period));
}

/** A date (YYYY-MM-DD or an ISO timestamp) in the medium style of the language. */
export function formatDate(value: string, locale: string): string {
  return new Intl.DateTimeFormat(locale, { dateStyle: "medium", timeZone: "UTC" }).format(value.length === 10 ? utc(value) : new Date(value));
}
