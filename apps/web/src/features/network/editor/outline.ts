import { groupItems } from "../groups";
import type { CollectionDetail } from "../types";

// The editor's drag-and-drop outline as dnd-kit ids: "section-3", "item-7", and one list
// ("container-…") per section plus the list of items outside any section.

export const NO_SECTION_LIST = "container-none";
export const listKey = (sectionId: number | null) => (sectionId === null ? NO_SECTION_LIST : `container-${sectionId}`);
export const itemKey = (id: number) => `item-${id}`;
export const sectionKey = (id: number) => `section-${id}`;
export const idOf = (key: string) => Number(key.slice(key.lastIndexOf("-") + 1));
export const sectionOfList = (list: string) => (list === NO_SECTION_LIST ? null : idOf(list));
export const kindOf = (key: string): "item" | "section" | "list" => (key.startsWith("item-") ? "item" : key.startsWith("section-") ? "section" : "list");

export interface Outline {
  /** Section ids in their order. */
  sections: number[];
  /** List key → the item keys in it, in order. */
  lists: Record<string, string[]>;
}

export function outlineOf(collection: Pick<CollectionDetail, "sections" | "items">): Outline {
  const groups = groupItems(collection);
  return {
    sections: groups.flatMap((g) => (g.section ? [g.section.id] : [])),
    lists: Object.fromEntries(groups.map((g) => [listKey(g.section?.id ?? null), g.items.map((i) => itemKey(i.id))])),
  };
}

/** The list an item key is in, or the list itself for a list key. */
export function listOf(outline: Outline, key: string): string | undefined {
  if (kindOf(key) === "list") return key in outline.lists ? key : undefined;
  return Object.keys(outline.lists).find((list) => outline.lists[list]!.includes(key));
}

/** Moves an item to another list, before `beforeKey` (or at the end). */
export function moveToList(outline: Outline, item: string, to: string, index: number): Outline {
  const lists: Record<string, string[]> = {};
  for (const [list, keys] of Object.entries(outline.lists)) lists[list] = keys.filter((k) => k !== item);
  const target = lists[to] ?? [];
  target.splice(Math.min(Math.max(index, 0), target.length), 0, item);
  lists[to] = target;
  return { ...outline, lists };
}

/** Where an item is: its section and 1-based position, as PATCH …/items/{id}/ takes them. */
export function placeOf(outline: Outline, item: string): { section_id: number | null; position: number } | null {
  const list = listOf(outline, item);
  if (!list) return null;
  return { section_id: sectionOfList(list), position: outline.lists[list]!.indexOf(item) + 1 };
}
