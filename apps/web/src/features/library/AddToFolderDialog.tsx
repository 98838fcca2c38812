import { useId, useState } from "react";
import Alert from "@mui/material/Alert";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import CircularProgress from "@mui/material/CircularProgress";
import Dialog from "@mui/material/Dialog";
import DialogActions from "@mui/material/DialogActions";
import DialogContent from "@mui/material/DialogContent";
import DialogContentText from "@mui/material/DialogContentText";
import DialogTitle from "@mui/material/DialogTitle";
import MenuItem from "@mui/material/MenuItem";
import Stack from "@mui/material/Stack";
import TextField from "@mui/material/TextField";
import { useTranslation } from "react-i18next";
import type { ContentItem } from "@learnward/contracts";
import { useErrorMessage } from "../../i18n/useErrorMessage";
import { isApiError } from "../../lib/api";
import { toast } from "../../lib/toast";
import { useAddToFolder, useFolderMutations, useFolders, useSections } from "./folderHooks";

const NO_SECTION = "none";

function SectionSelect({ folderId, value, onChange }: { folderId: number; value: string; onChange: (value: string) => void }) {
  const { t } = useTranslation("home");
  const sections = useSections(folderId);
  if (!sections.data?.length) return null;
  return (
    <TextField select label={t("folders.section")} value={value} onChange={(event) => onChange(event.target.value)} fullWidth>
      <MenuItem value={NO_SECTION}>{t("folders.noSection")}</MenuItem>
      {sections.data.map((section) => (
        <MenuItem key={section.id} value={String(section.id)}>
          {section.name}
        </MenuItem>
      ))}
    </TextField>
  );
}

/** Add an item of my library to one of my folders (POST /api/user/folder_relation/create_content/ {id_primary}). */
export default function AddToFolderDialog({ item, onClose }: { item: ContentItem; onClose: () => void }) {
  const { t } = useTranslation("home");
  const titleId = useId();
  const message = useErrorMessage();
  const folders = useFolders();
  const { create } = useFolderMutations();
  const add = useAddToFolder();
  const [folder, setFolder] = useState("");
  const [section, setSection] = useState(NO_SECTION);
  const [newName, setNewName] = useState("");

  const createFolder = () =>
    create.mutate(newName.trim(), {
      onSuccess: (created) => {
        setFolder(String(created.id));
        setNewName("");
      },
    });

  const submit = () => {
    if (!folder) return;
    add.mutate(
      { id_folder: Number(folder), id_section: section === NO_SECTION ? null : Number(section), id_primary: item.id_primary },
      {
        onSuccess: () => {
          const name = folders.data?.find((f) => String(f.id) === folder)?.name ?? "";
          toast(t("folders.added", { title: item.title, folder: name }), "success");
          onClose();
        },
      },
    );
  };

  return (
    <Dialog open onClose={onClose} aria-labelledby={titleId} fullWidth maxWidth="xs">
      <DialogTitle id={titleId}>{t("folders.addTitle")}</DialogTitle>
      <DialogContent>
        <DialogContentText sx={{ mb: 2 }}>{item.title}</DialogContentText>
        {folders.isPending ? (
          <Box role="status" sx={{ display: "grid", placeItems: "center", py: 2 }}>
            <CircularProgress aria-label={t("folders.loading")} />
          </Box>
        ) : (
          <Stack spacing={2} sx={{ pt: 1 }}>
            {folders.isError && <Alert severity="error">{message(folders.error)}</Alert>}
            {folders.data && folders.data.length > 0 && (
              <TextField
                select
                label={t("folders.folder")}
                value={folder}
                onChange={(event) => {
                  setFolder(event.target.value);
                  setSection(NO_SECTION);
                }}
                required
                fullWidth
              >
                {folders.data.map((f) => (
                  <MenuItem key={f.id} value={String(f.id)}>
                    {f.name}
                  </MenuItem>
                ))}
              </TextField>
            )}
            {folder && <SectionSelect folderId={Number(folder)} value={section} onChange={setSection} />}
            <Box
              component="form"
              noValidate
              onSubmit={(event) => {
                event.preventDefault();
                if (newName.trim()) createFolder();
              }}
              sx={{ display: "flex", gap: 1, alignItems: "flex-start" }}
            >
              <TextField
                label={t("folders.newFolderName")}
                value={newName}
                onChange={(event) => setNewName(event.target.value)}
                size="small"
                fullWidth
                slotProps={{ htmlInput: { maxLength: 120 } }}
              />
              <Button type="submit" variant="outlined" disabled={!newName.trim()} loading={create.isPending} sx={{ flex: "0 0 auto" }}>
                {t("folders.create")}
              </Button>
            </Box>
            {(add.isError || create.isError) && (
              <Alert severity="error" role="alert">
                {add.isError && isApiError(add.error, "already_in_folder") ? t("folders.alreadyInFolder") : message(add.error ?? create.error)}
              </Alert>
            )}
          </Stack>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t("actions.cancel")}</Button>
        <Button variant="contained" onClick={submit} disabled={!folder} loading={add.isPending}>
          {t("folders.addToFolder")}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
