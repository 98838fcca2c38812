import { and, desc, eq, inArray, sql } from "drizzle-orm";
import type { Db, Tx } from "../../db/client.ts";
import { accounts, authUsers, libraryImportRows, libraryImports, tags, userContents } from "../../db/schema/index.ts";
import type { ImportSkip } from "./import.entry.ts";
import type { ImportRow } from "./import.repo.ts";

export type ImportRun = typeof libraryImports.$inferSelect;

/** Imports as their people follow them, and the rows their job works through. */
export function createImportRuns(db: Db) {
  return {
    /** A new import with its rows, all in the caller's transaction. */
    async create(tx: Tx, run: { accountId: number; format: string; merged: number; skipped: ImportSkip[]; skippedCount: number }, rows: ImportRow[]) {
      const [created] = await tx
        .insert(libraryImports)
        .values({ ...run, total: rows.length })
        .returning();
      if (!created) throw new Error("the import was not written");
      const ir = libraryImportRows;
      // One jsonb parameter for every row: sent and parsed once, however many there are.
      await tx.execute(sql`
        insert into ${ir} (${sql.raw('"import_id", "i", "row"')})
        select ${created.id}::int, (e->>'i')::int, e from jsonb_array_elements(${JSON.stringify(rows)}::jsonb) e`);
      return created;
    },

    async byId(id: number) {
      const [run] = await db.select().from(libraryImports).where(eq(libraryImports.id, id));
      return run;
    },

    async ofAccount(accountId: number, id: number) {
      const [run] = await db
        .select()
        .from(libraryImports)
        .where(and(eq(libraryImports.id, id), eq(libraryImports.accountId, accountId)));
      return run;
    },

    latest(accountId: number, limit: number) {
      return db.select().from(libraryImports).where(eq(libraryImports.accountId, accountId)).orderBy(desc(libraryImports.id)).limit(limit);
    },

    /** The import, locked: one batch at a time however many workers take its job. */
    async lock(tx: Tx, id: number) {
      const [run] = await tx.select().from(libraryImports).where(eq(libraryImports.id, id)).for("update");
      return run;
    },

    async progress(tx: Tx, id: number, batch: { processed: number; added: number; merged: number; foldersCreated: number }) {
      const i = libraryImports;
      await tx
        .update(i)
        .set({
          status: "running",
          processed: sql`${i.processed} + ${batch.processed}`,
          added: sql`${i.added} + ${batch.added}`,
          merged: sql`${i.merged} + ${batch.merged}`,
          foldersCreated: sql`${i.foldersCreated} + ${batch.foldersCreated}`,
        })
        .where(eq(i.id, id));
    },

    /** Done: its rows are no longer needed. */
    async finish(tx: Tx, id: number) {
      await tx.delete(libraryImportRows).where(eq(libraryImportRows.importId, id));
      const [run] = await tx
        .update(libraryImports)
        .set({ status: "done", finishedAt: sql`now()` })
        .where(eq(libraryImports.id, id))
        .returning();
      return run;
    },

    /** Failed: the copies it added are taken out again (with their places in folders), and it says why. */
    async fail(tx: Tx, id: number, code: string) {
      const added = tx.select({ id: libraryImportRows.addedId }).from(libraryImportRows).where(eq(libraryImportRows.importId, id));
      await tx.delete(userContents).where(inArray(userContents.id, added));
      // And the tags it created: those the file names that the person has had only since the import
      // began (with them go their places on items the person had before).
      await tx.execute(sql`
        delete from ${tags} using ${libraryImports}
        where ${libraryImports.id} = ${id} and ${tags.accountId} = ${libraryImports.accountId} and ${tags.createdAt} >= ${libraryImports.createdAt}
          and lower(${tags.name}) in (
            select lower(k.name) from ${libraryImportRows} r cross join lateral jsonb_array_elements_text(coalesce(r.row -> 'tags', '[]'::jsonb)) k(name)
            where r.import_id = ${id})`);
      await tx.delete(libraryImportRows).where(eq(libraryImportRows.importId, id));
      const [run] = await tx
        .update(libraryImports)
        .set({ status: "failed", error: code, added: 0, finishedAt: sql`now()` })
        .where(eq(libraryImports.id, id))
        .returning();
      return run;
    },

    /** Who to tell, in their language, that a long import has ended. */
    async recipient(accountId: number) {
      const [who] = await db
        .select({ email: authUsers.email, name: authUsers.name, locale: accounts.locale, companyId: accounts.companyId })
        .from(accounts)
        .innerJoin(authUsers, eq(authUsers.id, accounts.uid))
        .where(eq(accounts.id, accountId));
      return who;
    },
  };
}
export type ImportRuns = ReturnType<typeof createImportRuns>;
