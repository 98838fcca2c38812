// @vitest-environment node
import { globSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { isolatedFiles } from "../../vitest.config";

// Most files share a worker's imported modules (vitest.config.ts): a file that mocked a module there
// would get the real one, or hand its mock to the files after it.
describe("test isolation", () => {
  it("runs every file that mocks a module in the isolated project, and no other", () => {
    const root = join(import.meta.dirname, "../..");
    const mocking = globSync("src/**/*.test.{ts,tsx}", { cwd: root })
      .filter((file) => /\bvi\.mock\(/.test(readFileSync(join(root, file), "utf8")))
      .sort();
    expect(mocking).toEqual([...isolatedFiles].sort());
  });
});
