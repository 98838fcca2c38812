import { existsSync, readdirSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";

// How the modules meet, checked on the source: each rule here is one the architecture states.
const modules = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../src/modules");
const moduleNames = readdirSync(modules, { withFileTypes: true })
  .filter((e) => e.isDirectory())
  .map((e) => e.name);

describe("module seams", () => {
  it("gives every module's policy its own table of who is allowed", () => {
    const untested = moduleNames.filter(
      (m) => existsSync(path.join(modules, m, `${m}.policy.ts`)) && !existsSync(path.join(modules, m, `${m}.policy.test.ts`)),
    );
    expect(untested).toEqual([]);
  });
});
