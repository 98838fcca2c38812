import { useMemo, useRef, useState } from "react";
import { DndContext, KeyboardSensor, PointerSensor, useSensor, useSensors, type DragEndEvent, type DragStartEvent } from "@dnd-kit/core";
import { arrayMove, sortableKeyboardCoordinates } from "@dnd-kit/sortable";
import { useQueryClient } from "@tanstack/react-query";
import Alert from "@mui/material/Alert";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import IconButton from "@mui/material/IconButton";
import Stack from "@mui/material/Stack";
import Tooltip from "@mui/material/Tooltip";
import Typography from "@mui/material/Typography";
import AddOutlined from "@mui/icons-material/AddOutlined";
import PlaylistAddOutlined from "@mui/icons-material/PlaylistAddOutlined";
import DriveFileRenameOutlineOutlined from "@mui/icons-material/DriveFileRenameOutlineOutlined";
import DeleteOutlined from "@mui/icons-material/DeleteOutlined";
import { useTranslation } from "react-i18next";
import { FOLDER_PAGE_SIZE, type FolderRelation } from "@learnward/contracts";
import { useErrorMessage } from "../../../i18n/useErrorMessage";
import { toast } from "../../../lib/toast";
import { cancelActiveDrag, watchDragSource } from "../dragSourceGuard";
import { itemsKey, useMoveFolderItem, useRemoveFromFolder, useSections, type Folder, type FolderItemsPage, type ListId } from "../folderHooks";
import { FolderDialogs, type Dialog } from "./FolderDialogs";
import { FolderList, type ListChoice } from "./FolderList";
import { collisionDetection, dataOf, dropTarget, useFolderAnnouncements } from "./folderDnd";

/**
 * One folder: its own list and its sections, each sorted by priority. Items are reordered by drag
 * and drop or by keyboard (Space, arrows, Space) and moved between lists; each drop is saved with
 * PATCH /api/user/folder_relation/{id}/ {priority} (1-based; plus {id_section} across lists).
 */
export function FolderView({ folder, onDeleted }: { folder: Folder; onDeleted: () => void }) {
  const { t } = useTranslation("home");
  const message = useErrorMessage();
  const queryClient = useQueryClient();
  const sections = useSections(folder.id);
  const moveItem = useMoveFolderItem(folder.id);
  const removeItem = useRemoveFromFolder();
  const [dialog, setDialog] = useState<Dialog | null>(null);
  const [pages, setPages] = useState<Record<string, number>>({});
  const [busyIds, setBusyIds] = useState<number[]>([]);
  const stopWatching = useRef<(() => void) | null>(null);

  const sensors = useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: 5 } }),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  );

  const lists: ListChoice[] = useMemo(
    () => [{ list: null, name: t("folders.mainList") }, ...(sections.data ?? []).map((section) => ({ list: section.id, name: section.name }))],
    [sections.data, t],
  );
  const nameOf = (list: ListId) => lists.find((choice) => choice.list === list)?.name ?? "";
  const pageOf = (list: ListId) => pages[String(list)] ?? 1;

  /**
   * Marks an item busy while a change of it is saved (several may be in flight: each promise, not
   * the mutation's latest-call callbacks, clears its own marker).
   */
  const track = (relation: FolderRelation, saving: Promise<unknown>, onSaved?: () => void) => {
    setBusyIds((ids) => [...ids, relation.id]);
    saving.then(onSaved, (error: unknown) => toast(message(error), "error")).finally(() => setBusyIds((ids) => ids.filter((id) => id !== relation.id)));
  };

  /** Saves a move, showing it at once in the cached pages; the lists reload when it is saved. */
  const persistMove = (relation: FolderRelation, from: { list: ListId; index: number }, to: { list: ListId; index: number }) => {
    const fromKey = itemsKey(folder.id, from.list, pageOf(from.list));
    const toKey = itemsKey(folder.id, to.list, pageOf(to.list));
    const offset = (pageOf(to.list) - 1) * FOLDER_PAGE_SIZE;
    if (from.list === to.list) {
      queryClient.setQueryData<FolderItemsPage>(fromKey, (page) => page && { ...page, results: arrayMove(page.results, from.index, to.index) });
    } else {
      queryClient.setQueryData<FolderItemsPage>(fromKey, (page) => page && { ...page, results: page.results.filter((r) => r.id !== relation.id) });
      queryClient.setQueryData<FolderItemsPage>(toKey, (page) => {
        if (!page) return page;
        const results = [...page.results];
        results.splice(to.index, 0, { ...relation, id_section: to.list });
        return { ...page, results };
      });
    }
    track(relation, moveItem.mutateAsync({ id: relation.id, priority: offset + to.index + 1, ...(from.list === to.list ? {} : { section: to.list }) }));
  };

  const stopGuard = () => {
    stopWatching.current?.();
    stopWatching.current = null;
  };

  const onDragStart = ({ active, activatorEvent }: DragStartEvent) => {
    const target = activatorEvent.target instanceof Element ? activatorEvent.target : null;
    const source = target?.closest(`[data-folder-item="${String(active.id)}"]`);
    if (!source) return;
    // spec §4/§9: the drag ends if its source element leaves the page (checked from 1000 ms on).
    stopWatching.current = watchDragSource(source, () => {
      stopWatching.current = null;
      cancelActiveDrag(source.ownerDocument);
      toast(t("folders.dnd.sourceRemoved"), "warning");
    });
  };

  const onDragEnd = ({ active, over }: DragEndEvent) => {
    stopGuard();
    const from = dataOf(active);
    const to = dropTarget(active, over);
    if (!from || from.kind !== "item" || !to || from.sortable === undefined) return;
    if (to.list === from.list && to.index === from.sortable.index) return;
    persistMove(from.relation, { list: from.list, index: from.sortable.index }, to);
  };

  const announcements = useFolderAnnouncements(nameOf);

  const moveToList = (relation: FolderRelation, to: ListId) => {
    // No priority: the server puts it last in the target list (count + 1, as new content).
    track(relation, moveItem.mutateAsync({ id: relation.id, section: to }), () =>
      toast(t("folders.moved", { title: relation.content.title, list: nameOf(to) }), "success"),
    );
  };
  const remove = (relation: FolderRelation) =>
    track(relation, removeItem.mutateAsync(relation.id), () => toast(t("folders.removed", { title: relation.content.title }), "success"));

  const listProps = (list: ListId) => ({
    folderId: folder.id,
    list,
    name: nameOf(list),
    page: pageOf(list),
    onPage: (page: number) => setPages((current) => ({ ...current, [String(list)]: page })),
    busyIds,
    moveTargets: lists,
    onMoveTo: moveToList,
    onRemove: remove,
  });

  return (
    <Box component="section" aria-labelledby={`folder-${folder.id}-heading`}>
      <Box sx={{ display: "flex", flexWrap: "wrap", alignItems: "center", gap: 1, mb: 2 }}>
        <Typography id={`folder-${folder.id}-heading`} variant="h2" sx={{ flex: "1 1 200px", minWidth: 0, overflowWrap: "anywhere" }}>
          {folder.name}
        </Typography>
        <Button variant="contained" startIcon={<AddOutlined />} onClick={() => setDialog({ kind: "add" })} aria-haspopup="dialog">
          {t("folders.addItem")}
        </Button>
        <Button startIcon={<PlaylistAddOutlined />} onClick={() => setDialog({ kind: "newSection" })} aria-haspopup="dialog">
          {t("folders.newSection")}
        </Button>
        <Tooltip title={t("folders.rename")}>
          <IconButton aria-label={t("folders.rename")} onClick={() => setDialog({ kind: "renameFolder" })} aria-haspopup="dialog">
            <DriveFileRenameOutlineOutlined />
          </IconButton>
        </Tooltip>
        <Tooltip title={t("folders.delete")}>
          <IconButton aria-label={t("folders.delete")} onClick={() => setDialog({ kind: "deleteFolder" })} aria-haspopup="dialog">
            <DeleteOutlined />
          </IconButton>
        </Tooltip>
      </Box>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
        {t("folders.reorderHint")}
      </Typography>
      {sections.isError && <Alert severity="error">{message(sections.error)}</Alert>}

      <DndContext
        sensors={sensors}
        collisionDetection={collisionDetection}
        onDragStart={onDragStart}
        onDragEnd={onDragEnd}
        onDragCancel={stopGuard}
        accessibility={{ announcements, screenReaderInstructions: { draggable: t("folders.dnd.instructions") } }}
      >
        <Stack spacing={3}>
          <FolderList {...listProps(null)} />
          {(sections.data ?? []).map((section) => (
            <FolderList
              key={section.id}
              {...listProps(section.id)}
              heading={
                <Box sx={{ display: "flex", alignItems: "center", gap: 0.5, mb: 1 }}>
                  <Typography variant="h3" sx={{ flex: 1, minWidth: 0, overflowWrap: "anywhere" }}>
                    {section.name}
                  </Typography>
                  <Tooltip title={t("folders.renameSection", { name: section.name })}>
                    <IconButton
                      size="small"
                      aria-label={t("folders.renameSection", { name: section.name })}
                      onClick={() => setDialog({ kind: "renameSection", section })}
                      aria-haspopup="dialog"
                    >
                      <DriveFileRenameOutlineOutlined fontSize="small" />
                    </IconButton>
                  </Tooltip>
                  <Tooltip title={t("folders.deleteSection", { name: section.name })}>
                    <IconButton
                      size="small"
                      aria-label={t("folders.deleteSection", { name: section.name })}
                      onClick={() => setDialog({ kind: "deleteSection", section })}
                      aria-haspopup="dialog"
                    >
                      <DeleteOutlined fontSize="small" />
                    </IconButton>
                  </Tooltip>
                </Box>
              }
            />
          ))}
        </Stack>
      </DndContext>

      {dialog && <FolderDialogs dialog={dialog} folder={folder} lists={lists} onClose={() => setDialog(null)} onDeleted={onDeleted} />}
    </Box>
  );
}
