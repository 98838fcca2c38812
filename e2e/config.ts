import { mkdirSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

// Where the browser suite runs and who it signs in as: shared by support.ts and accounts.ts.
export const BASE_URL = process.env.E2E_BASE_URL ?? "http://127.0.0.1:3000";
/**
 * What a page of ours puts on every write it sends: its Origin (Chromium always does). Playwright's API
 * requests send none, and the server refuses a write carrying our session cookie that does not say it
 * comes from our own page; so every API call made with a browser's cookies carries this.
 */
export const OUR_ORIGIN = { origin: BASE_URL };
export const DEMO_PASSWORD = "learnward-demo";
export const DEMO_ADMIN = "admin@acme.test";
export const SCREENSHOTS = join(dirname(fileURLToPath(import.meta.url)), "artifacts/screenshots");
mkdirSync(SCREENSHOTS, { recursive: true });

export const DESKTOP = { width: 1280, height: 800 };
export const PHONE = { width: 390, height: 844 };
