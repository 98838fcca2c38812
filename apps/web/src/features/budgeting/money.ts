/** Money is integer minor units (PRODUCT.md "Budgeting"); inputs are major units typed as text. */
export const MONEY_ERRORS = ["required", "format", "zero", "tooLarge"] as const;
export type MoneyError = (typeof MONEY_ERRORS)[number];
export type ParsedMoney = { ok: true; minor: number } | { ok: false; error: MoneyError };

const MAX_MINOR = 1_000_000_000_000;

/** How many decimals a currency has (USD 2, JPY 0). */
export function minorDigits(currency: string): number {
  try {
    return new Intl.NumberFormat("en", { style: "currency", currency }).resolvedOptions().maximumFractionDigits ?? 2;
  } catch {
    return 2;
  }
}

/**
 * "250.5" → 25050, read digit by digit so no float drift creeps in. A comma is taken as the decimal
 * mark ("250,50" in Spanish); thousands separators ("1,000") are refused as ambiguous.
 */
export function parseMoney(input: string, digits = 2, { allowZero = false } = {}): ParsedMoney {
  const text = input.trim().replace(/\s/g, "");
  if (text === "") return { ok: false, error: "required" };
  const pattern = digits > 0 ? new RegExp(`^(\\d+)(?:[.,](\\d{1,${digits}}))?$`) : /^(\d+)$/;
  const match = pattern.exec(text);
  if (!match) return { ok: false, error: "format" };
  const whole = match[1] ?? "0";
  const fraction = (match[2] ?? "").padEnd(digits, "0");
  if (whole.length > 13) return { ok: false, error: "tooLarge" };
  const minor = Number(whole) * 10 ** digits + Number(fraction || "0");
  if (!Number.isSafeInteger(minor) || minor > MAX_MINOR) return { ok: false, error: "tooLarge" };
  if (minor === 0 && !allowZero) return { ok: false, error: "zero" };
  return { ok: true, minor };
}

/** Minor units back to the text an input shows ("25050" → "250.50"). */
export function toMajorText(minor: number, digits = 2): string {
  if (digits === 0) return String(minor);
  const text = String(Math.abs(minor)).padStart(digits + 1, "0");
  return `${minor < 0 ? "-" : ""}${text.slice(0, -digits)}.${text.slice(-digits)}`;
}

/** Formats minor units in the interface language and the amount's own currency. */
export function formatMoney(minor: number, currency: string, locale: string): string {
  const digits = minorDigits(currency);
  return new Intl.NumberFormat(locale, { style: "currency", currency, minimumFractionDigits: digits, maximumFractionDigits: digits }).format(
    minor / 10 ** digits,
  );
}
