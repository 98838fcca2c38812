import { defineConfig } from "vitest/config";

// Run by e2e/run.mjs, which starts the server and passes its address in E2E_BASE_URL.
export default defineConfig({
  test: {
    root: "e2e",
    include: ["specs/**/*.e2e.ts"],
    environment: "node",
    // One browser per file, files one after another: a shard's server and its rate limits are shared by its files (e2e/run.mjs).
    fileParallelism: false,
    // Hang guards, not speed checks: shards share two cores, so a step may take twice what it takes alone.
    testTimeout: 120_000,
    // A file's set-up signs its people in, and may have to wait out a sign-in rate limit an earlier
    // file left (signInRequest waits the Retry-After, up to a minute, up to three times): a hang
    // guard above that, not a speed check.
    hookTimeout: 240_000,
    // expect.poll waits for the page to reach a state (a search answered, a row gone): 1 s by default,
    // which a loaded shard's server can miss. A hang guard too.
    expect: { poll: { timeout: 15_000 } },
    // The default output, then the ten slowest files.
    reporters: ["default", "../scripts/slowest-files-reporter.ts"],
  },
});
