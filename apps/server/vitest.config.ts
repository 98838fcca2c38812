import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    include: ["src/**/*.test.ts", "test/**/*.test.ts"],
    environment: "node",
    pool: "forks",
    // The sealed prototypes the server runs with (src/lib/prototypes.ts).
    setupFiles: ["./test/setup.ts"],
    // The migrated (and demo-seeded) databases each file starts from: test/global-setup.ts.
    globalSetup: ["./test/global-setup.ts"],
    maxWorkers: 2,
    testTimeout: 30_000,
    hookTimeout: 60_000,
    // Tests within a file run in a random order (the seed is printed; rerun one with
    // --sequence.seed=N), so that no test can lean on what another left behind.
    sequence: { shuffle: { files: false, tests: true } },
  },
});
