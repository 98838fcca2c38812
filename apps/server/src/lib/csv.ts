import Papa from "papaparse";

// OWASP "CSV injection": a spreadsheet reads a cell starting with = + - @ tab or CR as a formula.
// papaparse's escapeFormulae tests /^[=+\-@\t\r].*$/, which no value with a line break matches:
// "=HYPERLINK(…)\nx" went out as a live formula. Every line start is escaped, not just the cell's:
// tools that split lines before quotes (grep, cut, some importers) see each line as a row.
const FORMULA_START = /(?<=^|[\r\n])(?=[=+\-@\t\r])/g;
// A plain number (a negative amount) is no formula and must stay a number for finance.
const PLAIN_NUMBER = /^[+-]?\d+(\.\d+)?$/;

/** One cell, safe to open in a spreadsheet: a ' before every line that would start a formula. */
export function csvCell(value: unknown): string | number | boolean {
  if (value === null || value === undefined) return "";
  if (typeof value === "number" || typeof value === "boolean") return value;
  const text = value instanceof Date ? value.toISOString() : String(value);
  return PLAIN_NUMBER.test(text) ? text : text.replace(FORMULA_START, "'");
}

/**
 * The text csvCell escaped, for a cell read back where lines are meant to start so (a Markdown
 * note's "- " list): the ' before each such line start is taken off again.
 */
export const unescapeCell = (text: string) => text.replace(/(?<=^|[\r\n])'(?=[=+\-@\t\r])/g, "");

/** The CSV every export sends: the header row always, then each row's cells escaped. */
export function toCsv<F extends string>(fields: readonly F[], rows: readonly Partial<Record<F, unknown>>[]): string {
  return Papa.unparse({ fields: [...fields], data: rows.map((r) => fields.map((f) => csvCell(r[f]))) });
}
