import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    include: ["src/**/*.test.ts", "test/**/*.test.ts"],
    environment: "node",
    pool: "forks",
    // Files run one after another in each worker on the modules it already imported: each file builds
    // its own app on its own database, and no server test mocks a module, so nothing is shared that a
    // file could change. Importing the server for every file took more time than most files' tests.
    isolate: false,
    // The sealed prototypes the server runs with (src/lib/prototypes.ts).
    setupFiles: ["./test/setup.ts"],
    // The default output, then the ten slowest files.
    reporters: ["default", "../../scripts/slowest-files-reporter.ts"],
    // The migrated (and demo-seeded) databases each file starts from: test/global-setup.ts.
    globalSetup: ["./test/global-setup.ts"],
    maxWorkers: 2,
    // Hang guards, not speed checks: a busy runner may be several times slower than a quiet one, and
    // a first file's set-up builds the run's template databases. Speed is measured by `npm run bench`
    // and the slowest-files list, never by a test failing on a limit.
    testTimeout: 300_000,
    hookTimeout: 300_000,
    // Tests within a file run in a random order (the seed is printed; rerun one with
    // --sequence.seed=N), so that no test can lean on what another left behind.
    sequence: { shuffle: { files: false, tests: true } },
  },
});
