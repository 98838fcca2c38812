import { defineConfig } from "vitest/config";
import react from "@vitejs/plugin-react";

export default defineConfig({
  plugins: [react()],
  test: {
    environment: "jsdom",
    setupFiles: ["./src/test/setup.ts"],
    // Vitest's default is one worker fewer than the cores: on a 2-core machine, one worker and the
    // other core idle while jsdom files run one at a time.
    maxWorkers: 2,
    // The default output, then the ten slowest files.
    reporters: ["default", "../../scripts/slowest-files-reporter.ts"],
    include: ["src/**/*.test.{ts,tsx}"],
    css: false,
    restoreMocks: true,
    // Hang guards, not speed checks: typing into MUI fields in jsdom on a busy 2-core machine may take
    // many times what it takes on a quiet one.
    testTimeout: 120_000,
    hookTimeout: 120_000,
  },
});
