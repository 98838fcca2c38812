// Writes the OpenAPI document generated from the route schemas to docs/openapi.json.
// CI regenerates it and fails when the committed copy has drifted.
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { loadConfig } from "../src/config.ts";
import { openDatabase } from "../src/db/client.ts";
import { buildApp } from "../src/app.ts";

const out = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../../../docs/openapi.json");
const database = await openDatabase({});
const app = await buildApp({
  config: loadConfig({ NODE_ENV: "development", LOG_LEVEL: "silent" }),
  database,
  authSecret: "openapi-generation-only-secret-0000000",
  logger: false,
});
await app.ready();
fs.writeFileSync(out, JSON.stringify(app.swagger(), null, 2) + "\n");
await app.close();
await database.close();
console.log(`Wrote ${path.relative(process.cwd(), out)}`);
