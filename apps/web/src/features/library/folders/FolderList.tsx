import { useId, useState, type ReactNode } from "react";
import { useDroppable } from "@dnd-kit/core";
import { SortableContext, useSortable, verticalListSortingStrategy } from "@dnd-kit/sortable";
import { CSS } from "@dnd-kit/utilities";
import Alert from "@mui/material/Alert";
import Box from "@mui/material/Box";
import CircularProgress from "@mui/material/CircularProgress";
import IconButton from "@mui/material/IconButton";
import ListItemIcon from "@mui/material/ListItemIcon";
import ListItemText from "@mui/material/ListItemText";
import MenuItem from "@mui/material/MenuItem";
import Typography from "@mui/material/Typography";
import DragIndicator from "@mui/icons-material/DragIndicator";
import MoreVert from "@mui/icons-material/MoreVert";
import DriveFileMoveOutlined from "@mui/icons-material/DriveFileMoveOutlined";
import FolderDeleteOutlined from "@mui/icons-material/FolderDeleteOutlined";
import { useTranslation } from "react-i18next";
import { FOLDER_PAGE_SIZE, type FolderRelation } from "@learnward/contracts";
import { useErrorMessage } from "../../../i18n/useErrorMessage";
import { ContentCard } from "../ContentCard";
import { ItemStateControl } from "../ItemStateControl";
import { TablePager } from "../../../components/TablePager";
import { useFolderItems, type ListId } from "../folderHooks";
import { OnDemandMenu } from "../../../components/OnDemandMenu";

/** dnd-kit ids: one per folder item, one per list (so an empty section can take a drop). */
export const itemDndId = (relationId: number) => `item-${relationId}`;
export const listDndId = (list: ListId) => `list-${list ?? "folder"}`;

/** What each draggable and droppable carries, for the drop handler and the announcements. */
export type ItemDndData = { kind: "item"; relation: FolderRelation; list: ListId; offset: number; total: number };
export type ListDndData = { kind: "list"; list: ListId; offset: number; total: number; length: number };

export interface ListChoice {
  list: ListId;
  name: string;
}

interface ItemProps {
  relation: FolderRelation;
  list: ListId;
  offset: number;
  total: number;
  busy: boolean;
  /** Other lists this item can move to (for keyboard and screen reader users too). */
  moveTargets: ListChoice[];
  onMoveTo: (relation: FolderRelation, to: ListId) => void;
  onRemove: (relation: FolderRelation) => void;
}

function SortableFolderItem({ relation, list, offset, total, busy, moveTargets, onMoveTo, onRemove }: ItemProps) {
  const { t } = useTranslation("home");
  const menuId = useId();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const data: ItemDndData = { kind: "item", relation, list, offset, total };
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, transform, transition, isDragging } = useSortable({
    id: itemDndId(relation.id),
    data,
    attributes: { roleDescription: t("folders.dnd.roleDescription") },
  });
  const title = relation.content.title;
  const close = () => setAnchor(null);

  return (
    <Box
      component="li"
      ref={setNodeRef}
      data-folder-item={itemDndId(relation.id)}
      sx={{
        listStyle: "none",
        minWidth: 0,
        display: "flex",
        alignItems: "stretch",
        gap: 1,
        position: "relative",
        zIndex: isDragging ? 2 : undefined,
        opacity: isDragging ? 0.85 : 1,
        transform: CSS.Translate.toString(transform),
        transition,
      }}
    >
      <IconButton
        ref={setActivatorNodeRef}
        {...attributes}
        {...listeners}
        aria-label={t("folders.dnd.handle", { title })}
        disabled={busy}
        sx={{ alignSelf: "center", cursor: isDragging ? "grabbing" : "grab", touchAction: "none" }}
      >
        <DragIndicator />
      </IconButton>
      <Box sx={{ flex: 1, minWidth: 0 }}>
        <ContentCard
          component="div"
          item={relation.content}
          busy={busy}
          linkToPage
          stateControl={<ItemStateControl item={relation.content} />}
          actions={
            <>
              <IconButton
                aria-label={t("folders.itemActions", { title })}
                aria-haspopup="menu"
                aria-controls={anchor ? menuId : undefined}
                aria-expanded={anchor ? true : undefined}
                disabled={busy}
                onClick={(event) => setAnchor(event.currentTarget)}
              >
                <MoreVert />
              </IconButton>
              <OnDemandMenu id={menuId} anchorEl={anchor} open={Boolean(anchor)} onClose={close}>
                {moveTargets.map((target) => (
                  <MenuItem
                    key={String(target.list)}
                    onClick={() => {
                      close();
                      onMoveTo(relation, target.list);
                    }}
                  >
                    <ListItemIcon>
                      <DriveFileMoveOutlined fontSize="small" />
                    </ListItemIcon>
                    <ListItemText>{t("folders.moveTo", { list: target.name })}</ListItemText>
                  </MenuItem>
                ))}
                <MenuItem
                  onClick={() => {
                    close();
                    onRemove(relation);
                  }}
                >
                  <ListItemIcon>
                    <FolderDeleteOutlined fontSize="small" />
                  </ListItemIcon>
                  <ListItemText>{t("folders.removeItem")}</ListItemText>
                </MenuItem>
              </OnDemandMenu>
            </>
          }
        />
      </Box>
    </Box>
  );
}

interface FolderListProps {
  folderId: number;
  list: ListId;
  /** The list's name, for headings and announcements. */
  name: string;
  heading?: ReactNode;
  page: number;
  onPage: (page: number) => void;
  busyIds: number[];
  moveTargets: ListChoice[];
  onMoveTo: (relation: FolderRelation, to: ListId) => void;
  onRemove: (relation: FolderRelation) => void;
}

/** One list of a folder (its own items or a section's), sorted by priority, 15 a page. */
export function FolderList({ folderId, list, name, heading, page, onPage, busyIds, moveTargets, onMoveTo, onRemove }: FolderListProps) {
  const { t } = useTranslation("home");
  const message = useErrorMessage();
  const items = useFolderItems(folderId, list, page);
  const results = items.data?.results ?? [];
  const total = items.data?.count ?? 0;
  const offset = (page - 1) * FOLDER_PAGE_SIZE;
  const listData: ListDndData = { kind: "list", list, offset, total, length: results.length };
  const { setNodeRef, isOver } = useDroppable({ id: listDndId(list), data: listData });
  const pages = Math.max(1, Math.ceil(total / FOLDER_PAGE_SIZE));
  const targets = moveTargets.filter((target) => target.list !== list);

  return (
    <Box component="section" aria-label={name}>
      {heading}
      {items.isError && <Alert severity="error">{message(items.error)}</Alert>}
      {items.isPending ? (
        <Box role="status" sx={{ display: "grid", placeItems: "center", py: 3 }}>
          <CircularProgress size={28} aria-label={t("folders.loadingItems")} />
        </Box>
      ) : (
        <SortableContext id={listDndId(list)} items={results.map((relation) => itemDndId(relation.id))} strategy={verticalListSortingStrategy}>
          <Box
            component="ul"
            ref={setNodeRef}
            aria-label={t("folders.itemsOf", { list: name })}
            sx={{
              m: 0,
              p: 1,
              display: "grid",
              // One column no wider than the page: an auto column grew to a long title's or byline's
              // unbroken width (471 px at 390 wide) and pushed the items' menus off screen.
              gridTemplateColumns: "minmax(0, 1fr)",
              gap: 1,
              minHeight: 64,
              borderRadius: 1,
              border: 1,
              borderStyle: "dashed",
              borderColor: isOver ? "primary.main" : "transparent",
              bgcolor: isOver ? "action.hover" : undefined,
            }}
          >
            {results.map((relation) => (
              <SortableFolderItem
                key={relation.id}
                relation={relation}
                list={list}
                offset={offset}
                total={total}
                busy={busyIds.includes(relation.id)}
                moveTargets={targets}
                onMoveTo={onMoveTo}
                onRemove={onRemove}
              />
            ))}
            {results.length === 0 && (
              <Typography component="li" color="text.secondary" variant="body2" sx={{ listStyle: "none", alignSelf: "center", textAlign: "center" }}>
                {t("folders.emptyList")}
              </Typography>
            )}
          </Box>
        </SortableContext>
      )}
      <TablePager label={t("pagination.labelOf", { list: name })} count={total} page={Math.min(page, pages)} pageSize={FOLDER_PAGE_SIZE} onPage={onPage} />
    </Box>
  );
}
