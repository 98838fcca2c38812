import { readFileSync } from "node:fs";
import { getTableName, is } from "drizzle-orm";
import { PgTable } from "drizzle-orm/pg-core";
import { describe, expect, it } from "vitest";
import * as schema from "./schema/index.ts";

// Issue 24: raw SQL names tables through the schema (db/sql.ts), so that a rename fails to compile.
// These files were rewritten so; a table named by hand again (`from user_contents u`) fails here.
const THROUGH_SCHEMA = ["../modules/discover/discover.repo.ts", "../modules/discover/copilot.repo.ts"];

const tables = Object.values(schema)
  .filter((t) => is(t, PgTable))
  .map((t) => getTableName(t));

describe("raw SQL names tables through the schema", () => {
  it.each(THROUGH_SCHEMA)("%s names no table by hand", (file) => {
    const text = readFileSync(new URL(file, import.meta.url), "utf8");
    const byHand = tables.filter((name) => new RegExp(`\\b(from|join)\\s+${name}\\b`, "i").test(text));
    expect(byHand).toEqual([]);
  });

  it("knows the schema's tables", () => expect(tables).toEqual(expect.arrayContaining(["content_items", "user_contents", "accounts"])));
});
