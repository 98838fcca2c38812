// A Vitest reporter that prints the ten slowest test files when a run ends, so that a suite that
// grows slow shows up in every run's output (beside the default reporter, which it does not replace).
import path from "node:path";
import type { Reporter, TestModule } from "vitest/node";

const SHOWN = 10;

export default class SlowestFilesReporter implements Reporter {
  onTestRunEnd(testModules: ReadonlyArray<TestModule>) {
    if (testModules.length < 2) return;
    const rows = testModules
      .map((m) => {
        const d = m.diagnostic();
        // Wall time of the file: collecting (imports), set-up hooks and its tests.
        return {
          file: path.relative(process.cwd(), m.moduleId),
          seconds: (d.collectDuration + d.setupDuration + d.duration) / 1000,
          tests: [...m.children.allTests()].length,
        };
      })
      .sort((a, b) => b.seconds - a.seconds)
      .slice(0, SHOWN);
    const width = Math.max(...rows.map((r) => r.file.length));
    const lines = rows.map((r) => `  ${r.seconds.toFixed(1).padStart(7)} s  ${r.file.padEnd(width)}  ${r.tests} tests`);
    process.stdout.write(`\nSlowest ${rows.length} test files (import, set-up and tests):\n${lines.join("\n")}\n`);
  }
}
