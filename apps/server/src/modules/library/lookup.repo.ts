import { and, asc, eq } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { folderRelations, folders } from "../../db/schema/index.ts";

/** The folders of a person holding one of their saved items, by name. */
export function createLookupRepo(db: Db) {
  return {
    async foldersHolding(accountId: number, userContentId: number) {
      return db
        .select({ id: folders.id, name: folders.name })
        .from(folderRelations)
        .innerJoin(folders, eq(folders.id, folderRelations.folderId))
        .where(and(eq(folders.accountId, accountId), eq(folderRelations.userContentId, userContentId)))
        .orderBy(asc(folders.name), asc(folders.id));
    },
  };
}
export type LookupRepo = ReturnType<typeof createLookupRepo>;
