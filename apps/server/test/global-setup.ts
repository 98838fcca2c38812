// Made once per run, before any test file: the databases every file starts from. Migrating a fresh
// PGlite (initdb and every migration) and starting the job queue on it took each of some eighty
// files seconds; a copy of the template takes a fraction of that. On PostgreSQL each file's
// database is `CREATE DATABASE … TEMPLATE` of one made here.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { randomUUID } from "node:crypto";
import type { TestProject } from "vitest/node";
import { dropDatabase, freshDatabase, seedDemoWorld, startTestApp, type TestTemplates } from "./helpers.ts";

export default async function setup(project: TestProject) {
  const url = process.env.DATABASE_URL;
  const made: string[] = [];
  const make = async (seed: boolean) => {
    const { database, name } = await freshDatabase();
    try {
      const { app, imageCacheDir } = await startTestApp(database);
      if (seed) await seedDemoWorld(database, app);
      await app.close();
      fs.rmSync(imageCacheDir, { recursive: true, force: true });
      if (name) return name;
      const file = path.join(os.tmpdir(), `lw-test-template-${randomUUID()}.tar`);
      fs.writeFileSync(file, Buffer.from(await (await database.dump!()).arrayBuffer()));
      return file;
    } finally {
      await database.close();
    }
  };
  const templates: TestTemplates = { kind: url ? "postgres" : "pglite", empty: "", demo: "" };
  const teardown = async () => {
    for (const t of made) {
      if (url) await dropDatabase(url, t);
      else fs.rmSync(t, { force: true });
    }
  };
  try {
    made.push((templates.empty = await make(false)));
    made.push((templates.demo = await make(true)));
  } catch (err) {
    await teardown();
    throw err;
  }
  project.provide("templates", templates);
  return teardown;
}
