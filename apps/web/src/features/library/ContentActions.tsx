import { lazy, Suspense, useId, useState } from "react";
import IconButton from "@mui/material/IconButton";
import ListItemIcon from "@mui/material/ListItemIcon";
import ListItemText from "@mui/material/ListItemText";
import MenuItem from "@mui/material/MenuItem";
import MoreVert from "@mui/icons-material/MoreVert";
import EditOutlined from "@mui/icons-material/EditOutlined";
import CreateNewFolderOutlined from "@mui/icons-material/CreateNewFolderOutlined";
import DeleteOutlined from "@mui/icons-material/DeleteOutlined";
import PlayCircleOutlined from "@mui/icons-material/PlayCircleOutlined";
import TaskAltOutlined from "@mui/icons-material/TaskAltOutlined";
import BookmarkBorderOutlined from "@mui/icons-material/BookmarkBorderOutlined";
import LocalOfferOutlined from "@mui/icons-material/LocalOfferOutlined";
import { useTranslation } from "react-i18next";
import type { ContentItem, CourseStatus, DeleteContentResponse } from "@learnward/contracts";
import { useErrorMessage } from "../../i18n/useErrorMessage";
import { toast } from "../../lib/toast";
import { useDeleteContent } from "./hooks";
import { toastWithUndo } from "./undoToast";
import { OnDemandMenu } from "../../components/OnDemandMenu";

const EditContentDialog = lazy(() => import("./EditContentDialog"));
const AddToFolderDialog = lazy(() => import("./AddToFolderDialog"));
const ItemTagsDialog = lazy(() => import("./tags/ItemTagsDialog"));

// spec §4 course states, in the order a course goes through them.
const COURSE_STATES = ["wishlist", "running", "finalized"] as const satisfies readonly CourseStatus[];
const MOVE_ICONS = {
  wishlist: <BookmarkBorderOutlined fontSize="small" />,
  running: <PlayCircleOutlined fontSize="small" />,
  finalized: <TaskAltOutlined fontSize="small" />,
};

interface ContentActionsProps {
  item: ContentItem;
  busy: boolean;
  onMove: (item: ContentItem, to: CourseStatus) => void;
}

/** The owner's menu of a saved item: edit, add to a folder, tags, move a course, delete (with undo). */
export function ContentActions({ item, busy, onMove }: ContentActionsProps) {
  const { t } = useTranslation("home");
  const message = useErrorMessage();
  const menuId = useId();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const [dialog, setDialog] = useState<"edit" | "folder" | "tags" | null>(null);
  const { remove, restore } = useDeleteContent();
  const close = () => setAnchor(null);
  const isCourse = item.content_type === "course" || item.course_status !== null;

  const undo = (removed: DeleteContentResponse) =>
    void restore(item, removed).then(
      () => toast(t("delete.restored", { title: item.title }), "success"),
      (error: unknown) => toast(message(error), "error"),
    );
  const deleteItem = () => {
    close();
    // mutateAsync: the card leaves the list before the answer's callbacks would run.
    void remove.mutateAsync(item).then(
      (removed) => toastWithUndo(t("delete.done", { title: item.title }), t("delete.undo"), () => undo(removed)),
      (error: unknown) => toast(message(error), "error"),
    );
  };

  return (
    <>
      <IconButton
        aria-label={t("card.actions", { title: item.title })}
        aria-haspopup="menu"
        aria-controls={anchor ? menuId : undefined}
        aria-expanded={anchor ? true : undefined}
        disabled={busy || remove.isPending}
        onClick={(event) => setAnchor(event.currentTarget)}
      >
        <MoreVert />
      </IconButton>
      <OnDemandMenu id={menuId} anchorEl={anchor} open={Boolean(anchor)} onClose={close}>
        <MenuItem
          onClick={() => {
            close();
            setDialog("edit");
          }}
        >
          <ListItemIcon>
            <EditOutlined fontSize="small" />
          </ListItemIcon>
          <ListItemText>{t("card.edit")}</ListItemText>
        </MenuItem>
        <MenuItem
          onClick={() => {
            close();
            setDialog("folder");
          }}
        >
          <ListItemIcon>
            <CreateNewFolderOutlined fontSize="small" />
          </ListItemIcon>
          <ListItemText>{t("card.addToFolder")}</ListItemText>
        </MenuItem>
        <MenuItem
          onClick={() => {
            close();
            setDialog("tags");
          }}
        >
          <ListItemIcon>
            <LocalOfferOutlined fontSize="small" />
          </ListItemIcon>
          <ListItemText>{t("card.tags")}</ListItemText>
        </MenuItem>
        {isCourse &&
          COURSE_STATES.filter((status) => status !== item.course_status).map((status) => (
            <MenuItem
              key={status}
              onClick={() => {
                close();
                onMove(item, status);
              }}
            >
              <ListItemIcon>{MOVE_ICONS[status]}</ListItemIcon>
              <ListItemText>{t(`courses.moveTo.${status}`)}</ListItemText>
            </MenuItem>
          ))}
        <MenuItem onClick={deleteItem}>
          <ListItemIcon>
            <DeleteOutlined fontSize="small" />
          </ListItemIcon>
          <ListItemText>{t("card.delete")}</ListItemText>
        </MenuItem>
      </OnDemandMenu>
      <Suspense fallback={null}>
        {dialog === "edit" && <EditContentDialog item={item} onClose={() => setDialog(null)} />}
        {dialog === "folder" && <AddToFolderDialog item={item} onClose={() => setDialog(null)} />}
        {dialog === "tags" && <ItemTagsDialog item={item} onClose={() => setDialog(null)} />}
      </Suspense>
    </>
  );
}
