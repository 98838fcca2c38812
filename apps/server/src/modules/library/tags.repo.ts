import { TAG_NAME_MAX } from "@learnward/contracts";
import { and, asc, count, eq, inArray, sql } from "drizzle-orm";
import type { Db, Tx } from "../../db/client.ts";
import { contentItems, tags, userContents, userContentTags } from "../../db/schema/index.ts";
import { aliased, names } from "../../db/sql.ts";
import { listedInCatalog } from "./catalog.scope.ts";

export type TagRow = { id: number; name: string };

const [CI, ci] = aliased(contentItems, "ci");
const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;

/** `like` pattern for names beginning with what was typed, its wildcards taken literally. */
const startsWith = (typed: string) => `${typed.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/**
 * Waits for the person's other tag changes to end (held until the transaction ends): a rename checks
 * that no tag has the new name and then takes it, which a tag created meanwhile (an item's editor, an
 * import) would otherwise make a unique violation. Every writer of a person's tags takes it first.
 */
export const serialiseTagChanges = (tx: Tx, accountId: number) => tx.execute(sql`select pg_advisory_xact_lock(hashtext('library.tags'), ${accountId}::int)`);

/** A person's tags and the links between their tags and their saved items. Only reads and writes. */
export function createTagsRepo(db: Db) {
  const tagByName = db
    .select({ id: tags.id, name: tags.name })
    .from(tags)
    .where(and(eq(tags.accountId, sql.placeholder("accountId")), eq(sql`lower(${tags.name})`, sql.placeholder("name"))))
    .limit(1)
    .prepare("tags_by_name");
  return {
    serialise: serialiseTagChanges,

    /** The person's tags of these names (any case), new ones created. */
    async ensure(tx: Tx, accountId: number, wanted: readonly string[]): Promise<TagRow[]> {
      if (!wanted.length) return [];
      await tx
        .insert(tags)
        .values(wanted.map((name) => ({ accountId, name })))
        .onConflictDoNothing();
      return tx
        .select({ id: tags.id, name: tags.name })
        .from(tags)
        .where(
          and(
            eq(tags.accountId, accountId),
            inArray(
              sql`lower(${tags.name})`,
              wanted.map((name) => name.toLowerCase()),
            ),
          ),
        );
    },

    /** The item carries exactly these tags afterwards. */
    async setItemTags(tx: Tx, itemId: number, tagIds: readonly number[]) {
      const ids = sql`${`{${tagIds.join(",")}}`}::int[]`;
      await tx.execute(sql`delete from ${userContentTags} where ${userContentTags.userContentId} = ${itemId}::int and ${userContentTags.tagId} <> all(${ids})`);
      if (!tagIds.length) return;
      const l = userContentTags;
      await tx.execute(sql`
        insert into ${l} (${names(l.tagId, l.userContentId, l.itemCreatedAt)})
        select t.id, ${userContents.id}, ${userContents.createdAt} from ${userContents} cross join unnest(${ids}) as t(id)
        where ${userContents.id} = ${itemId}::int
        on conflict do nothing`);
    },

    /** The tags of these items, each list by name: one query for a whole page. */
    async ofItems(itemIds: readonly number[]): Promise<Map<number, string[]>> {
      const byItem = new Map<number, string[]>();
      if (!itemIds.length) return byItem;
      const rows = await db
        .select({ itemId: userContentTags.userContentId, name: tags.name })
        .from(userContentTags)
        .innerJoin(tags, eq(tags.id, userContentTags.tagId))
        .where(inArray(userContentTags.userContentId, [...itemIds]))
        .orderBy(sql`lower(${tags.name})`, asc(tags.id));
      for (const row of rows) byItem.set(row.itemId, [...(byItem.get(row.itemId) ?? []), row.name]);
      return byItem;
    },

    /** All the person's tags by name, with how many of their items carry each. */
    async list(accountId: number) {
      return db
        .select({ id: tags.id, name: tags.name, count: count(userContentTags.userContentId) })
        .from(tags)
        .leftJoin(userContentTags, eq(userContentTags.tagId, tags.id))
        .where(eq(tags.accountId, accountId))
        .groupBy(tags.id)
        .orderBy(sql`lower(${tags.name})`, asc(tags.id));
    },

    // Prepared: every list filtered by a tag reads it first.
    async byName(accountId: number, name: string): Promise<TagRow | undefined> {
      const [row] = await tagByName.execute({ accountId, name: name.toLowerCase() });
      return row;
    },

    /** These tags with their owners, locked until the transaction ends (a rename, merge or delete). */
    async lock(tx: Tx, tagIds: readonly number[]): Promise<(TagRow & { accountId: number })[]> {
      return tx
        .select({ id: tags.id, name: tags.name, accountId: tags.accountId })
        .from(tags)
        .where(inArray(tags.id, [...tagIds]))
        .orderBy(asc(tags.id))
        .for("update");
    },

    /** The person's tag of this name (any case) other than `except`, locked. */
    async lockNamed(tx: Tx, accountId: number, name: string, except: number): Promise<TagRow | undefined> {
      const [row] = await tx
        .select({ id: tags.id, name: tags.name })
        .from(tags)
        .where(and(eq(tags.accountId, accountId), eq(sql`lower(${tags.name})`, name.toLowerCase()), sql`${tags.id} <> ${except}`))
        .for("update");
      return row;
    },

    async rename(tx: Tx, tagId: number, name: string) {
      await tx.update(tags).set({ name }).where(eq(tags.id, tagId));
    },

    /** The items of `fromIds` get `intoId` (once each), then those tags go with their links. */
    async merge(tx: Tx, fromIds: readonly number[], intoId: number) {
      const l = userContentTags;
      const from = sql`${`{${fromIds.join(",")}}`}::int[]`;
      await tx.execute(sql`
        insert into ${l} (${names(l.tagId, l.userContentId, l.itemCreatedAt)})
        select ${intoId}::int, ${l.userContentId}, ${l.itemCreatedAt} from ${l} where ${l.tagId} = any(${from})
        on conflict do nothing`);
      await tx.delete(tags).where(inArray(tags.id, [...fromIds]));
    },

    /** Deletes the tag; answers how many items carried it (they stay, without it). */
    async remove(tx: Tx, tagId: number) {
      const [row] = await tx.select({ n: count() }).from(userContentTags).where(eq(userContentTags.tagId, tagId));
      await tx.delete(tags).where(eq(tags.id, tagId));
      return row?.n ?? 0;
    },

    async countOf(tx: Tx, tagId: number) {
      const [row] = await tx.select({ n: count() }).from(userContentTags).where(eq(userContentTags.tagId, tagId));
      return row?.n ?? 0;
    },

    /** The person's tags beginning with what was typed, the most used first. */
    async mine(accountId: number, typed: string, limit: number) {
      return db
        .select({ name: tags.name })
        .from(tags)
        .leftJoin(userContentTags, eq(userContentTags.tagId, tags.id))
        .where(and(eq(tags.accountId, accountId), typed ? sql`lower(${tags.name}) like ${startsWith(typed)}` : undefined))
        .groupBy(tags.id)
        .orderBy(sql`count(${userContentTags.userContentId}) desc`, sql`lower(${tags.name})`)
        .limit(limit);
    },

    /** Skills of the company's catalog beginning with what was typed (any case), the most used first. */
    async catalogSkills(companyId: number, typed: string, limit: number) {
      const rows = await db.execute(sql`
        select min(s.skill) as name from ${CI} cross join lateral unnest(${ci.skills}) as s(skill)
        where ${ci.companyId} = ${companyId}::int and ${listedInCatalog(ci)}
          and char_length(btrim(s.skill)) between 1 and ${TAG_NAME_MAX}::int
          ${typed ? sql`and lower(s.skill) like ${startsWith(typed)}` : sql``}
        group by lower(s.skill) order by count(*) desc, lower(s.skill) limit ${limit}::int`);
      return rowsOf<{ name: string }>(rows);
    },
  };
}
export type TagsRepo = ReturnType<typeof createTagsRepo>;
