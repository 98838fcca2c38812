// Where this run's template databases live (test/test-database.ts builds them when a file first
// needs one), and their removal when the run ends.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { randomUUID } from "node:crypto";
import type { TestProject } from "vitest/node";
import { dropDatabasesLike, type TemplatePlace } from "./test-database.ts";

export default function setup(project: TestProject) {
  const url = process.env.DATABASE_URL;
  const place: TemplatePlace = url
    ? { kind: "postgres", at: `lw_tpl_${randomUUID().replace(/-/g, "").slice(0, 12)}` }
    : { kind: "pglite", at: fs.mkdtempSync(path.join(os.tmpdir(), "lw-test-templates-")) };
  project.provide("templates", place);
  return async () => {
    if (url) await dropDatabasesLike(url, place.at);
    else fs.rmSync(place.at, { recursive: true, force: true });
  };
}
