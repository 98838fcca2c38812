import { useId } from "react";
import Button from "@mui/material/Button";
import Dialog from "@mui/material/Dialog";
import DialogActions from "@mui/material/DialogActions";
import DialogContent from "@mui/material/DialogContent";
import DialogTitle from "@mui/material/DialogTitle";
import { useTranslation } from "react-i18next";
import type { ContentItem } from "@learnward/contracts";
import { ItemTags } from "./ItemTags";

/** The tags of one item from its card's menu: the same editor as the item's page, in a small dialog. */
export default function ItemTagsDialog({ item, onClose }: { item: ContentItem; onClose: () => void }) {
  const { t } = useTranslation("home");
  const titleId = useId();
  return (
    <Dialog open onClose={onClose} aria-labelledby={titleId} fullWidth maxWidth="sm">
      <DialogTitle id={titleId}>{t("tags.dialogTitle", { title: item.title })}</DialogTitle>
      <DialogContent sx={{ pt: "8px !important" }}>
        <ItemTags itemId={item.id_primary} tags={item.tags ?? []} />
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t("tags.done")}</Button>
      </DialogActions>
    </Dialog>
  );
}
