import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { spawn } from "node:child_process";
import { describe, expect, it } from "vitest";
import { openDatabase } from "./client.ts";
import { isEmpty } from "./seed/index.ts";

describe.skipIf(Boolean(process.env.DATABASE_URL))("embedded PostgreSQL data folder", () => {
  it("migrates a new folder, keeps data across reopen, and refuses a second live process", async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "lw-db-"));
    const first = await openDatabase({ dataDir: dir });
    expect(await isEmpty(first.db)).toBe(true);
    await first.db.execute("insert into companies (name, domain) values ('Kept', 'kept.test')");
    await first.close();

    const reopened = await openDatabase({ dataDir: dir });
    expect(await isEmpty(reopened.db)).toBe(false);
    await reopened.close();

    // Another live process holds the folder: refuse rather than lose data.
    const other = spawn("sleep", ["30"]);
    fs.writeFileSync(path.join(dir, "learnward.lock"), String(other.pid));
    await expect(openDatabase({ dataDir: dir })).rejects.toThrow(/in use by process/);
    other.kill();
    fs.rmSync(dir, { recursive: true, force: true });
  }, 90_000); // three embedded databases opened and migrated one after another
});
