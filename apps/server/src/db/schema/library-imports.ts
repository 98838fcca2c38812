import { boolean, index, integer, jsonb, pgTable, primaryKey, serial, text } from "drizzle-orm/pg-core";
import { createdAt, ownedBy, timestamptz } from "./columns.ts";
import { accounts } from "./identity.ts";

/**
 * A library import, read from its file when it was sent and worked through afterwards by a job,
 * a batch of links at a time: what the person's screen shows while it runs, and its summary after.
 */
export const libraryImports = pgTable(
  "library_imports",
  {
    id: serial("id").primaryKey(),
    accountId: ownedBy("account_id", () => accounts.id),
    format: text("format").notNull(),
    /** queued → running → done, or failed (what it had added is taken out again). */
    status: text("status").notNull().default("queued"),
    /** The distinct links read from the file. */
    total: integer("total").notNull(),
    processed: integer("processed").notNull().default(0),
    added: integer("added").notNull().default(0),
    /** Links already in the library, and a link's repeats in the file, merged into one item. */
    merged: integer("merged").notNull().default(0),
    foldersCreated: integer("folders_created").notNull().default(0),
    /** The first entries not imported, with their line and reason; and how many there were. */
    skipped: jsonb("skipped").notNull(),
    skippedCount: integer("skipped_count").notNull(),
    /** Why it failed, as an error code. */
    error: text("error"),
    ...createdAt(),
    finishedAt: timestamptz("finished_at"),
  },
  (t) => [index("library_imports_account_idx").on(t.accountId, t.id)],
);

/**
 * The links of an import still to do, one row each in the file's order; a batch marks its rows
 * done in the transaction that saves them, so a job that stops resumes where it was. `addedId` is
 * the copy a row added, taken out again if the import fails.
 */
export const libraryImportRows = pgTable(
  "library_import_rows",
  {
    importId: ownedBy("import_id", () => libraryImports.id),
    i: integer("i").notNull(),
    row: jsonb("row").notNull(),
    done: boolean("done").notNull().default(false),
    addedId: integer("added_id"),
  },
  (t) => [primaryKey({ columns: [t.importId, t.i] })],
);
