import fs from "node:fs";
import path from "node:path";
import { randomBytes } from "node:crypto";
import type { Config } from "./config.ts";

/** Outside production a missing AUTH_SECRET is generated once and kept in the data folder. */
export function authSecret(config: Config): string {
  if (config.AUTH_SECRET) return config.AUTH_SECRET;
  const file = path.join(config.DATA_DIR, "auth-secret");
  fs.mkdirSync(config.DATA_DIR, { recursive: true });
  if (!fs.existsSync(file)) fs.writeFileSync(file, randomBytes(32).toString("hex"), { mode: 0o600 });
  return fs.readFileSync(file, "utf8").trim();
}
