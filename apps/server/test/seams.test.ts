import { existsSync, readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";

// How the modules meet, checked on the source: each rule here is one the architecture states.
const modules = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../src/modules");
const moduleNames = readdirSync(modules, { withFileTypes: true })
  .filter((e) => e.isDirectory())
  .map((e) => e.name);

/** Every non-test source file under a folder, recursively. */
const sources = (dir: string): string[] =>
  readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
    e.isDirectory() ? sources(path.join(dir, e.name)) : e.name.endsWith(".ts") && !e.name.endsWith(".test.ts") ? [path.join(dir, e.name)] : [],
  );

describe("module seams", () => {
  it("leaves transactions and domain events to services: repos only read and write", () => {
    const offenders = sources(modules)
      .filter((f) => f.endsWith(".repo.ts"))
      .filter((f) => /\.transaction\(|\bEventBus\b|\.emit\(/.test(readFileSync(f, "utf8")))
      .map((f) => path.relative(modules, f));
    expect(offenders).toEqual([]);
  });

  it("leaves refusals to services: no repo throws an API error", () => {
    const offenders = sources(modules)
      .filter((f) => f.endsWith(".repo.ts"))
      .filter((f) => /\bAppError\b/.test(readFileSync(f, "utf8")))
      .map((f) => path.relative(modules, f));
    expect(offenders).toEqual([]);
  });

  it("gives every module's policy its own table of who is allowed", () => {
    const untested = moduleNames.filter(
      (m) => existsSync(path.join(modules, m, `${m}.policy.ts`)) && !existsSync(path.join(modules, m, `${m}.policy.test.ts`)),
    );
    expect(untested).toEqual([]);
  });
});
