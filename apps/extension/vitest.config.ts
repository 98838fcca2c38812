import { defineConfig } from "vitest/config";

// The extension's own tests: its page reading against a real DOM (jsdom). Its API client is tested
// against the real server in the server's suite (apps/server/test/extension-client.test.ts).
export default defineConfig({
  test: {
    include: ["src/**/*.test.ts", "scripts/**/*.test.ts"],
    environment: "jsdom",
    maxWorkers: 1,
  },
});
