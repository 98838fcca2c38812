import { and, asc, count, eq, isNull, sql, type SQL } from "drizzle-orm";
import type { Db, Tx } from "../../db/client.ts";
import { folderRelations, folderSections, folders, userContents } from "../../db/schema/index.ts";
import { arrange, saveOrder } from "../../db/ordering.ts";
import { notFound } from "../../lib/errors.ts";

/** A list is the folder's items without a section, or one section's items. */
export type ListScope = number | null;

const inList = (folderId: number, sectionId: ListScope): SQL =>
  and(eq(folderRelations.folderId, folderId), sectionId === null ? isNull(folderRelations.sectionId) : eq(folderRelations.sectionId, sectionId))!;

export function createFoldersRepo(db: Db) {
  /** One list's items in order (db/ordering.ts), their priority as the position. */
  const listOf = (tx: Tx, folderId: number, sectionId: ListScope) =>
    tx
      .select({ id: folderRelations.id, position: folderRelations.priority })
      .from(folderRelations)
      .where(inList(folderId, sectionId))
      .orderBy(asc(folderRelations.priority), asc(folderRelations.id));

  const saveRelations = (tx: Tx, changes: { id: number; position: number }[]) =>
    saveOrder(tx, folderRelations, folderRelations.id, folderRelations.priority, changes);

  /** spec §4 Folder items: duplicated, zero or negative priorities are renumbered 1..n in order. */
  async function repair(tx: Tx, folderId: number, sectionId: ListScope) {
    await saveRelations(tx, arrange(await listOf(tx, folderId, sectionId), null).changes);
  }

  return {
    async listFolders(accountId: number) {
      return db
        .select({ id: folders.id, name: folders.name, createdAt: folders.createdAt, count: count(folderRelations.id) })
        .from(folders)
        .leftJoin(folderRelations, eq(folderRelations.folderId, folders.id))
        .where(eq(folders.accountId, accountId))
        .groupBy(folders.id)
        .orderBy(asc(folders.name), asc(folders.id));
    },

    async createFolder(accountId: number, name: string) {
      const [row] = await db.insert(folders).values({ accountId, name }).returning();
      return { ...row!, count: 0 };
    },

    async renameFolder(accountId: number, id: number, name: string) {
      const [row] = await db
        .update(folders)
        .set({ name, updatedAt: new Date() })
        .where(and(eq(folders.id, id), eq(folders.accountId, accountId)))
        .returning();
      if (!row) throw notFound("Folder");
      const [c] = await db.select({ n: count() }).from(folderRelations).where(eq(folderRelations.folderId, id));
      return { ...row, count: c?.n ?? 0 };
    },

    async deleteFolder(accountId: number, id: number) {
      const rows = await db
        .delete(folders)
        .where(and(eq(folders.id, id), eq(folders.accountId, accountId)))
        .returning({ id: folders.id });
      if (!rows.length) throw notFound("Folder");
    },

    /** Serialises every change to one folder's order; undefined for a folder that is not mine. */
    async lockFolder(tx: Tx, accountId: number, folderId: number) {
      const [f] = await tx
        .select()
        .from(folders)
        .where(and(eq(folders.id, folderId), eq(folders.accountId, accountId)))
        .for("update");
      return f;
    },

    /** Whether the section is one of the folder's (the folder's own list, null, always is). */
    async hasSection(tx: Tx, folderId: number, sectionId: ListScope) {
      if (sectionId === null) return true;
      const [s] = await tx
        .select({ id: folderSections.id })
        .from(folderSections)
        .where(and(eq(folderSections.id, sectionId), eq(folderSections.folderId, folderId)));
      return !!s;
    },

    async sections(tx: Tx, folderId: number) {
      return tx.select().from(folderSections).where(eq(folderSections.folderId, folderId)).orderBy(asc(folderSections.position), asc(folderSections.id));
    },

    /** A new section goes after the folder's others. */
    async appendSection(tx: Tx, folderId: number, name: string) {
      const sections = await tx
        .select({ id: folderSections.id, position: folderSections.position })
        .from(folderSections)
        .where(eq(folderSections.folderId, folderId))
        .orderBy(asc(folderSections.position), asc(folderSections.id));
      const { ordered } = arrange(sections, { id: 0, position: 0 });
      const [row] = await tx.insert(folderSections).values({ folderId, name, position: ordered.length }).returning();
      return row!;
    },

    /** undefined when the section is not the folder's. */
    async renameSection(tx: Tx, folderId: number, sectionId: number, name: string) {
      const [row] = await tx
        .update(folderSections)
        .set({ name })
        .where(and(eq(folderSections.id, sectionId), eq(folderSections.folderId, folderId)))
        .returning();
      return row;
    },

    /** A deleted section's items move, in order, to the end of the folder's unsectioned list. */
    async deleteSection(tx: Tx, folderId: number, sectionId: number) {
      const moving = [...(await listOf(tx, folderId, null)), ...(await listOf(tx, folderId, sectionId))];
      await tx.update(folderRelations).set({ sectionId: null }).where(inList(folderId, sectionId));
      await tx.delete(folderSections).where(eq(folderSections.id, sectionId));
      await saveRelations(tx, arrange(moving, null).changes);
    },

    repair,

    /** repair for the folder's own list and then each of its sections. */
    async repairAll(tx: Tx, folderId: number) {
      const sections = await tx.select({ id: folderSections.id }).from(folderSections).where(eq(folderSections.folderId, folderId));
      for (const s of [null, ...sections.map((x) => x.id)]) await repair(tx, folderId, s);
    },

    async relationsPage(tx: Tx, folderId: number, scope: ListScope | "all", limit: number, offset: number) {
      const where = scope === "all" ? eq(folderRelations.folderId, folderId) : inList(folderId, scope);
      const [rows, [total]] = await Promise.all([
        tx
          .select({ relation: folderRelations, content: userContents })
          .from(folderRelations)
          .innerJoin(userContents, eq(userContents.id, folderRelations.userContentId))
          .leftJoin(folderSections, eq(folderSections.id, folderRelations.sectionId))
          .where(where)
          .orderBy(sql`${folderSections.position} asc nulls first`, asc(folderRelations.priority), asc(folderRelations.id))
          .limit(limit)
          .offset(offset),
        tx.select({ n: count() }).from(folderRelations).where(where),
      ]);
      return { rows, count: total?.n ?? 0 };
    },

    /** The folder's place holding this item of my library, if it has one. */
    async relationOf(tx: Tx, folderId: number, userContentId: number) {
      const [dup] = await tx
        .select({ id: folderRelations.id })
        .from(folderRelations)
        .where(and(eq(folderRelations.folderId, folderId), eq(folderRelations.userContentId, userContentId)));
      return dup;
    },

    /** New folder content goes last (priority = count + 1, spec §4) unless a priority is given. */
    async insertRelation(tx: Tx, folderId: number, sectionId: ListScope, userContentId: number, priority?: number) {
      const { ordered, changes } = arrange(await listOf(tx, folderId, sectionId), { id: 0, position: 0 }, priority);
      await saveRelations(
        tx,
        changes.filter((c) => c.id !== 0),
      );
      const [row] = await tx
        .insert(folderRelations)
        .values({ folderId, sectionId, userContentId, priority: ordered.findIndex((x) => x.id === 0) + 1 })
        .returning();
      return row!;
    },

    /** undefined when the item is not in one of my folders. */
    async relationFolder(accountId: number, relationId: number) {
      const [row] = await db
        .select({ relation: folderRelations })
        .from(folderRelations)
        .innerJoin(folders, eq(folders.id, folderRelations.folderId))
        .where(and(eq(folderRelations.id, relationId), eq(folders.accountId, accountId)));
      return row?.relation;
    },

    async relation(tx: Tx, relationId: number) {
      const [rel] = await tx.select().from(folderRelations).where(eq(folderRelations.id, relationId));
      return rel;
    },

    /** Moves an item to a new position and/or list; every list stays numbered 1..n. */
    async moveRelation(tx: Tx, folderId: number, rel: typeof folderRelations.$inferSelect, toList: ListScope, priority: number | undefined) {
      const relationId = rel.id;
      const fromList = rel.sectionId;
      const from = await listOf(tx, folderId, fromList);
      const rest = from.filter((x) => x.id !== relationId);
      const moving = { id: relationId, position: 0 };
      if (toList !== fromList) {
        const target = await listOf(tx, folderId, toList);
        await saveRelations(tx, arrange(rest, null).changes);
        await tx.update(folderRelations).set({ sectionId: toList }).where(eq(folderRelations.id, relationId));
        await saveRelations(tx, arrange(target, moving, priority).changes);
      } else {
        // No new priority: the item keeps its place (repaired, if the list was not 1..n).
        await saveRelations(tx, arrange(rest, moving, priority ?? from.findIndex((x) => x.id === relationId) + 1).changes);
      }
      const [row] = await tx.select().from(folderRelations).where(eq(folderRelations.id, relationId));
      return row!;
    },

    /** undefined when there was no such item. */
    async deleteRelation(tx: Tx, relationId: number) {
      const [rel] = await tx.delete(folderRelations).where(eq(folderRelations.id, relationId)).returning();
      return rel;
    },

    async contentOf(relation: typeof folderRelations.$inferSelect) {
      const [c] = await db.select().from(userContents).where(eq(userContents.id, relation.userContentId));
      return c!;
    },
  };
}
export type FoldersRepo = ReturnType<typeof createFoldersRepo>;
