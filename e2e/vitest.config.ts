import { defineConfig } from "vitest/config";

// Run by e2e/run.mjs, which starts the server and passes its address in E2E_BASE_URL.
export default defineConfig({
  test: {
    root: "e2e",
    include: ["specs/**/*.e2e.ts"],
    environment: "node",
    // One browser per file, files one after another: the server and its rate limits are shared.
    fileParallelism: false,
    testTimeout: 60_000,
    // A file's set-up signs its people in, and may have to wait out a sign-in rate limit an earlier
    // file left (signInRequest waits the Retry-After, up to a minute, up to three times): a hang
    // guard above that, not a speed check.
    hookTimeout: 240_000,
    reporters: ["default"],
  },
});
