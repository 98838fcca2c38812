import { readdirSync, readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";

// ARCHITECTURE.md "Rules live once": SCIM writes only its own tables (scim_tokens, scim_external_ids,
// scim_deleted_accounts); teams, accounts and login users change through people and identity.
const here = new URL("./", import.meta.url);
const repos = readdirSync(here).filter((f) => f.endsWith(".repo.ts"));
const OTHERS = ["teams", "accounts", "authUsers", "authSessions", "companies"];

describe("SCIM's repos write no other module's table", () => {
  it.each(repos)("%s", (file) => {
    const text = readFileSync(new URL(file, here), "utf8");
    const writes = OTHERS.filter((table) => new RegExp(`\\.(insert|update|delete)\\(\\s*${table}\\s*\\)`).test(text));
    expect(writes).toEqual([]);
  });

  it("finds SCIM's repos", () => {
    expect(repos).toEqual(expect.arrayContaining(["scim.repo.ts", "scim-groups.repo.ts"]));
  });
});
