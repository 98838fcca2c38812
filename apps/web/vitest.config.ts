import { defineConfig } from "vitest/config";
import react from "@vitejs/plugin-react";
import { shareI18nWrapper } from "./vite-share-i18n-wrapper.ts";
import { lightIcons } from "./vite-light-icons.ts";

// The test files that mock a module (vi.mock): they must not share a worker's imports with others.
export const isolatedFiles = [
  "src/entry-server.test.tsx",
  "src/app/firstData.test.tsx",
  "src/app/prefetchRouteData.test.ts",
  "src/features/library/contentLimits.test.tsx",
  "src/features/insights/InsightsDashboard.test.tsx",
];

export default defineConfig({
  // The app's build patches react-i18next (vite-share-i18n-wrapper.ts) and draws icons without
  // SvgIcon (vite-light-icons.ts): the tests run the same code.
  plugins: [shareI18nWrapper(), lightIcons(), react()],
  test: {
    server: { deps: { inline: ["react-i18next", "@mui/icons-material"] } },
    environment: "jsdom",
    setupFiles: ["./src/test/setup.ts"],
    // Vitest's default is one worker fewer than the cores: on a 2-core machine, one worker and the
    // other core idle while jsdom files run one at a time.
    maxWorkers: 2,
    // The default output, then the ten slowest files.
    reporters: ["default", "../../scripts/slowest-files-reporter.ts"],
    // Files run one after another in each worker on the modules it already imported (React, MUI,
    // i18next): starting a fresh module graph per file took more time than most files' tests. A file
    // that replaces a module with vi.mock needs that module imported afresh, so those files run in
    // their own project, isolated, and a check in src/test/isolation.test.ts keeps the list whole.
    projects: [
      { extends: true, test: { name: "shared", include: ["src/**/*.test.{ts,tsx}"], exclude: isolatedFiles, isolate: false } },
      { extends: true, test: { name: "isolated", include: isolatedFiles } },
    ],
    css: false,
    restoreMocks: true,
    // Hang guards, not speed checks: typing into MUI fields in jsdom on a busy 2-core machine may take
    // many times what it takes on a quiet one.
    testTimeout: 120_000,
    hookTimeout: 120_000,
  },
});
