import { useState, type ReactNode } from "react";
import { useDroppable } from "@dnd-kit/core";
import { SortableContext, useSortable, verticalListSortingStrategy } from "@dnd-kit/sortable";
import { CSS } from "@dnd-kit/utilities";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import IconButton from "@mui/material/IconButton";
import Paper from "@mui/material/Paper";
import TextField from "@mui/material/TextField";
import Tooltip from "@mui/material/Tooltip";
import Typography from "@mui/material/Typography";
import DeleteOutlined from "@mui/icons-material/DeleteOutlined";
import DragIndicatorOutlined from "@mui/icons-material/DragIndicatorOutlined";
import EditOutlined from "@mui/icons-material/EditOutlined";
import { useTranslation } from "react-i18next";
import { useNetworkFormat } from "../format";
import { ContentTypeIcon } from "../visuals";
import type { CollectionItem, CollectionSection } from "../types";
import { sectionKey } from "./outline";
import type { OutlineActions } from "./SortableOutline";

// The pieces of the editor's outline: lists, items and sections that can be dragged.

export type Kind = "item" | "section";

export interface ItemListProps {
  list: string;
  keys: string[];
  items: Map<string, CollectionItem>;
  dragging: Kind | null;
  label: string;
  onRemove: (item: CollectionItem) => void;
}

/** One section's items (or the unsectioned ones): a sortable list that is also a drop target when empty. */
export function ItemList({ list, keys, items, dragging, label, onRemove }: ItemListProps) {
  const { t } = useTranslation("network");
  const { setNodeRef, isOver } = useDroppable({ id: list, disabled: dragging === "section" });
  return (
    <SortableContext id={list} items={keys} strategy={verticalListSortingStrategy}>
      <Box
        ref={setNodeRef}
        component="ol"
        aria-label={label}
        sx={{
          listStyle: "none",
          m: 0,
          p: 1,
          minHeight: 64,
          display: "grid",
          gap: 1,
          borderRadius: 1,
          border: 1,
          borderStyle: "dashed",
          borderColor: isOver ? "primary.main" : "divider",
          bgcolor: isOver ? "action.hover" : undefined,
        }}
      >
        {keys.map((key) => {
          const item = items.get(key);
          return item ? <SortableItem key={key} id={key} item={item} dragging={dragging} onRemove={onRemove} /> : null;
        })}
        {keys.length === 0 && (
          <Typography component="li" color="text.secondary" variant="body2" sx={{ p: 1.5, textAlign: "center" }}>
            {t("editor.dropHere")}
          </Typography>
        )}
      </Box>
    </SortableContext>
  );
}

function SortableItem({ id, item, dragging, onRemove }: { id: string; item: CollectionItem; dragging: Kind | null; onRemove: (item: CollectionItem) => void }) {
  const { t } = useTranslation("network");
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, transform, transition, isDragging } = useSortable({
    id,
    disabled: { draggable: false, droppable: dragging === "section" },
    attributes: { roleDescription: t("dnd.roleDescription") },
  });
  return (
    <Box component="li" ref={setNodeRef} style={{ transform: CSS.Translate.toString(transform), transition }} sx={{ opacity: isDragging ? 0.4 : 1 }}>
      <ItemCard
        item={item}
        handle={
          <IconButton
            ref={setActivatorNodeRef}
            {...attributes}
            {...listeners}
            aria-label={t("editor.moveItem", { title: item.content.title })}
            sx={{ cursor: "grab", touchAction: "none" }}
          >
            <DragIndicatorOutlined />
          </IconButton>
        }
        remove={
          <Tooltip title={t("editor.removeItem", { title: item.content.title })}>
            <IconButton aria-label={t("editor.removeItem", { title: item.content.title })} onClick={() => onRemove(item)}>
              <DeleteOutlined />
            </IconButton>
          </Tooltip>
        }
      />
    </Box>
  );
}

export function ItemCard({ item, handle, remove, lifted }: { item: CollectionItem; handle?: ReactNode; remove?: ReactNode; lifted?: boolean }) {
  const format = useNetworkFormat();
  const { content } = item;
  const meta = [format.type(content.content_type), format.provider(content.provider), format.duration(content.duration_s)].filter(Boolean).join(" · ");
  return (
    <Paper variant={lifted ? "elevation" : "outlined"} elevation={lifted ? 6 : 0} sx={{ display: "flex", alignItems: "center", gap: 1, p: 1 }}>
      {handle ?? <DragIndicatorOutlined sx={{ m: 1 }} />}
      <Box aria-hidden sx={{ color: "text.secondary", display: "flex" }}>
        <ContentTypeIcon type={content.content_type} />
      </Box>
      <Box sx={{ minWidth: 0, flex: 1 }}>
        <Typography sx={{ fontWeight: 600, overflowWrap: "anywhere" }}>{content.title}</Typography>
        <Typography variant="body2" color="text.secondary" noWrap>
          {meta || content.url}
        </Typography>
      </Box>
      {remove}
    </Paper>
  );
}

export function SortableSection({
  section,
  dragging,
  actions,
  children,
}: {
  section: CollectionSection;
  dragging: Kind | null;
  actions: OutlineActions;
  children: ReactNode;
}) {
  const { t } = useTranslation("network");
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, transform, transition, isDragging } = useSortable({
    id: sectionKey(section.id),
    disabled: { draggable: false, droppable: dragging === "item" },
    attributes: { roleDescription: t("dnd.sectionRoleDescription") },
  });
  const [renaming, setRenaming] = useState(false);
  const [title, setTitle] = useState(section.title);
  const [saving, setSaving] = useState(false);
  const save = () => {
    const next = title.trim();
    if (!next || next === section.title) {
      setRenaming(false);
      setTitle(section.title);
      return;
    }
    setSaving(true);
    actions
      .renameSection(section, next)
      .then(() => setRenaming(false))
      .catch(() => undefined)
      .finally(() => setSaving(false));
  };
  return (
    <Paper
      ref={setNodeRef}
      component="section"
      aria-label={t("editor.sectionLabel", { title: section.title })}
      variant="outlined"
      style={{ transform: CSS.Translate.toString(transform), transition }}
      sx={{ p: 1.5, opacity: isDragging ? 0.4 : 1 }}
    >
      <Box sx={{ display: "flex", alignItems: "center", gap: 1, mb: 1, flexWrap: "wrap" }}>
        <IconButton
          ref={setActivatorNodeRef}
          {...attributes}
          {...listeners}
          aria-label={t("editor.moveSection", { title: section.title })}
          sx={{ cursor: "grab", touchAction: "none" }}
        >
          <DragIndicatorOutlined />
        </IconButton>
        {renaming ? (
          <Box
            component="form"
            onSubmit={(event) => {
              event.preventDefault();
              save();
            }}
            sx={{ display: "flex", gap: 1, flex: 1, minWidth: 200, alignItems: "center" }}
          >
            <TextField
              size="small"
              label={t("editor.sectionTitle")}
              value={title}
              onChange={(event) => setTitle(event.target.value.slice(0, 200))}
              autoFocus
              sx={{ flex: 1 }}
            />
            <Button type="submit" size="small" variant="contained" loading={saving}>
              {t("editor.saveSection")}
            </Button>
            <Button
              size="small"
              onClick={() => {
                setRenaming(false);
                setTitle(section.title);
              }}
            >
              {t("actions.cancel")}
            </Button>
          </Box>
        ) : (
          <>
            <Typography variant="h3" sx={{ fontSize: "1.05rem", flex: 1, minWidth: 0, overflowWrap: "anywhere" }}>
              {section.title}
            </Typography>
            <Tooltip title={t("editor.renameSection", { title: section.title })}>
              <IconButton aria-label={t("editor.renameSection", { title: section.title })} onClick={() => setRenaming(true)}>
                <EditOutlined />
              </IconButton>
            </Tooltip>
            <Tooltip title={t("editor.deleteSection", { title: section.title })}>
              <IconButton aria-label={t("editor.deleteSection", { title: section.title })} onClick={() => actions.deleteSection(section)}>
                <DeleteOutlined />
              </IconButton>
            </Tooltip>
          </>
        )}
      </Box>
      {children}
    </Paper>
  );
}

export function SectionCard({ section, lifted }: { section: CollectionSection; lifted?: boolean }) {
  return (
    <Paper elevation={lifted ? 6 : 0} sx={{ display: "flex", alignItems: "center", gap: 1, p: 1.5 }}>
      <DragIndicatorOutlined />
      <Typography variant="h3" component="p" sx={{ fontSize: "1.05rem" }}>
        {section.title}
      </Typography>
    </Paper>
  );
}
