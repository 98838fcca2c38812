import { defineConfig } from "vitest/config";
import { SERVER_FLAGS } from "./scripts/build.mjs";

export default defineConfig({
  test: {
    include: ["src/**/*.test.ts", "test/**/*.test.ts"],
    environment: "node",
    pool: "forks",
    // The flags and sealed prototypes the server runs with (scripts/build.mjs, src/lib/prototypes.ts).
    execArgv: SERVER_FLAGS,
    setupFiles: ["./test/setup.ts"],
    maxWorkers: 2,
    testTimeout: 30_000,
    hookTimeout: 60_000,
    // Tests within a file run in a random order (the seed is printed; rerun one with
    // --sequence.seed=N), so that no test can lean on what another left behind (issue 24).
    sequence: { shuffle: { files: false, tests: true } },
  },
});
