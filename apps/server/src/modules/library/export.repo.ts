import { sql } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { folderRelations, folders, folderSections, itemHighlights, itemNotes, tags, userContents, userContentTags } from "../../db/schema/index.ts";
import { aliased } from "../../db/sql.ts";

/** One of an item's places: a folder, its section if any, and the item's place in it. */
export interface ExportPlace {
  folder: string;
  section: string | null;
  priority: number;
}

/** A highlight as an export writes it. */
export interface ExportHighlight {
  text: string;
  comment: string | null;
  position: number | null;
  created_at: string;
}

/** One saved item as an export writes it. */
export interface ExportRow {
  title: string;
  url: string;
  description: string | null;
  content_type: string;
  author: string | null;
  duration_s: number | null;
  image_url: string | null;
  /** Its state (the column keeps the spec's name): a course state, or a job's own. */
  course_status: string | null;
  is_private: boolean;
  /** The person's note (Markdown), and their highlights in page order. */
  note: string | null;
  highlights: ExportHighlight[];
  created_at: Date;
  /** Its places in the person's folders, in the order the folders (and their sections) were made. */
  folders: ExportPlace[];
  /** The person's tags on it, by name. */
  tags: string[];
}

const [UC, uc] = aliased(userContents, "uc");
const [R, r] = aliased(folderRelations, "r");
const [F, f] = aliased(folders, "f");
const [S, s] = aliased(folderSections, "s");
const [N, n] = aliased(itemNotes, "n");
const [H, h] = aliased(itemHighlights, "h");
const [L, l] = aliased(userContentTags, "l");
const [T, tg] = aliased(tags, "tg");

export function createExportReads(db: Db) {
  return {
    /** Everything in the person's library, private items included, oldest first. */
    async library(accountId: number): Promise<ExportRow[]> {
      const result = await db.execute(sql`
        select ${uc.title} as title, ${uc.url} as url, ${uc.description} as description, ${uc.contentType} as content_type,
          ${uc.author} as author, ${uc.durationS} as duration_s, ${uc.imageUrl} as image_url,
          ${uc.courseStatus} as course_status, ${uc.isPrivate} as is_private, ${uc.createdAt} as created_at,
          coalesce((select jsonb_agg(jsonb_build_object('folder', ${f.name}, 'section', ${s.name}, 'priority', ${r.priority})
              order by ${f.id}, ${s.position} nulls first, ${s.id})
            from ${R} join ${F} on ${f.id} = ${r.folderId} left join ${S} on ${s.id} = ${r.sectionId}
            where ${r.userContentId} = ${uc.id}), '[]') as folders,
          (select ${n.body} from ${N} where ${n.userContentId} = ${uc.id}) as note,
          coalesce((select jsonb_agg(jsonb_build_object('text', ${h.text}, 'comment', ${h.comment}, 'position', ${h.position},
              'created_at', to_char(${h.createdAt} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'))
              order by ${h.position} nulls last, ${h.id})
            from ${H} where ${h.userContentId} = ${uc.id}), '[]') as highlights,
          coalesce((select jsonb_agg(${tg.name} order by lower(${tg.name}), ${tg.id}) from ${L} join ${T} on ${tg.id} = ${l.tagId}
            where ${l.userContentId} = ${uc.id}), '[]') as tags
        from ${UC} where ${uc.accountId} = ${accountId}::int
        order by ${uc.createdAt}, ${uc.id}`);
      return (result as unknown as { rows: (Omit<ExportRow, "created_at"> & { created_at: Date | string })[] }).rows.map((row) => ({
        ...row,
        created_at: new Date(row.created_at),
      }));
    },
  };
}
export type ExportReads = ReturnType<typeof createExportReads>;
