import { useRef } from "react";
import { closestCenter, rectIntersection, type Active, type Announcements, type CollisionDetection, type Over } from "@dnd-kit/core";
import { useTranslation } from "react-i18next";
import type { ListId } from "../folderHooks";
import type { ItemDndData, ListDndData } from "./FolderList";

export type DndData = ItemDndData | ListDndData;
export const dataOf = (node: Active | Over | null) => node?.data.current as (DndData & { sortable?: { index: number } }) | undefined;

/** Where a drop lands: the target list and the 0-based index on its current page. */
export function dropTarget(active: Active, over: Over | null): { list: ListId; index: number } | null {
  const from = dataOf(active);
  const to = dataOf(over);
  if (!from || from.kind !== "item" || !to) return null;
  if (to.kind === "list") {
    // Dropped on a list, not on an item: at the end of its page.
    return { list: to.list, index: to.list === from.list ? Math.max(0, to.length - 1) : to.length };
  }
  return { list: to.list, index: to.sortable?.index ?? 0 };
}

/**
 * Items are the drop targets; a list only when it is empty (it has no item to drop next to).
 * Otherwise a list's own centre, near its middle item, would take drops meant for that item.
 */
export const collisionDetection: CollisionDetection = (args) => {
  const kindOf = (container: (typeof args.droppableContainers)[number]) => container.data.current as DndData | undefined;
  const emptyLists = args.droppableContainers.filter((c) => {
    const data = kindOf(c);
    return data?.kind === "list" && data.length === 0;
  });
  const onEmptyList = rectIntersection({ ...args, droppableContainers: emptyLists });
  if (onEmptyList.length > 0) return onEmptyList;
  return closestCenter({ ...args, droppableContainers: args.droppableContainers.filter((c) => kindOf(c)?.kind === "item") });
};

/** What screen readers hear as a drag goes on, in the page's language (spec: moves are announced). */
export function useFolderAnnouncements(nameOf: (list: ListId) => string): Announcements {
  const { t } = useTranslation("home");
  const justPickedUp = useRef(false);
  const position = (node: Active | Over | null) => {
    const data = dataOf(node);
    if (!data) return null;
    if (data.kind === "list") return { list: nameOf(data.list), position: data.offset + data.length + 1, total: data.total + 1 };
    return { list: nameOf(data.list), position: data.offset + (data.sortable?.index ?? 0) + 1, total: data.total };
  };
  const titleOf = (active: Active) => {
    const data = dataOf(active);
    return data?.kind === "item" ? data.relation.content.title : "";
  };
  return {
    onDragStart: ({ active }) => {
      justPickedUp.current = true;
      return t("folders.dnd.picked", { title: titleOf(active), ...position(active) });
    },
    onDragOver: ({ active, over }) => {
      // A drag starts over its own place: keep the pick-up message (and its position) instead.
      if (justPickedUp.current && over?.id === active.id) return undefined;
      justPickedUp.current = false;
      return over ? t("folders.dnd.over", { title: titleOf(active), ...position(over) }) : t("folders.dnd.outside", { title: titleOf(active) });
    },
    onDragEnd: ({ active, over }) =>
      over ? t("folders.dnd.dropped", { title: titleOf(active), ...position(over) }) : t("folders.dnd.droppedOutside", { title: titleOf(active) }),
    onDragCancel: ({ active }) => t("folders.dnd.cancelled", { title: titleOf(active) }),
  };
}
