// @vitest-environment node
import fs from "node:fs";
import { describe, expect, it } from "vitest";
import { generateTypes, OUTPUT } from "../../scripts/openapi-types";

describe("openapi.gen.ts", () => {
  it("is what openapi-typescript makes of the committed docs/openapi.json (npm run openapi:types)", async () => {
    const committed = fs.readFileSync(OUTPUT, "utf8");
    expect(committed === (await generateTypes()), "openapi.gen.ts is stale: run npm run openapi:types and commit it").toBe(true);
  });
});
