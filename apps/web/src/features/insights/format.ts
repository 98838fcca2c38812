import type { InsightBucket } from "@learnward/contracts";

/** Numbers, learning time, changes and dates in the interface language (periods are UTC days). */
export function formatNumber(value: number, locale: string): string {
  return new Intl.NumberFormat(locale).format(value);
}

type Sign = "auto" | "always";

/**
 * Seconds of learning in hours, or minutes under an hour: "1.5 hr", "17 hr", "15 min" in English,
 * "1,5 h" in Spanish. `sign: "always"` writes a change ("+17 hr").
 */
export function formatHours(seconds: number, locale: string, sign: Sign = "auto"): string {
  const minutes = Math.round(Math.abs(seconds) / 60);
  if (seconds !== 0 && minutes < 60) {
    const shown = Math.max(1, minutes) * Math.sign(seconds);
    return new Intl.NumberFormat(locale, { style: "unit", unit: "minute", unitDisplay: "short", signDisplay: sign }).format(shown);
  }
  const hours = seconds / 3600;
  return new Intl.NumberFormat(locale, {
    style: "unit",
    unit: "hour",
    unitDisplay: "short",
    maximumFractionDigits: Math.abs(hours) < 10 ? 1 : 0,
    signDisplay: sign,
  }).format(hours);
}

/** What a key figure measures, so it and its change are written in that unit. */
export type FigureUnit = "count" | "learning_time";

/** A figure in its unit: learning time in hours or minutes, anything else as a count. */
export function formatFigure(value: number, unit: FigureUnit, locale: string, sign: Sign = "auto"): string {
  return unit === "learning_time" ? formatHours(value, locale, sign) : new Intl.NumberFormat(locale, { signDisplay: sign }).format(value);
}

/**
 * The change against the period before: a signed percentage, or, when the period before was zero
 * (no percentage exists), the difference in the figure's own unit ("+17 hr", not "+62,700" seconds).
 * null when there is nothing to compare.
 */
export function formatDelta(value: number, previous: number | null, locale: string, unit: FigureUnit = "count"): string | null {
  if (previous === null) return null;
  if (previous === 0) return value === 0 ? null : formatFigure(value, unit, locale, "always");
  return new Intl.NumberFormat(locale, { style: "percent", signDisplay: "exceptZero", maximumFractionDigits: 0 }).format((value - previous) / previous);
}

export function formatPercent(percent: number, locale: string): string {
  return new Intl.NumberFormat(locale, { style: "percent", maximumFractionDigits: 0 }).format(percent / 100);
}

const utc = (day: string) => new Date(`${day.slice(0, 10)}T00:00:00Z`);

/** A series step: "Nov 3" for a day, "Nov 2026" for a month. */
export function formatPeriod(period: string, bucket: InsightBucket, locale: string, long = false): string {
  const options: Intl.DateTimeFormatOptions =
    bucket === "day"
      ? { day: "numeric", month: long ? "long" : "short", ...(long ? { year: "numeric" } : {}) }
      : { month: long ? "long" : "short", year: "numeric" };
  return new Intl.DateTimeFormat(locale, { ...options, timeZone: "UTC" }).format(utc(period));
}

/** A date (YYYY-MM-DD or an ISO timestamp) in the medium style of the language. */
export function formatDate(value: string, locale: string): string {
  return new Intl.DateTimeFormat(locale, { dateStyle: "medium", timeZone: "UTC" }).format(value.length === 10 ? utc(value) : new Date(value));
}
