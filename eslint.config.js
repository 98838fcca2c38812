import js from "@eslint/js";
import tseslint from "typescript-eslint";
import globals from "globals";
import reactHooks from "eslint-plugin-react-hooks";

// Every module's layers hold: Drizzle and db/schema only in the repo layer, i.e. the
// module's *.repo.ts and the SQL conditions it shares with other repos (*.scope.ts). Services,
// policies, presenters, routes and event subscribers ask a repo. Row types may still be imported.
// The one exception: better-auth's Drizzle adapter is handed the database and schema in identity/auth.ts.
const REPO_LAYER = ["**/*.repo.ts", "**/*.scope.ts", "**/*.test.ts", "apps/server/src/modules/identity/auth.ts"];

export default tseslint.config(
  {
    ignores: [
      "**/node_modules/**",
      "**/dist/**",
      "**/dist-ssr/**",
      "data/**",
      "e2e/artifacts/**",
      "apps/server/src/db/migrations/**",
      "docs/**",
      "apps/web/src/lib/openapi.gen.ts",
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    rules: {
      "@typescript-eslint/no-unused-vars": ["error", { argsIgnorePattern: "^_", varsIgnorePattern: "^_" }],
      "@typescript-eslint/no-non-null-assertion": "off",
    },
  },
  {
    files: ["apps/web/**/*.{ts,tsx}"],
    plugins: { "react-hooks": reactHooks },
    rules: {
      "react-hooks/rules-of-hooks": "error",
      "react-hooks/exhaustive-deps": "error",
    },
  },
  // The layers: the web app talks to the server over HTTP and shares only packages/contracts.
  {
    files: ["apps/web/**/*.{ts,tsx}"],
    rules: {
      "no-restricted-imports": [
        "error",
        {
          patterns: [
            {
              regex: "(^@learnward/server(/|$))|(/apps/server/)|(^(\\.\\./)+server/)",
              message: "The web app never imports server code: share types through @learnward/contracts.",
            },
          ],
        },
      ],
    },
  },
  {
    files: ["apps/server/src/modules/**/*.ts"],
    ignores: REPO_LAYER,
    rules: {
      "@typescript-eslint/no-restricted-imports": [
        "error",
        {
          patterns: [
            {
              regex: "(^drizzle-orm(/|$))|(/db/schema(/|$|\\.ts$|/index\\.ts$))",
              allowTypeImports: true,
              message: "Only the repo layer (*.repo.ts, *.scope.ts) imports Drizzle or db/schema: move the query into the module's repo.",
            },
          ],
        },
      ],
    },
  },
);
