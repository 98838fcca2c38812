import js from "@eslint/js";
import tseslint from "typescript-eslint";
import globals from "globals";
import reactHooks from "eslint-plugin-react-hooks";
import { readdirSync } from "node:fs";

// Every module's layers hold: Drizzle and db/schema only in the repo layer, i.e. the
// module's *.repo.ts and the SQL conditions it shares with other repos (*.scope.ts). Services,
// policies, presenters, routes and event subscribers ask a repo. Row types may still be imported.
// The one exception: better-auth's Drizzle adapter is handed the database and schema in identity/auth.ts.
const REPO_LAYER = ["**/*.repo.ts", "**/*.scope.ts", "**/*.test.ts", "**/*.test.tsx", "apps/server/src/modules/identity/auth.ts"];

// One seam between modules: a module reaches another only through that module's index.ts (its
// policy, services' types, scopes and the few write steps it lends). Tests may reach further in.
const MODULES_DIR = "apps/server/src/modules";
const MODULES = readdirSync(new URL(`./${MODULES_DIR}`, import.meta.url), { withFileTypes: true })
  .filter((e) => e.isDirectory())
  .map((e) => e.name);
const moduleSeams = MODULES.map((name) => ({
  files: [`${MODULES_DIR}/${name}/**/*.{ts,tsx}`],
  ignores: ["**/*.test.ts", "**/*.test.tsx"],
  rules: {
    "no-restricted-imports": [
      "error",
      {
        patterns: [
          {
            regex: `^(\\.\\./)+(${MODULES.filter((m) => m !== name).join("|")})/(?!index\\.ts$)`,
            message: "Another module is reached through its index.ts only: export what you need there.",
          },
        ],
      },
    ],
  },
}));

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
    files: ["apps/server/src/modules/**/*.{ts,tsx}"],
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
  ...moduleSeams,
);
