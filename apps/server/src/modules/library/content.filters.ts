import { normalizeTagName, type ContentItem } from "@learnward/contracts";
import { NO_TAG, type UserContentRow } from "./content.repo.ts";
import { presentContent } from "./library.present.ts";
import type { TagsRepo } from "./tags.repo.ts";

/** spec §5: a leading # is stripped from search terms. */
export const searchTerm = (raw: string | undefined) => raw?.trim().replace(/^#+/, "").trim() || undefined;

/** A search that is one `#word` and nothing else: the word. */
const hashWord = (raw: string | undefined) => /^#+([^\s#]+)$/u.exec(raw?.trim() ?? "")?.[1];

/**
 * What a library list or count asks for: the text to search (spec §5) and the tags to filter by.
 * `tag=` names one of the owner's tags. A search of just `#word` lists the items tagged `word` when
 * the person has that tag, and otherwise stays the spec's plain search for `word`. Tags are the
 * owner's own: on a colleague's library neither finds anything by tag.
 */
export async function libraryFilters(tags: TagsRepo, q: { search?: string; tag?: string }, view: { ownerId: number; own: boolean }) {
  let term = searchTerm(q.search);
  const tagIds: number[] = [];
  // A blank tag= is no filter, as any blank parameter is.
  const name = normalizeTagName(q.tag ?? "");
  if (name) {
    const tag = view.own ? await tags.byName(view.ownerId, name) : undefined;
    tagIds.push(tag?.id ?? NO_TAG);
  }
  const word = hashWord(q.search);
  if (word && view.own) {
    const tag = await tags.byName(view.ownerId, word);
    if (tag) {
      tagIds.push(tag.id);
      term = undefined;
    }
  }
  return { term, tagIds };
}

/**
 * Items as the library answers them (a search's text-only matches marked), each with its owner's
 * tags when the caller is the owner: one query for the whole list.
 */
export async function presentWithTags(
  tags: TagsRepo,
  rows: (Omit<UserContentRow, "search"> & { matchedInText?: boolean; tags?: string[] })[],
  showTags: boolean,
): Promise<ContentItem[]> {
  const present = (row: (typeof rows)[number]) => (row.matchedInText ? { ...presentContent(row), matched_in_text: true } : presentContent(row));
  if (!showTags) return rows.map(present);
  // A page read with its tags (itemTagNames) needs no second query.
  const byItem = rows.every((row) => row.tags) ? new Map(rows.map((row) => [row.id, row.tags!])) : await tags.ofItems(rows.map((row) => row.id));
  return rows.map((row) => ({ ...present(row), tags: byItem.get(row.id) ?? [] }));
}

/** One of my items as the library answers it, with its tags. */
export async function presentOwnItem(tags: TagsRepo, row: Omit<UserContentRow, "search">): Promise<ContentItem> {
  const byItem = await tags.ofItems([row.id]);
  return { ...presentContent(row), tags: byItem.get(row.id) ?? [] };
}
