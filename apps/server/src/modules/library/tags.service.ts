import { TAG_SUGGESTIONS_MAX, type TagSuggestion } from "@learnward/contracts";
import type { Db, Tx } from "../../db/client.ts";
import { type Actor, authorize, requireCompany } from "../../lib/actor.ts";
import { notFound } from "../../lib/errors.ts";
import type { ContentRepo } from "./content.repo.ts";
import { libraryPolicy } from "./library.policy.ts";
import type { TagsRepo } from "./tags.repo.ts";

/** Names once each, case aside (the first spelling wins), in the order given. */
function distinctNames(names: readonly string[]) {
  const seen = new Map<string, string>();
  for (const name of names) if (!seen.has(name.toLowerCase())) seen.set(name.toLowerCase(), name);
  return [...seen.values()];
}

/**
 * A person's tags: putting them on items (new names become tags), renaming (onto another tag's
 * name: a merge), merging and deleting. Each change is one transaction that first locks what it
 * changes and refuses what is not the caller's.
 */
export function createTagsService(deps: { db: Db; repo: TagsRepo; content: ContentRepo }) {
  const { db, repo, content } = deps;

  /** The tags named, all the caller's, locked; any other id is not found (an id in a body counts like one in the path). */
  async function ownTags(tx: Tx, actor: Actor, ids: readonly number[]) {
    await repo.serialise(tx, actor.accountId);
    const found = await repo.lock(tx, ids);
    if (found.length !== new Set(ids).size) throw notFound("Tag");
    for (const tag of found) authorize(actor, libraryPolicy.manageTag, tag, "not_found");
    return found;
  }

  return {
    /** The item's whole list of tags: names I have not used yet become tags, the ones left out come off. */
    async setItemTags(actor: Actor, itemId: number, names: readonly string[]) {
      return db.transaction(async (tx) => {
        await repo.serialise(tx, actor.accountId);
        const item = await content.lockOwnedItem(tx, actor.accountId, itemId);
        if (!item) throw notFound("Content");
        authorize(actor, libraryPolicy.tagItem, item, "not_found");
        const wanted = distinctNames(names);
        const rows = await repo.ensure(tx, actor.accountId, wanted);
        await repo.setItemTags(
          tx,
          itemId,
          rows.map((t) => t.id),
        );
        const byName = new Map(rows.map((t) => [t.name.toLowerCase(), t.name]));
        // The tags' own spelling: "python" typed on an item names my existing "Python".
        return { id_primary: itemId, tags: wanted.map((n) => byName.get(n.toLowerCase()) ?? n).sort((a, b) => a.toLowerCase().localeCompare(b.toLowerCase())) };
      });
    },

    list: (actor: Actor) => repo.list(actor.accountId),

    /** A new name; another of my tags' name (any case) merges this one into it. */
    async rename(actor: Actor, tagId: number, name: string) {
      return db.transaction(async (tx) => {
        await ownTags(tx, actor, [tagId]);
        const other = await repo.lockNamed(tx, actor.accountId, name, tagId);
        if (other) {
          await repo.merge(tx, [tagId], other.id);
          return { id: other.id, name: other.name, count: await repo.countOf(tx, other.id), merged: true };
        }
        await repo.rename(tx, tagId, name);
        return { id: tagId, name, count: await repo.countOf(tx, tagId), merged: false };
      });
    },

    /** `ids`' items get the kept tag `intoId` and those tags go; every id must be one of my tags. */
    async merge(actor: Actor, ids: readonly number[], intoId: number) {
      return db.transaction(async (tx) => {
        const tags = await ownTags(tx, actor, [...new Set([...ids, intoId])]);
        const from = [...new Set(ids)].filter((id) => id !== intoId);
        if (from.length) await repo.merge(tx, from, intoId);
        const kept = tags.find((t) => t.id === intoId)!;
        return { id: kept.id, name: kept.name, count: await repo.countOf(tx, intoId) };
      });
    },

    /** The tag goes; its items stay in the library without it. */
    async remove(actor: Actor, tagId: number) {
      return db.transaction(async (tx) => {
        await ownTags(tx, actor, [tagId]);
        return { id: tagId, items: await repo.remove(tx, tagId) };
      });
    },

    /** My tags beginning with what was typed, then the company catalog's skills not among them. */
    async suggest(actor: Actor, typed: string): Promise<TagSuggestion[]> {
      const companyId = requireCompany(actor);
      const mine = await repo.mine(actor.accountId, typed, TAG_SUGGESTIONS_MAX);
      const taken = new Set(mine.map((t) => t.name.toLowerCase()));
      const skills = mine.length < TAG_SUGGESTIONS_MAX ? await repo.catalogSkills(companyId, typed, TAG_SUGGESTIONS_MAX) : [];
      return [
        ...mine.map((t) => ({ name: t.name, source: "mine" as const })),
        ...skills.filter((s) => !taken.has(s.name.toLowerCase())).map((s) => ({ name: s.name, source: "skill" as const })),
      ].slice(0, TAG_SUGGESTIONS_MAX);
    },
  };
}
export type TagsService = ReturnType<typeof createTagsService>;
