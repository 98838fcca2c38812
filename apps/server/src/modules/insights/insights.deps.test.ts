import { readdirSync, readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";

// Budgeting alone applies its rules (who decides a purchase request, which budgets are
// current). Insights reads what budgeting's service exposes, never its repo or its policy, so the
// "to decide" count on the dashboard cannot drift from the budgeting pages.
const dir = new URL("./", import.meta.url);
const files = readdirSync(dir).filter((f) => f.endsWith(".ts") && !f.endsWith(".test.ts"));

describe("insights depends on budgeting through its service only", () => {
  it.each(files)("%s imports neither budgeting's repo nor its policy", (file) => {
    const text = readFileSync(new URL(file, dir), "utf8");
    expect(text).not.toMatch(/from "\.\.\/budgeting\/budgeting\.(repo|policy)\.ts"/);
  });

  it("reads the module's files", () => {
    expect(files).toEqual(expect.arrayContaining(["insights.service.ts", "index.ts"]));
  });
});
