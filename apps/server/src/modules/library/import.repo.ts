import { sql } from "drizzle-orm";
import type { Tx } from "../../db/client.ts";
import { HIGHLIGHTS_PER_ITEM_MAX, TAG_NAME_MAX } from "@learnward/contracts";
import {
  contentItems,
  folderRelations,
  folders,
  folderSections,
  itemHighlights,
  itemNotes,
  libraryImportRows,
  tags,
  userContents,
  userContentTags,
} from "../../db/schema/index.ts";
import { aliased, names } from "../../db/sql.ts";
import { publicInCatalog } from "./catalog.scope.ts";
import { serialiseTagChanges } from "./tags.repo.ts";
import type { ImportPlace } from "./import.entry.ts";

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
  author: string | null;
  duration_s: number | null;
  image_url: string | null;
  /** The item's state when the file gives one its type takes (Learnward's own export); else `done` decides. */
  course_status: string | null;
  places: ImportPlace[];
  tags: string[];
  done: boolean;
  favourite: boolean;
  created: string | null;
  /** Private in my library: the file says so for this link, or the whole import is private. */
  private: boolean;
  /** The person's note (within NOTE_MAX) and highlights (each within its bounds, at most HIGHLIGHTS_PER_ITEM_MAX). */
  note: string | null;
  highlights: { text: string; comment: string | null; position: number | null; created: string | null }[];
}

const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;
const [C, c] = aliased(contentItems, "c");
const [UC, uc] = aliased(userContents, "uc");
const [F, f] = aliased(folders, "f");
const [R, r] = aliased(folderRelations, "r");
const [S, s] = aliased(folderSections, "s");
const [T, tg] = aliased(tags, "tg");
/** The tags of the staged rows, one row each: the link's row `x` and the tag's name `k.name`. */
const tagged = sql.raw("import_rows x cross join lateral jsonb_array_elements_text(x.tags) as k(name)");
const [H, hl] = aliased(itemHighlights, "hl");
/** The places of the staged rows, one row each: the link's row `x` and its place `p`. */
const placed = sql.raw("import_rows x cross join lateral jsonb_to_recordset(x.places) as p(folder text, section text, position int)");

/**
 * The rows of an import, each statement over all of them at once: an import of 10,000 links is a
 * handful of statements, not 10,000 saves. All in the transaction the import service opens.
 */
/** The first of the person's folders named as the place `p` says, as `t`. */
const folderNamed = (accountId: number) =>
  sql`select ${f.id} as id from ${F} where ${f.accountId} = ${accountId}::int and ${f.name} = p.folder order by ${f.id} limit 1`;

export function createImportWrites() {
  /** The rows staged by `stage`, as `x`. */
  const x = sql.raw("import_rows x");
  const own = (companyId: number) => sql`${x} join ${C} on ${c.companyId} = ${companyId}::int and ${c.normalizedUrl} = x.nurl`;

  return {
    /**
     * Puts the next `limit` rows of an import still to do in a table of the transaction (dropped
     * when it ends) that the steps below read. Answers how many it staged.
     */
    async stage(tx: Tx, importId: number, limit: number): Promise<number> {
      const ir = libraryImportRows;
      await tx.execute(sql`
        create temporary table import_rows on commit drop as
        select x.* from (select ${ir.row} as row from ${ir} where ${ir.importId} = ${importId}::int and not ${ir.done} order by ${ir.i} limit ${limit}::int) r
        cross join lateral jsonb_to_record(r.row) as x(i int, url text, nurl text, title text, fallback text,
          ctype text, provider text, description text, author text, duration_s int, image_url text, course_status text, places jsonb,
          tags jsonb, done boolean, favourite boolean, created timestamptz, private boolean, note text, highlights jsonb)`);
      const [staged] = rowsOf<{ n: number }>(await tx.execute(sql`select count(*)::int as n from ${x}`));
      return staged?.n ?? 0;
    },

    /** Marks the staged rows done, with the copy each added (taken out again if the import fails). */
    async markDone(tx: Tx, importId: number, added: number[]) {
      const ir = libraryImportRows;
      // The added copies found by id first (their primary key), then matched to the rows by link.
      await tx.execute(sql`
        update ${ir} set ${names(ir.done)} = true, ${names(ir.addedId)} = a.id
        from ${x}
        left join (select ${uc.id} as id, ${c.normalizedUrl} as nurl from ${UC} join ${C} on ${c.id} = ${uc.contentId}
          where ${uc.id} = any(${`{${added.join(",")}}`}::int[])) a on a.nurl = x.nurl
        where ${ir.importId} = ${importId}::int and ${ir.i} = x.i`);
    },

    /**
     * The catalog rows of the links, new ones created from the file. As a save does: a public
     * import gives a row that wasn't public (a colleague's private save) the person's own data.
     */
    async catalogRows(tx: Tx, companyId: number, accountId: number) {
      const i = contentItems;
      await tx.execute(sql`
        insert into ${i} (${names(i.companyId, i.url, i.normalizedUrl, i.title, i.contentType, i.provider, i.description, i.author, i.durationS, i.imageUrl, i.createdBy, i.privateOrigin)})
        select ${companyId}::int, x.url, x.nurl, coalesce(x.title, x.fallback), x.ctype, x.provider, x.description, x.author, x.duration_s, x.image_url,
          ${accountId}::int, x.private
        from ${x} order by x.i
        on conflict do nothing`);
      await tx.execute(sql`
        update ${C} set ${names(i.title)} = coalesce(x.title, x.fallback), ${names(i.url)} = x.url, ${names(i.contentType)} = x.ctype,
          ${names(i.provider)} = x.provider, ${names(i.author)} = x.author, ${names(i.durationS)} = x.duration_s, ${names(i.description)} = x.description,
          ${names(i.imageUrl)} = x.image_url, ${names(i.createdBy)} = ${accountId}::int, ${names(i.privateOrigin)} = false, ${names(i.updatedAt)} = now()
        from ${x}
        where ${c.companyId} = ${companyId}::int and ${c.normalizedUrl} = x.nurl and not x.private and not ${publicInCatalog(c)}`);
    },

    /**
     * The person's copies of the links they had not saved yet: the file's title and description, the rest
     * from a public catalog row (from their own data otherwise), in the state the file gives.
     * Answers the new copies.
     */
    async copies(tx: Tx, companyId: number, accountId: number) {
      const u = userContents;
      return rowsOf<{ id: number; content_id: number; course_status: string | null }>(
        await tx.execute(sql`
          insert into ${u} (${names(u.accountId, u.contentId, u.title, u.url, u.contentType, u.provider, u.author, u.durationS, u.description, u.imageUrl, u.isPrivate, u.courseStatus, u.createdAt, u.updatedAt)})
          select ${accountId}::int, ${c.id}, coalesce(x.title, case when p.pub then ${c.title} end, x.fallback),
            case when p.pub then ${c.url} else x.url end, p.type, case when p.pub then ${c.provider} else x.provider end,
            coalesce(x.author, case when p.pub then ${c.author} end), coalesce(x.duration_s, case when p.pub then ${c.durationS} end),
            coalesce(x.description, case when p.pub then ${c.description} end), coalesce(x.image_url, case when p.pub then ${c.imageUrl} end),
            x.private,
            -- The file's state (one the type takes: rowOf checked it); else a course starts on the wishlist, and what the tool
            -- it comes from calls read, archived or done is done (a job: closed).
            case when p.type = 'course' then coalesce(x.course_status, case when x.done then 'finalized' else 'wishlist' end)
              else coalesce(x.course_status, case when x.done then case when p.type = 'job' then 'closed' else 'finalized' end end) end,
            coalesce(x.created, now()), now()
          from ${own(companyId)}
          -- whether the row is public, worked out once a row
          cross join lateral (select ${publicInCatalog(c)} as pub) q
          -- A type the file states (Learnward's own export) wins; else the public row's, else the link's.
          cross join lateral (select q.pub, case when q.pub and x.course_status is null then ${c.contentType} else x.ctype end as type) p
          order by x.i
          on conflict do nothing
          returning ${names(u.id, u.contentId, u.courseStatus)}`),
      );
    },

    /** The person's folders and sections of the names the file gives, new ones created; answers how many folders were new. */
    async folders(tx: Tx, accountId: number) {
      const created = rowsOf<{ id: number }>(
        await tx.execute(sql`
          insert into ${folders} (${names(folders.accountId, folders.name)})
          select ${accountId}::int, p.folder from ${placed}
          where not exists (select 1 from ${F} where ${f.accountId} = ${accountId}::int and ${f.name} = p.folder)
          group by p.folder order by min(x.i)
          returning ${names(folders.id)}`),
      );
      const fs = folderSections;
      await tx.execute(sql`
        insert into ${fs} (${names(fs.folderId, fs.name, fs.position)})
        select t.id, p.section,
          coalesce((select max(${s.position}) from ${S} where ${s.folderId} = t.id), 0) + row_number() over (partition by t.id order by min(x.i))
        from ${placed}
        cross join lateral (${folderNamed(accountId)}) t
        where p.section is not null and not exists (select 1 from ${S} where ${s.folderId} = t.id and ${s.name} = p.section)
        group by t.id, p.section`);
      return created.length;
    },

    /**
     * Each link in its places (the first folder, and section, of that name): at the position the
     * file gives, else after the items already there, in the file's order. A link goes into a
     * folder once (its first place there).
     */
    async placeInFolders(tx: Tx, companyId: number, accountId: number) {
      const fr = folderRelations;
      await tx.execute(sql`
        insert into ${fr} (${names(fr.folderId, fr.sectionId, fr.userContentId, fr.priority)})
        select distinct on (t.id, ${uc.id}) t.id, sec.id, ${uc.id},
          coalesce(p.position, coalesce((select max(${r.priority}) from ${R} where ${r.folderId} = t.id and ${r.sectionId} is not distinct from sec.id), 0)
            + row_number() over (partition by t.id, sec.id order by x.i))
        from ${placed}
        join ${C} on ${c.companyId} = ${companyId}::int and ${c.normalizedUrl} = x.nurl
        join ${UC} on ${uc.accountId} = ${accountId}::int and ${uc.contentId} = ${c.id}
        cross join lateral (${folderNamed(accountId)}) t
        left join lateral (select ${s.id} as id from ${S} where ${s.folderId} = t.id and ${s.name} = p.section order by ${s.id} limit 1) sec on true
        where not exists (select 1 from ${R} where ${r.folderId} = t.id and ${r.userContentId} = ${uc.id})
        order by t.id, ${uc.id}, x.i
        on conflict do nothing`);
    },

    /**
     * The file's tags: the person's tags of those names (any case) created where missing, spelled
     * as the file first spells them, and put on the person's copies of the links (new copies and
     * ones already in the library alike), in two statements for the whole batch.
     */
    async tagCopies(tx: Tx, companyId: number, accountId: number) {
      await serialiseTagChanges(tx, accountId);
      await tx.execute(sql`
        insert into ${tags} (${names(tags.accountId, tags.name)})
        select ${accountId}::int, (array_agg(k.name order by x.i))[1] from ${tagged}
        where char_length(k.name) between 1 and ${TAG_NAME_MAX}::int and k.name = btrim(k.name)
        group by lower(k.name)
        on conflict do nothing`);
      const l = userContentTags;
      await tx.execute(sql`
        insert into ${l} (${names(l.tagId, l.userContentId, l.itemCreatedAt)})
        select distinct ${tg.id}, ${uc.id}, ${uc.createdAt}
        from ${tagged}
        join ${C} on ${c.companyId} = ${companyId}::int and ${c.normalizedUrl} = x.nurl
        join ${UC} on ${uc.accountId} = ${accountId}::int and ${uc.contentId} = ${c.id}
        join ${T} on ${tg.accountId} = ${accountId}::int and lower(${tg.name}) = lower(k.name)
        on conflict do nothing`);
    },
    /** The file's note on each link, on the person's copy that has none yet (a note already written is kept). */
    async notes(tx: Tx, companyId: number, accountId: number) {
      const n = itemNotes;
      await tx.execute(sql`
        insert into ${n} (${names(n.userContentId, n.accountId, n.body)})
        select ${uc.id}, ${accountId}::int, x.note
        from ${own(companyId)}
        join ${UC} on ${uc.accountId} = ${accountId}::int and ${uc.contentId} = ${c.id}
        where x.note is not null
        on conflict do nothing`);
    },

    /**
     * The file's highlights of each link on the person's copy, but those it keeps already (the same
     * passage and comment), in the file's order, up to what one item keeps.
     */
    async highlights(tx: Tx, companyId: number, accountId: number) {
      const h = itemHighlights;
      await tx.execute(sql`
        insert into ${h} (${names(h.userContentId, h.accountId, h.text, h.comment, h.position, h.createdAt, h.updatedAt)})
        select q.item, ${accountId}::int, q.text, q.comment, q.position, coalesce(q.created, now()), now()
        from (
          select ${uc.id} as item, y.text, y.comment, y.position, y.created,
            row_number() over (partition by ${uc.id} order by x.i, y.n) as k
          from ${own(companyId)}
          join ${UC} on ${uc.accountId} = ${accountId}::int and ${uc.contentId} = ${c.id}
          cross join lateral rows from (jsonb_to_recordset(x.highlights) as (text text, comment text, position int, created timestamptz))
            with ordinality as y(text, comment, position, created, n)
          where not exists (select 1 from ${H} where ${hl.userContentId} = ${uc.id} and ${hl.text} = y.text and ${hl.comment} is not distinct from y.comment)
        ) q
        where q.k + (select count(*) from ${H} where ${hl.userContentId} = q.item) <= ${HIGHLIGHTS_PER_ITEM_MAX}::int
        order by q.item, q.k`);
    },
  };
}
export type ImportWrites = ReturnType<typeof createImportWrites>;
