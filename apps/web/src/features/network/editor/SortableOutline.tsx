import { useEffect, useMemo, useRef, useState } from "react";
import {
  closestCenter,
  DndContext,
  DragOverlay,
  KeyboardSensor,
  PointerSensor,
  pointerWithin,
  rectIntersection,
  useSensor,
  useSensors,
  type Announcements,
  type CollisionDetection,
  type DragEndEvent,
  type DragOverEvent,
  type DragStartEvent,
  type UniqueIdentifier,
} from "@dnd-kit/core";
import { arrayMove, SortableContext, sortableKeyboardCoordinates, verticalListSortingStrategy } from "@dnd-kit/sortable";
import Stack from "@mui/material/Stack";
import Typography from "@mui/material/Typography";
import { useTranslation } from "react-i18next";
import type { CollectionDetail, CollectionItem, CollectionSection } from "../types";
import { ItemCard, ItemList, SectionCard, SortableSection, type Kind } from "./SortableParts";
import { idOf, itemKey, kindOf, listKey, listOf, moveToList, NO_SECTION_LIST, outlineOf, placeOf, sectionKey, type Outline } from "./outline";

export interface OutlineActions {
  moveItem: (move: { itemId: number; section_id: number | null; position: number }) => Promise<unknown>;
  moveSection: (move: { sectionId: number; position: number }) => Promise<unknown>;
  removeItem: (item: CollectionItem) => void;
  renameSection: (section: CollectionSection, title: string) => Promise<unknown>;
  deleteSection: (section: CollectionSection) => void;
}

const keyOf = (id: UniqueIdentifier) => String(id);

/**
 * Sections and items in order, reordered by drag and drop with a pointer or the keyboard (space to
 * pick up, arrows to move, space to drop, escape to cancel), announced to screen readers in the
 * person's language. Each drop is saved at once; the server's answer then becomes the order shown.
 */
export function SortableOutline({ collection, actions }: { collection: CollectionDetail; actions: OutlineActions }) {
  const { t } = useTranslation("network");
  const [outline, setOutline] = useState(() => outlineOf(collection));
  const [active, setActive] = useState<{ kind: Kind; key: string } | null>(null);
  const before = useRef<Outline | null>(null);
  const latest = useRef(collection);

  // Between drags, what the server says is what shows.
  useEffect(() => {
    latest.current = collection;
    if (!before.current) setOutline(outlineOf(collection));
  }, [collection]);
  const resync = () => setOutline(outlineOf(latest.current));

  const items = useMemo(() => new Map(collection.items.map((item) => [itemKey(item.id), item])), [collection.items]);
  const sections = useMemo(() => new Map(collection.sections.map((s) => [s.id, s])), [collection.sections]);

  const sensors = useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: 4 } }),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  );

  // While a section moves only sections are targets (the others are disabled); while an item
  // moves, the item under the pointer, or else the nearest item of the list under it, or the list.
  const collisionDetection: CollisionDetection = (args) => {
    if (kindOf(keyOf(args.active.id)) === "section") return closestCenter(args);
    const hits = pointerWithin(args);
    const found = hits.length > 0 ? hits : rectIntersection(args);
    const item = found.find((hit) => kindOf(keyOf(hit.id)) === "item");
    if (item) return [item];
    const list = found.find((hit) => kindOf(keyOf(hit.id)) === "list");
    if (!list) return found;
    const inList = outline.lists[keyOf(list.id)] ?? [];
    if (inList.length === 0) return [list];
    const nearest = closestCenter({ ...args, droppableContainers: args.droppableContainers.filter((c) => inList.includes(keyOf(c.id))) });
    return nearest.length > 0 ? nearest : [list];
  };

  const sectionName = (list: string) => {
    const id = list === NO_SECTION_LIST ? null : idOf(list);
    return id === null ? t("dnd.noSection") : (sections.get(id)?.title ?? "");
  };
  const nameOf = (key: string) => (kindOf(key) === "item" ? (items.get(key)?.content.title ?? "") : (sections.get(idOf(key))?.title ?? ""));

  /** Where the dragged thing would land over `overKey`, in words. */
  const whereOver = (activeKey: string, overKey: string): string => {
    if (kindOf(activeKey) === "section") {
      const position = outline.sections.indexOf(idOf(overKey)) + 1;
      return t("dnd.sectionPosition", { position, count: outline.sections.length });
    }
    const list = listOf(outline, overKey);
    if (!list) return "";
    const keys = outline.lists[list] ?? [];
    const count = keys.includes(activeKey) ? keys.length : keys.length + 1;
    const position = kindOf(overKey) === "list" ? (keys.includes(activeKey) ? keys.indexOf(activeKey) + 1 : count) : keys.indexOf(overKey) + 1;
    return t("dnd.itemPosition", { position, count, section: sectionName(list) });
  };

  const announcements: Announcements = {
    onDragStart: ({ active: a }) => t("dnd.pickedUp", { name: nameOf(keyOf(a.id)), where: whereOver(keyOf(a.id), keyOf(a.id)) }),
    onDragOver: ({ active: a, over }) => {
      // Being over itself before anything moved is where the drag started: "picked up" said it.
      if (over && over.id === a.id && outline === before.current) return undefined;
      return over
        ? t("dnd.movedOver", { name: nameOf(keyOf(a.id)), where: whereOver(keyOf(a.id), keyOf(over.id)) })
        : t("dnd.notOver", { name: nameOf(keyOf(a.id)) });
    },
    onDragEnd: ({ active: a, over }) =>
      over
        ? t("dnd.dropped", { name: nameOf(keyOf(a.id)), where: whereOver(keyOf(a.id), keyOf(over.id)) })
        : t("dnd.droppedBack", { name: nameOf(keyOf(a.id)) }),
    onDragCancel: ({ active: a }) => t("dnd.cancelled", { name: nameOf(keyOf(a.id)) }),
  };

  const onDragStart = ({ active: a }: DragStartEvent) => {
    const key = keyOf(a.id);
    before.current = outline;
    setActive({ kind: kindOf(key) === "section" ? "section" : "item", key });
  };

  // An item crossing into another section's list moves there while it is dragged.
  const onDragOver = ({ active: a, over }: DragOverEvent) => {
    const key = keyOf(a.id);
    if (kindOf(key) !== "item" || !over) return;
    const overKey = keyOf(over.id);
    const translated = a.rect.current.translated;
    const below = translated !== null && translated.top > over.rect.top + over.rect.height / 2;
    setOutline((current) => {
      const from = listOf(current, key);
      const to = listOf(current, overKey);
      if (!from || !to || from === to) return current;
      const target = current.lists[to] ?? [];
      const overIndex = target.indexOf(overKey);
      return moveToList(current, key, to, overIndex < 0 ? target.length : overIndex + (below ? 1 : 0));
    });
  };

  const finish = () => {
    before.current = null;
    setActive(null);
  };

  const onDragEnd = ({ active: a, over }: DragEndEvent) => {
    const key = keyOf(a.id);
    const start = before.current ?? outline;
    if (!over) {
      setOutline(start);
      finish();
      return;
    }
    const overKey = keyOf(over.id);
    if (kindOf(key) === "section") {
      const from = outline.sections.indexOf(idOf(key));
      const to = outline.sections.indexOf(idOf(overKey));
      finish();
      if (kindOf(overKey) !== "section" || from < 0 || to < 0 || from === to) return;
      setOutline({ ...outline, sections: arrayMove(outline.sections, from, to) });
      void actions.moveSection({ sectionId: idOf(key), position: to + 1 }).catch(resync);
      return;
    }
    let next = outline;
    const list = listOf(outline, key);
    if (list && list === listOf(outline, overKey) && kindOf(overKey) === "item") {
      const keys = outline.lists[list]!;
      const from = keys.indexOf(key);
      const to = keys.indexOf(overKey);
      if (from !== to) next = { ...outline, lists: { ...outline.lists, [list]: arrayMove(keys, from, to) } };
    }
    setOutline(next);
    finish();
    const was = placeOf(start, key);
    const now = placeOf(next, key);
    if (now && (!was || was.section_id !== now.section_id || was.position !== now.position)) {
      void actions.moveItem({ itemId: idOf(key), ...now }).catch(resync);
    }
  };

  const onDragCancel = () => {
    if (before.current) setOutline(before.current);
    finish();
  };

  const activeItem = active?.kind === "item" ? items.get(active.key) : undefined;
  const activeSection = active?.kind === "section" ? sections.get(idOf(active.key)) : undefined;

  return (
    <DndContext
      sensors={sensors}
      collisionDetection={collisionDetection}
      onDragStart={onDragStart}
      onDragOver={onDragOver}
      onDragEnd={onDragEnd}
      onDragCancel={onDragCancel}
      accessibility={{ announcements, screenReaderInstructions: { draggable: t("dnd.instructions") } }}
    >
      <Stack spacing={2}>
        {outline.sections.length > 0 && (
          <Typography variant="body2" color="text.secondary" aria-hidden sx={{ mb: -1 }}>
            {t("editor.unsectioned")}
          </Typography>
        )}
        <ItemList
          list={NO_SECTION_LIST}
          keys={outline.lists[NO_SECTION_LIST] ?? []}
          items={items}
          dragging={active?.kind ?? null}
          label={outline.sections.length > 0 ? t("editor.unsectioned") : t("editor.items")}
          onRemove={actions.removeItem}
        />
        <SortableContext id="sections" items={outline.sections.map(sectionKey)} strategy={verticalListSortingStrategy}>
          {outline.sections.map((id) => {
            const section = sections.get(id);
            if (!section) return null;
            return (
              <SortableSection key={id} section={section} dragging={active?.kind ?? null} actions={actions}>
                <ItemList
                  list={listKey(id)}
                  keys={outline.lists[listKey(id)] ?? []}
                  items={items}
                  dragging={active?.kind ?? null}
                  label={t("editor.itemsOf", { section: section.title })}
                  onRemove={actions.removeItem}
                />
              </SortableSection>
            );
          })}
        </SortableContext>
      </Stack>
      <DragOverlay>{activeItem ? <ItemCard item={activeItem} lifted /> : activeSection ? <SectionCard section={activeSection} lifted /> : null}</DragOverlay>
    </DndContext>
  );
}
