import type { Db, Tx } from "../../db/client.ts";
import { conflict, notFound } from "../../lib/errors.ts";
import type { FoldersRepo, ListScope } from "./folders.repo.ts";

/**
 * The writes to a folder's sections and items: each one a transaction that first locks the folder
 * (refusing folders that are not mine), which serialises every change to one folder's order.
 */
export function createFoldersService(deps: { db: Db; repo: FoldersRepo }) {
  const { db, repo } = deps;

  async function lockFolder(tx: Tx, accountId: number, folderId: number) {
    const folder = await repo.lockFolder(tx, accountId, folderId);
    if (!folder) throw notFound("Folder");
    return folder;
  }

  async function checkSection(tx: Tx, folderId: number, sectionId: ListScope) {
    if (!(await repo.hasSection(tx, folderId, sectionId))) throw notFound("Section");
  }

  async function relationFolder(accountId: number, relationId: number) {
    const relation = await repo.relationFolder(accountId, relationId);
    if (!relation) throw notFound("Folder item");
    return relation;
  }

  return {
    async listSections(accountId: number, folderId: number) {
      return db.transaction(async (tx) => {
        await lockFolder(tx, accountId, folderId);
        return repo.sections(tx, folderId);
      });
    },

    async createSection(accountId: number, folderId: number, name: string) {
      return db.transaction(async (tx) => {
        await lockFolder(tx, accountId, folderId);
        return repo.appendSection(tx, folderId, name);
      });
    },

    async renameSection(accountId: number, folderId: number, sectionId: number, name: string) {
      return db.transaction(async (tx) => {
        await lockFolder(tx, accountId, folderId);
        const row = await repo.renameSection(tx, folderId, sectionId, name);
        if (!row) throw notFound("Section");
        return row;
      });
    },

    /** A deleted section's items move, in order, to the end of the folder's unsectioned list. */
    async deleteSection(accountId: number, folderId: number, sectionId: number) {
      await db.transaction(async (tx) => {
        await lockFolder(tx, accountId, folderId);
        await checkSection(tx, folderId, sectionId);
        await repo.deleteSection(tx, folderId, sectionId);
      });
    },

    async listRelations(accountId: number, folderId: number, scope: ListScope | "all", limit: number, offset: number) {
      return db.transaction(async (tx) => {
        await lockFolder(tx, accountId, folderId);
        if (scope === "all") {
          await repo.repairAll(tx, folderId);
        } else {
          await checkSection(tx, folderId, scope);
          await repo.repair(tx, folderId, scope);
        }
        return repo.relationsPage(tx, folderId, scope, limit, offset);
      });
    },

    /** The folder (mine) and section an item is about to go to, checked before anything is saved for it. */
    async checkPlace(accountId: number, folderId: number, sectionId: ListScope) {
      await db.transaction(async (tx) => {
        await lockFolder(tx, accountId, folderId);
        await checkSection(tx, folderId, sectionId);
      });
    },

    /** New folder content goes last (priority = count + 1, spec §4) unless a priority is given. */
    async addRelation(accountId: number, folderId: number, sectionId: ListScope, userContentId: number, priority?: number) {
      return db.transaction(async (tx) => {
        await lockFolder(tx, accountId, folderId);
        await checkSection(tx, folderId, sectionId);
        const dup = await repo.relationOf(tx, folderId, userContentId);
        if (dup) throw conflict("already_in_folder", "This item is already in the folder", { id: dup.id });
        return repo.insertRelation(tx, folderId, sectionId, userContentId, priority);
      });
    },

    /** Moves an item to a new position and/or section; every list stays numbered 1..n. */
    async moveRelation(accountId: number, relationId: number, to: { priority?: number; sectionId?: ListScope }) {
      const { folderId } = await relationFolder(accountId, relationId);
      return db.transaction(async (tx) => {
        await lockFolder(tx, accountId, folderId);
        const rel = await repo.relation(tx, relationId);
        if (!rel) throw notFound("Folder item");
        const toList = to.sectionId === undefined ? rel.sectionId : to.sectionId;
        await checkSection(tx, folderId, toList);
        return repo.moveRelation(tx, folderId, rel, toList, to.priority);
      });
    },

    async removeRelation(accountId: number, relationId: number) {
      const { folderId } = await relationFolder(accountId, relationId);
      await db.transaction(async (tx) => {
        await lockFolder(tx, accountId, folderId);
        const rel = await repo.deleteRelation(tx, relationId);
        if (!rel) throw notFound("Folder item");
        await repo.repair(tx, folderId, rel.sectionId);
      });
    },
  };
}
export type FoldersService = ReturnType<typeof createFoldersService>;
