import { and, asc, count, desc, eq, ne } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { accounts, authUsers, folderRelations, folders, userContents } from "../../db/schema/index.ts";
import { seenColleagueSave } from "./catalog.scope.ts";

/** What one saved item's page reads besides the item itself: the folders it is in and who else saved it. */
export function createItemRepo(db: Db) {
  return {
    /** The owner's folders that hold their saved item `userContentId`, by name. */
    async folders(accountId: number, userContentId: number) {
      return db
        .selectDistinct({ id: folders.id, name: folders.name })
        .from(folderRelations)
        .innerJoin(folders, eq(folders.id, folderRelations.folderId))
        .where(and(eq(folderRelations.userContentId, userContentId), eq(folders.accountId, accountId)))
        .orderBy(asc(folders.name), asc(folders.id));
    },

    /** The colleagues of `companyId` but the viewer who saved catalog item `contentId` where the viewer may see it: the latest `limit`, and how many in all. */
    async savers(companyId: number, viewerId: number, contentId: number, limit: number) {
      const where = and(
        eq(userContents.contentId, contentId),
        ne(userContents.accountId, viewerId),
        seenColleagueSave(companyId, { isPrivate: userContents.isPrivate, saverCompanyId: accounts.companyId, saverStatus: accounts.status }),
      );
      const [rows, [total]] = await Promise.all([
        db
          .select({ username: accounts.username, displayName: authUsers.name, image: authUsers.image })
          .from(userContents)
          .innerJoin(accounts, eq(accounts.id, userContents.accountId))
          .innerJoin(authUsers, eq(authUsers.id, accounts.uid))
          .where(where)
          .orderBy(desc(userContents.createdAt), desc(userContents.id))
          .limit(limit),
        db.select({ n: count() }).from(userContents).innerJoin(accounts, eq(accounts.id, userContents.accountId)).where(where),
      ]);
      return { rows, count: total?.n ?? 0 };
    },
  };
}
export type ItemRepo = ReturnType<typeof createItemRepo>;
