import { sql } from "drizzle-orm";
import type { Tx } from "../../db/client.ts";
import { contentItems, folderRelations, folders, userContents } from "../../db/schema/index.ts";
import { aliased, names } from "../../db/sql.ts";
import { publicInCatalog } from "./catalog.scope.ts";

/** One link of an import as the statements read it (jsonb_to_recordset), in the file's order `i`. */
export interface ImportRow {
  i: number;
  url: string;
  nurl: string;
  /** The file's title, or null: the catalog's, else `fallback` (a title made from the link). */
  title: string | null;
  fallback: string;
  ctype: string;
  provider: string | null;
  description: string | null;
  folder: string | null;
  created: string | null;
  /** Private in my library: the file says so for this link, or the whole import is private. */
  private: boolean;
}

const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;
const [C, c] = aliased(contentItems, "c");
const [UC, uc] = aliased(userContents, "uc");
const [F, f] = aliased(folders, "f");
const [R, r] = aliased(folderRelations, "r");

/**
 * The rows of an import, each statement over all of them at once: an import of 10,000 links is a
 * handful of statements, not 10,000 saves. All in the transaction the import service opens.
 */
export function createImportWrites() {
  /** The rows staged by `stage`, as `x`. */
  const x = sql.raw("import_rows x");
  const own = (companyId: number) => sql`${x} join ${C} on ${c.companyId} = ${companyId}::int and ${c.normalizedUrl} = x.nurl`;

  return {
    /**
     * Puts the import's rows in a table of the transaction (dropped when it ends) that the steps
     * below read: sent and parsed once, one jsonb parameter however many rows there are.
     */
    async stage(tx: Tx, rows: ImportRow[]) {
      await tx.execute(sql`
        create temporary table import_rows on commit drop as
        select * from jsonb_to_recordset(${JSON.stringify(rows)}::jsonb) as x(i int, url text, nurl text, title text, fallback text,
          ctype text, provider text, description text, folder text, created timestamptz, private boolean)`);
    },

    /**
     * The catalog rows of the links, new ones created from the file. As a save does: a public
     * import gives a row that wasn't public (a colleague's private save) the person's own data.
     */
    async catalogRows(tx: Tx, companyId: number, accountId: number) {
      const i = contentItems;
      await tx.execute(sql`
        insert into ${i} (${names(i.companyId, i.url, i.normalizedUrl, i.title, i.contentType, i.provider, i.description, i.createdBy, i.privateOrigin)})
        select ${companyId}::int, x.url, x.nurl, coalesce(x.title, x.fallback), x.ctype, x.provider, x.description, ${accountId}::int, x.private
        from ${x} order by x.i
        on conflict do nothing`);
      await tx.execute(sql`
        update ${C} set ${names(i.title)} = coalesce(x.title, x.fallback), ${names(i.url)} = x.url, ${names(i.contentType)} = x.ctype,
          ${names(i.provider)} = x.provider, ${names(i.author)} = null, ${names(i.durationS)} = null, ${names(i.description)} = x.description,
          ${names(i.imageUrl)} = null, ${names(i.createdBy)} = ${accountId}::int, ${names(i.privateOrigin)} = false, ${names(i.updatedAt)} = now()
        from ${x}
        where ${c.companyId} = ${companyId}::int and ${c.normalizedUrl} = x.nurl and not x.private and not ${publicInCatalog(c)}`);
    },

    /**
     * The person's copies of the links they had not saved yet: the file's title and notes, the rest
     * from a public catalog row (from their own data otherwise); a course starts on the wishlist.
     * Answers the new copies.
     */
    async copies(tx: Tx, companyId: number, accountId: number) {
      const u = userContents;
      return rowsOf<{ id: number; content_id: number; course_status: string | null }>(
        await tx.execute(sql`
          insert into ${u} (${names(u.accountId, u.contentId, u.title, u.url, u.contentType, u.provider, u.author, u.durationS, u.description, u.imageUrl, u.isPrivate, u.courseStatus, u.createdAt, u.updatedAt)})
          select ${accountId}::int, ${c.id}, coalesce(x.title, case when p.pub then ${c.title} end, x.fallback),
            case when p.pub then ${c.url} else x.url end, p.type, case when p.pub then ${c.provider} else x.provider end,
            case when p.pub then ${c.author} end, case when p.pub then ${c.durationS} end,
            coalesce(x.description, case when p.pub then ${c.description} end), case when p.pub then ${c.imageUrl} end,
            x.private, case when p.type = 'course' then 'wishlist' end, coalesce(x.created, now()), now()
          from ${own(companyId)}
          -- whether the row is public, worked out once a row
          cross join lateral (select ${publicInCatalog(c)} as pub) q
          cross join lateral (select q.pub, case when q.pub then ${c.contentType} else x.ctype end as type) p
          order by x.i
          on conflict do nothing
          returning ${names(u.id, u.contentId, u.courseStatus)}`),
      );
    },

    /** The person's folders of the names the file gives, new ones created; answers how many were new. */
    async folders(tx: Tx, accountId: number) {
      const created = rowsOf<{ id: number }>(
        await tx.execute(sql`
          insert into ${folders} (${names(folders.accountId, folders.name)})
          select ${accountId}::int, x.folder from ${x}
          where x.folder is not null and not exists (select 1 from ${F} where ${f.accountId} = ${accountId}::int and ${f.name} = x.folder)
          group by x.folder order by min(x.i)
          returning ${names(folders.id)}`),
      );
      return created.length;
    },

    /**
     * Each link in its folder (the first of that name), after the folder's items, in the file's
     * order. Links are distinct in the staged rows and each has one folder: no pair comes twice.
     */
    async placeInFolders(tx: Tx, companyId: number, accountId: number) {
      const fr = folderRelations;
      await tx.execute(sql`
        insert into ${fr} (${names(fr.folderId, fr.userContentId, fr.priority)})
        select t.id, ${uc.id},
          coalesce((select max(${r.priority}) from ${R} where ${r.folderId} = t.id and ${r.sectionId} is null), 0)
            + row_number() over (partition by t.id order by x.i)
        from ${own(companyId)}
        join ${UC} on ${uc.accountId} = ${accountId}::int and ${uc.contentId} = ${c.id}
        cross join lateral (select ${f.id} as id from ${F} where ${f.accountId} = ${accountId}::int and ${f.name} = x.folder order by ${f.id} limit 1) t
        where x.folder is not null
          and not exists (select 1 from ${R} where ${r.folderId} = t.id and ${r.userContentId} = ${uc.id})
        on conflict do nothing`);
    },
  };
}
export type ImportWrites = ReturnType<typeof createImportWrites>;
