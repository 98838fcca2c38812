import { useState, type FormEvent } from "react";
import Alert from "@mui/material/Alert";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import CircularProgress from "@mui/material/CircularProgress";
import Dialog from "@mui/material/Dialog";
import DialogActions from "@mui/material/DialogActions";
import DialogContent from "@mui/material/DialogContent";
import DialogTitle from "@mui/material/DialogTitle";
import List from "@mui/material/List";
import ListItem from "@mui/material/ListItem";
import ListItemButton from "@mui/material/ListItemButton";
import ListItemText from "@mui/material/ListItemText";
import TextField from "@mui/material/TextField";
import Typography from "@mui/material/Typography";
import { useTranslation } from "react-i18next";
import { CreateCollectionRequest, type CopilotItem } from "@learnward/contracts";
import { useErrorMessage } from "../../i18n/useErrorMessage";
import { collectionPath } from "../network/format";
import { useCollections } from "../network/hooks";
import type { ActionResult } from "./CopilotItemActions";
import { useAddToCollection, type CollectionTarget } from "./hooks";

const TITLE_MAX = CreateCollectionRequest.shape.title.maxLength ?? 200;

/** Picks one of my collections, or names a new private draft, and adds the copilot's item to it. */
export function AddToCollectionDialog({ item, onDone, onClose }: { item: CopilotItem; onDone: (r: ActionResult) => void; onClose: () => void }) {
  const { t } = useTranslation("discover");
  const errorMessage = useErrorMessage();
  const mine = useCollections({ scope: "mine", pageSize: 100 });
  const add = useAddToCollection();
  const [newTitle, setNewTitle] = useState("");
  const [missingTitle, setMissingTitle] = useState(false);

  const addTo = (target: CollectionTarget) =>
    add.mutate(
      { target, contentId: item.id_content },
      {
        onSuccess: (detail) => {
          onDone({
            severity: "success",
            text: t("itemActions.addedResult", { title: item.title, collection: detail.title }),
            link: { to: collectionPath(detail), label: t("itemActions.openCollection") },
          });
          onClose();
        },
      },
    );
  const onCreate = (e: FormEvent) => {
    e.preventDefault();
    const title = newTitle.trim();
    setMissingTitle(title === "");
    if (title !== "") addTo({ title });
  };

  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="xs" aria-labelledby="add-to-collection-title">
      <DialogTitle id="add-to-collection-title">{t("itemActions.collectTitle", { title: item.title })}</DialogTitle>
      <DialogContent sx={{ display: "flex", flexDirection: "column", gap: 2 }}>
        {add.isError && <Alert severity="error">{errorMessage(add.error)}</Alert>}
        <Box>
          <Typography variant="subtitle2" component="h3" id="my-collections-heading">
            {t("itemActions.myCollections")}
          </Typography>
          {mine.isPending ? (
            <CircularProgress size={24} aria-label={t("itemActions.loadingCollections")} />
          ) : mine.isError ? (
            <Alert severity="error">{errorMessage(mine.error)}</Alert>
          ) : mine.data.results.length === 0 ? (
            <Typography variant="body2" color="text.secondary">
              {t("itemActions.noCollections")}
            </Typography>
          ) : (
            <List dense aria-labelledby="my-collections-heading">
              {mine.data.results.map((c) => (
                <ListItem key={c.id} disablePadding>
                  <ListItemButton disabled={add.isPending} onClick={() => addTo({ id: c.id, title: c.title })}>
                    <ListItemText primary={c.title} secondary={t(`itemActions.collectionStatus.${c.status}`)} />
                  </ListItemButton>
                </ListItem>
              ))}
            </List>
          )}
        </Box>
        <Box component="form" onSubmit={onCreate} noValidate sx={{ display: "flex", gap: 1, flexWrap: "wrap", alignItems: "flex-start" }}>
          <TextField
            size="small"
            label={t("itemActions.newCollection")}
            value={newTitle}
            onChange={(e) => setNewTitle(e.target.value)}
            error={missingTitle}
            helperText={missingTitle ? t("itemActions.newCollectionRequired") : t("itemActions.newCollectionHelp")}
            slotProps={{ htmlInput: { maxLength: TITLE_MAX } }}
            sx={{ flex: "1 1 12rem" }}
          />
          <Button type="submit" variant="contained" disabled={add.isPending}>
            {t("itemActions.createAndAdd")}
          </Button>
        </Box>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t("itemActions.close")}</Button>
      </DialogActions>
    </Dialog>
  );
}
