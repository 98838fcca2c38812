import { sql } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { folderRelations, folders, userContents } from "../../db/schema/index.ts";
import { aliased } from "../../db/sql.ts";

/** One saved item as an export writes it. */
export interface ExportRow {
  title: string;
  url: string;
  description: string | null;
  content_type: string;
  course_status: string | null;
  is_private: boolean;
  created_at: Date;
  /** The names of the person's folders it is in, in the order the folders were made. */
  folders: string[];
}

const [UC, uc] = aliased(userContents, "uc");
const [R, r] = aliased(folderRelations, "r");
const [F, f] = aliased(folders, "f");

export function createExportReads(db: Db) {
  return {
    /** Everything in the person's library, private items included, oldest first. */
    async library(accountId: number): Promise<ExportRow[]> {
      const result = await db.execute(sql`
        select ${uc.title} as title, ${uc.url} as url, ${uc.description} as description, ${uc.contentType} as content_type,
          ${uc.courseStatus} as course_status, ${uc.isPrivate} as is_private, ${uc.createdAt} as created_at,
          coalesce((select array_agg(${f.name} order by ${f.id}) from ${R} join ${F} on ${f.id} = ${r.folderId} where ${r.userContentId} = ${uc.id}), '{}') as folders
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
