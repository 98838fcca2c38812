import type { CollectionDetail, CollectionItem, CollectionSection } from "./types";

export interface ItemGroup {
  /** null: the items outside any section, listed first (as the server orders them). */
  section: CollectionSection | null;
  items: CollectionItem[];
}

/** A collection's items by section: the unsectioned ones first, then each section in its order. */
export function groupItems(collection: Pick<CollectionDetail, "sections" | "items">): ItemGroup[] {
  const byPosition = <T extends { position: number; id: number }>(a: T, b: T) => a.position - b.position || a.id - b.id;
  const sections = [...collection.sections].sort(byPosition);
  const of = (sectionId: number | null) => collection.items.filter((item) => item.section_id === sectionId).sort(byPosition);
  return [{ section: null, items: of(null) }, ...sections.map((section) => ({ section, items: of(section.id) }))];
}
