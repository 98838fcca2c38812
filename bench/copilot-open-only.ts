// `npm run bench:copilot-open`: the open set of `npm run bench:copilot` alone, for working on the
// copilot's ranking without the demo catalog's part: a fresh company holding the open set's items only.
import { randomUUID } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { loadConfig } from "../apps/server/src/config.ts";
import { openDatabase } from "../apps/server/src/db/client.ts";
import { buildApp } from "../apps/server/src/app.ts";
import { runOpenSet } from "./copilot-open.ts";
import { embeddingsEnv } from "./semantic.ts";

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "lw-bench-copilot-open-"));
const database = await openDatabase({});
const config = loadConfig({ NODE_ENV: "test", LOG_LEVEL: "silent", DATA_DIR: dataDir, WEB_DIST: "/nonexistent-web-dist", ...embeddingsEnv() });
const app = await buildApp({ config, database, authSecret: randomUUID() + randomUUID(), logger: false, imageCacheDir: path.join(dataDir, "images") });
await app.ready();
await runOpenSet(app, database);
await app.close();
await database.close();
fs.rmSync(dataDir, { recursive: true, force: true });
