import { readdirSync, readFileSync } from "node:fs";
import { getTableName, is } from "drizzle-orm";
import { PgTable } from "drizzle-orm/pg-core";
import { describe, expect, it } from "vitest";
import * as schema from "./schema/index.ts";

// Raw SQL names tables through the schema (db/sql.ts), so that a rename fails to compile.
// Every module's code does: a table named by hand in any module file (`from user_contents u`) fails here.
const modules = new URL("../modules/", import.meta.url);
const THROUGH_SCHEMA = (readdirSync(modules, { recursive: true }) as string[])
  .filter((f) => f.endsWith(".ts") && !f.endsWith(".test.ts"))
  .map((f) => `../modules/${f}`);

const tables = Object.values(schema)
  .filter((t) => is(t, PgTable))
  .map((t) => getTableName(t));

describe("raw SQL names tables through the schema", () => {
  it.each(THROUGH_SCHEMA)("%s names no table by hand", (file) => {
    const text = readFileSync(new URL(file, import.meta.url), "utf8");
    const byHand = tables.filter((name) => new RegExp(`\\b(from|join|update|into)\\s+${name}\\b`, "i").test(text));
    expect(byHand).toEqual([]);
  });

  it("knows the schema's tables and every module's files", () => {
    expect(tables).toEqual(expect.arrayContaining(["content_items", "user_contents", "accounts"]));
    expect(THROUGH_SCHEMA).toEqual(
      expect.arrayContaining(["../modules/discover/discover.repo.ts", "../modules/network/plans.repo.ts", "../modules/insights/insights.repo.ts"]),
    );
  });
});
