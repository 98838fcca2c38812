import { and, asc, count, eq, gt, gte, isNull, lt, lte, max, sql, type SQL } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { folderRelations, folderSections, folders, userContents } from "../../db/schema/index.ts";
import { conflict, notFound } from "../../lib/errors.ts";

type Tx = Parameters<Parameters<Db["transaction"]>[0]>[0];
/** A list is the folder's items without a section, or one section's items. */
type ListScope = number | null;

const inList = (folderId: number, sectionId: ListScope): SQL =>
  and(eq(folderRelations.folderId, folderId), sectionId === null ? isNull(folderRelations.sectionId) : eq(folderRelations.sectionId, sectionId))!;

export function createFoldersRepo(db: Db) {
  /** Serialises every change to one folder's order; refuses folders that are not mine. */
  async function lockFolder(tx: Tx, accountId: number, folderId: number) {
    const [f] = await tx
      .select()
      .from(folders)
      .where(and(eq(folders.id, folderId), eq(folders.accountId, accountId)))
      .for("update");
    if (!f) throw notFound("Folder");
    return f;
  }

  async function checkSection(tx: Tx, folderId: number, sectionId: ListScope) {
    if (sectionId === null) return;
    const [s] = await tx
      .select({ id: folderSections.id })
      .from(folderSections)
      .where(and(eq(folderSections.id, sectionId), eq(folderSections.folderId, folderId)));
    if (!s) throw notFound("Section");
  }

  const listSize = async (tx: Tx, folderId: number, sectionId: ListScope) =>
    (await tx.select({ n: count() }).from(folderRelations).where(inList(folderId, sectionId)))[0]?.n ?? 0;

  /** spec §4 Folder items: duplicated, zero or negative priorities are renumbered 1..n in order. */
  async function repair(tx: Tx, folderId: number, sectionId: ListScope) {
    const rows = await tx
      .select({ id: folderRelations.id, priority: folderRelations.priority })
      .from(folderRelations)
      .where(inList(folderId, sectionId))
      .orderBy(asc(folderRelations.priority), asc(folderRelations.id));
    const seen = new Set<number>();
    const broken = rows.some((r) => r.priority <= 0 || seen.has(r.priority) || !seen.add(r.priority));
    if (!broken) return;
    for (const [i, r] of rows.entries()) {
      if (r.priority !== i + 1) await tx.update(folderRelations).set({ priority: i + 1 }).where(eq(folderRelations.id, r.id));
    }
  }

  /** Closes the gap an item leaves at `priority` in its list. */
  const closeGap = (tx: Tx, folderId: number, sectionId: ListScope, priority: number) =>
    tx
      .update(folderRelations)
      .set({ priority: sql`${folderRelations.priority} - 1` })
      .where(and(inList(folderId, sectionId), gt(folderRelations.priority, priority)));

  const openGap = (tx: Tx, folderId: number, sectionId: ListScope, priority: number) =>
    tx
      .update(folderRelations)
      .set({ priority: sql`${folderRelations.priority} + 1` })
      .where(and(inList(folderId, sectionId), gte(folderRelations.priority, priority)));

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
      const rows = await db.delete(folders).where(and(eq(folders.id, id), eq(folders.accountId, accountId))).returning({ id: folders.id });
      if (!rows.length) throw notFound("Folder");
    },

    async listSections(accountId: number, folderId: number) {
      return db.transaction(async (tx) => {
        await lockFolder(tx, accountId, folderId);
        return tx.select().from(folderSections).where(eq(folderSections.folderId, folderId)).orderBy(asc(folderSections.position), asc(folderSections.id));
      });
    },

    async createSection(accountId: number, folderId: number, name: string) {
      return db.transaction(async (tx) => {
        await lockFolder(tx, accountId, folderId);
        const [m] = await tx.select({ p: max(folderSections.position) }).from(folderSections).where(eq(folderSections.folderId, folderId));
        const [row] = await tx.insert(folderSections).values({ folderId, name, position: (m?.p ?? 0) + 1 }).returning();
        return row!;
      });
    },

    async renameSection(accountId: number, folderId: number, sectionId: number, name: string) {
      return db.transaction(async (tx) => {
        await lockFolder(tx, accountId, folderId);
        const [row] = await tx
          .update(folderSections)
          .set({ name })
          .where(and(eq(folderSections.id, sectionId), eq(folderSections.folderId, folderId)))
          .returning();
        if (!row) throw notFound("Section");
        return row;
      });
    },

    /** A deleted section's items move, in order, to the end of the folder's unsectioned list. */
    async deleteSection(accountId: number, folderId: number, sectionId: number) {
      await db.transaction(async (tx) => {
        await lockFolder(tx, accountId, folderId);
        await checkSection(tx, folderId, sectionId);
        const base = await listSize(tx, folderId, null);
        await tx
          .update(folderRelations)
          .set({ sectionId: null, priority: sql`${folderRelations.priority} + ${base}` })
          .where(inList(folderId, sectionId));
        await tx.delete(folderSections).where(eq(folderSections.id, sectionId));
        await repair(tx, folderId, null);
      });
    },

    async listRelations(accountId: number, folderId: number, scope: ListScope | "all", limit: number, offset: number) {
      return db.transaction(async (tx) => {
        await lockFolder(tx, accountId, folderId);
        const where =
          scope === "all" ? eq(folderRelations.folderId, folderId) : (await checkSection(tx, folderId, scope), inList(folderId, scope));
        if (scope === "all") {
          const sections = await tx.select({ id: folderSections.id }).from(folderSections).where(eq(folderSections.folderId, folderId));
          for (const s of [null, ...sections.map((x) => x.id)]) await repair(tx, folderId, s);
        } else {
          await repair(tx, folderId, scope);
        }
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
        const [dup] = await tx
          .select({ id: folderRelations.id })
          .from(folderRelations)
          .where(and(eq(folderRelations.folderId, folderId), eq(folderRelations.userContentId, userContentId)));
        if (dup) throw conflict("already_in_folder", "This item is already in the folder", { id: dup.id });
        await repair(tx, folderId, sectionId);
        const n = await listSize(tx, folderId, sectionId);
        const at = Math.min(Math.max(priority ?? n + 1, 1), n + 1);
        if (at <= n) await openGap(tx, folderId, sectionId, at);
        const [row] = await tx.insert(folderRelations).values({ folderId, sectionId, userContentId, priority: at }).returning();
        return row!;
      });
    },

    async relationFolder(accountId: number, relationId: number) {
      const [row] = await db
        .select({ relation: folderRelations })
        .from(folderRelations)
        .innerJoin(folders, eq(folders.id, folderRelations.folderId))
        .where(and(eq(folderRelations.id, relationId), eq(folders.accountId, accountId)));
      if (!row) throw notFound("Folder item");
      return row.relation;
    },

    /** Moves an item to a new position and/or section; every list stays numbered 1..n. */
    async moveRelation(accountId: number, relationId: number, to: { priority?: number; sectionId?: ListScope }) {
      const { folderId } = await this.relationFolder(accountId, relationId);
      return db.transaction(async (tx) => {
        await lockFolder(tx, accountId, folderId);
        const [rel] = await tx.select().from(folderRelations).where(eq(folderRelations.id, relationId));
        if (!rel) throw notFound("Folder item");
        const fromList = rel.sectionId;
        const toList = to.sectionId === undefined ? fromList : to.sectionId;
        await checkSection(tx, folderId, toList);
        await repair(tx, folderId, fromList);
        const [fresh] = await tx.select().from(folderRelations).where(eq(folderRelations.id, relationId));
        const old = fresh!.priority;
        if (toList !== fromList) {
          await closeGap(tx, folderId, fromList, old);
          await repair(tx, folderId, toList);
          const n = await listSize(tx, folderId, toList);
          const at = Math.min(Math.max(to.priority ?? n + 1, 1), n + 1);
          if (at <= n) await openGap(tx, folderId, toList, at);
          const [row] = await tx.update(folderRelations).set({ sectionId: toList, priority: at }).where(eq(folderRelations.id, relationId)).returning();
          return row!;
        }
        const n = await listSize(tx, folderId, fromList);
        const at = Math.min(Math.max(to.priority ?? old, 1), n);
        if (at < old) {
          await tx
            .update(folderRelations)
            .set({ priority: sql`${folderRelations.priority} + 1` })
            .where(and(inList(folderId, fromList), gte(folderRelations.priority, at), lt(folderRelations.priority, old)));
        } else if (at > old) {
          await tx
            .update(folderRelations)
            .set({ priority: sql`${folderRelations.priority} - 1` })
            .where(and(inList(folderId, fromList), gt(folderRelations.priority, old), lte(folderRelations.priority, at)));
        }
        const [row] = await tx.update(folderRelations).set({ priority: at }).where(eq(folderRelations.id, relationId)).returning();
        return row!;
      });
    },

    async removeRelation(accountId: number, relationId: number) {
      const { folderId } = await this.relationFolder(accountId, relationId);
      await db.transaction(async (tx) => {
        await lockFolder(tx, accountId, folderId);
        const [rel] = await tx.delete(folderRelations).where(eq(folderRelations.id, relationId)).returning();
        if (!rel) throw notFound("Folder item");
        await closeGap(tx, folderId, rel.sectionId, rel.priority);
      });
    },

    async contentOf(relation: typeof folderRelations.$inferSelect) {
      const [c] = await db.select().from(userContents).where(eq(userContents.id, relation.userContentId));
      return c!;
    },
  };
}
export type FoldersRepo = ReturnType<typeof createFoldersRepo>;
