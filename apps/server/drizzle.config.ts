import { defineConfig } from "drizzle-kit";

// Generation only: migrations are applied by the app at start (never point drizzle-kit at a live PGlite folder).
export default defineConfig({
  dialect: "postgresql",
  schema: "./src/db/schema/index.ts",
  out: "./src/db/migrations",
  casing: undefined,
});
