// npm run bench: every bench, one after the other, each in its own process (a bench's server and
// pools never outlive it), all recording into one summary file (summary.ts), and then one table of
// every figure: bench, figure, value, target, met?. BENCH_ONLY=library,reference runs some of them.
// Exits 1 when a bench fails to run; a missed target is shown in the table (BENCH_STRICT=1 makes the
// benches that support it exit 1 too).
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { spawn } from "node:child_process";
import { fileURLToPath } from "node:url";
import { formatSummary, readSummary } from "./summary.ts";

const BENCHES = ["library", "writes", "reference", "insights", "compliance", "notifications", "xapi", "start", "cluster"] as const;

/** Figures asked for that no bench here measures, said in the table's notes rather than invented. */
const NOTES: string[] = [];

const here = path.dirname(fileURLToPath(import.meta.url));
const only = process.env.BENCH_ONLY?.split(",").map((s) => s.trim());
const chosen = BENCHES.filter((b) => !only || only.includes(b));
const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), "lw-bench-summary-")), "summary.jsonl");

const failed: string[] = [];
for (const bench of chosen) {
  console.log(`\n=== ${bench} ===`);
  const code = await new Promise<number>((resolve) => {
    const child = spawn(process.execPath, ["--import", "tsx", path.join(here, `${bench}.ts`)], {
      stdio: "inherit",
      env: { ...process.env, BENCH_SUMMARY_FILE: file },
    });
    child.once("exit", (c, signal) => resolve(c ?? (signal ? 1 : 0)));
  });
  if (code !== 0) failed.push(`${bench} (exit ${code})`);
}

const rows = readSummary(file);
console.log("\n=== Summary ===");
console.log(rows.length ? formatSummary(rows) : "(no figures were recorded)");
console.log("\nNotes:");
for (const note of NOTES) console.log(`  - ${note}`);
if (failed.length) console.log(`  - failed to run: ${failed.join(", ")}`);
fs.rmSync(path.dirname(file), { recursive: true, force: true });
if (failed.length) process.exitCode = 1;
