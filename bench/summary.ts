// One summary of every bench's figures: each bench calls record() for what it measured;
// `npm run bench` (bench/all.ts) gives every bench the same BENCH_SUMMARY_FILE and prints one table
// from it at the end. Run on its own, a bench records nothing.
import fs from "node:fs";

export interface SummaryRow {
  bench: string;
  figure: string;
  value: number;
  unit: string;
  /** The figure's target in words ("≥ 500 req/s", "< 150 ms"); absent when the figure has none. */
  target?: string;
  met?: boolean;
}

/** Appends one figure to BENCH_SUMMARY_FILE as a JSON line; nothing when it is unset. */
export function record(row: SummaryRow): void {
  const file = process.env.BENCH_SUMMARY_FILE;
  if (!file) return;
  fs.appendFileSync(file, JSON.stringify(row) + "\n");
}

/** The rows of a summary file; a line that is not a row (a bench killed mid-write) is skipped. */
export function readSummary(file: string): SummaryRow[] {
  if (!fs.existsSync(file)) return [];
  const rows: SummaryRow[] = [];
  for (const line of fs.readFileSync(file, "utf8").split("\n")) {
    if (!line.trim()) continue;
    try {
      const row = JSON.parse(line) as SummaryRow;
      if (typeof row.bench === "string" && typeof row.figure === "string" && typeof row.value === "number") rows.push(row);
    } catch {
      /* a torn line */
    }
  }
  return rows;
}

const formatValue = (row: SummaryRow) =>
  `${Number.isInteger(row.value) ? row.value.toLocaleString("en") : row.value.toLocaleString("en", { maximumFractionDigits: 2 })} ${row.unit}`.trim();

/** The rows as one plain-text table: bench, figure, value, target, met?. */
export function formatSummary(rows: SummaryRow[]): string {
  const header = ["bench", "figure", "value", "target", "met?"];
  const cells = rows.map((r) => [r.bench, r.figure, formatValue(r), r.target ?? "", r.met === undefined ? "" : r.met ? "yes" : "NO"]);
  const widths = header.map((h, i) => Math.max(h.length, ...cells.map((c) => c[i]!.length)));
  const line = (c: string[]) =>
    c
      .map((x, i) => x.padEnd(widths[i]!))
      .join("  ")
      .trimEnd();
  return [line(header), widths.map((w) => "-".repeat(w)).join("  "), ...cells.map(line)].join("\n");
}
