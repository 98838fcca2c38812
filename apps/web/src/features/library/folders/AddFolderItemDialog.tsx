import { useId, useState } from "react";
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
import ListItemText from "@mui/material/ListItemText";
import MenuItem from "@mui/material/MenuItem";
import Stack from "@mui/material/Stack";
import Tab from "@mui/material/Tab";
import Tabs from "@mui/material/Tabs";
import TextField from "@mui/material/TextField";
import Typography from "@mui/material/Typography";
import CheckOutlined from "@mui/icons-material/CheckOutlined";
import { useTranslation } from "react-i18next";
import { CONTENT_PAGE_SIZE, type ContentItem } from "@learnward/contracts";
import { useSchemaForm } from "../../../components/useSchemaForm";
import { useErrorMessage } from "../../../i18n/useErrorMessage";
import { isApiError } from "../../../lib/api";
import { toast } from "../../../lib/toast";
import { TablePager } from "../../../components/TablePager";
import { useAddToFolder, type Folder, type ListId } from "../folderHooks";
import type { ListChoice } from "./FolderList";
import { useLibraryFormat } from "../format";
import { useContentSearch } from "../hooks";
import { NewLinkForm } from "../forms";
import { useDebounced } from "../../../lib/useDebounced";

type Mode = "library" | "link";
const SEARCH_DELAY_MS = 300;

/** Pick items of my library (searched 8 at a time) to add to the folder. */
function FromLibrary({ onAdd, added, pending }: { onAdd: (item: ContentItem) => void; added: number[]; pending: number[] }) {
  const { t } = useTranslation("home");
  const message = useErrorMessage();
  const format = useLibraryFormat();
  const [search, setSearch] = useState("");
  const [page, setPage] = useState(1);
  const query = useDebounced(search, SEARCH_DELAY_MS);
  const results = useContentSearch({ tab: "all", course: "all", state: "all", search: query, page });
  return (
    <Stack spacing={1.5}>
      <TextField
        type="search"
        label={t("folders.searchLibrary")}
        value={search}
        onChange={(event) => {
          setSearch(event.target.value);
          setPage(1);
        }}
        size="small"
        fullWidth
        slotProps={{ htmlInput: { maxLength: 200 } }}
      />
      {results.isPending ? (
        <Box role="status" sx={{ display: "grid", placeItems: "center", py: 2 }}>
          <CircularProgress size={28} aria-label={t("list.loading")} />
        </Box>
      ) : results.isError ? (
        <Alert severity="error">{message(results.error)}</Alert>
      ) : results.data.results.length === 0 ? (
        <Typography color="text.secondary">{search.trim() ? t("list.noMatches") : t("folders.libraryEmpty")}</Typography>
      ) : (
        <List dense aria-label={t("folders.libraryResults")}>
          {results.data.results.map((item) => {
            const isAdded = added.includes(item.id_primary);
            return (
              <ListItem
                key={item.id_primary}
                disableGutters
                secondaryAction={
                  <Button
                    size="small"
                    variant={isAdded ? "text" : "outlined"}
                    disabled={isAdded}
                    startIcon={isAdded ? <CheckOutlined /> : undefined}
                    loading={pending.includes(item.id_primary)}
                    onClick={() => onAdd(item)}
                    aria-label={isAdded ? t("folders.addedItem", { title: item.title }) : t("folders.addThis", { title: item.title })}
                  >
                    {isAdded ? t("folders.addedShort") : t("folders.addShort")}
                  </Button>
                }
                sx={{ pr: 12 }}
              >
                <ListItemText
                  primary={item.title}
                  secondary={[format.type(item.content_type), item.author].filter(Boolean).join(" · ")}
                  slotProps={{ primary: { sx: { overflowWrap: "anywhere" } } }}
                />
              </ListItem>
            );
          })}
        </List>
      )}
      <TablePager label={t("pagination.label")} count={results.data?.count ?? 0} page={page} pageSize={CONTENT_PAGE_SIZE} onPage={setPage} />
    </Stack>
  );
}

/**
 * Add content to a folder (POST /api/user/folder_relation/create_content/): an item of my library
 * (id_primary) or a new link (url and title; it is saved to my library too). It goes last.
 */
export function AddFolderItemDialog({ folder, sections, onClose }: { folder: Folder; sections: ListChoice[]; onClose: () => void }) {
  const { t } = useTranslation("home");
  const titleId = useId();
  const message = useErrorMessage();
  const add = useAddToFolder();
  const [mode, setMode] = useState<Mode>("library");
  const [section, setSection] = useState<ListId>(null);
  const [added, setAdded] = useState<number[]>([]);
  const [pending, setPending] = useState<number[]>([]);
  // Checked with NewLinkForm (useSchemaForm): its rules and length limits are the fields' own.
  const link = useSchemaForm(NewLinkForm, { defaultValues: { url: "", title: "" } });

  const addItem = (item: ContentItem) => {
    setPending((ids) => [...ids, item.id_primary]);
    // The promise, not mutate's latest-call callbacks: several items may be added at once.
    add
      .mutateAsync({ id_folder: folder.id, id_section: section, id_primary: item.id_primary })
      .then(
        () => {
          setAdded((ids) => [...ids, item.id_primary]);
          toast(t("folders.added", { title: item.title, folder: folder.name }), "success");
        },
        () => undefined, // shown by the dialog's alert
      )
      .finally(() => setPending((ids) => ids.filter((id) => id !== item.id_primary)));
  };

  const addLink = link.form.handleSubmit(({ url, title }) =>
    add.mutate(
      { id_folder: folder.id, id_section: section, url, title },
      {
        onSuccess: (relation) => {
          link.form.reset({ url: "", title: "" });
          toast(t("folders.added", { title: relation.content.title, folder: folder.name }), "success");
        },
      },
    ),
  );

  return (
    <Dialog open onClose={onClose} aria-labelledby={titleId} fullWidth maxWidth="sm" scroll="body">
      <DialogTitle id={titleId}>{t("folders.addItemTitle", { folder: folder.name })}</DialogTitle>
      <DialogContent>
        <Stack spacing={2}>
          {sections.length > 1 && (
            <TextField
              select
              label={t("folders.section")}
              value={String(section)}
              onChange={(event) => setSection(event.target.value === "null" ? null : Number(event.target.value))}
              fullWidth
              sx={{ mt: 1 }}
            >
              {sections.map((choice) => (
                <MenuItem key={String(choice.list)} value={String(choice.list)}>
                  {choice.name}
                </MenuItem>
              ))}
            </TextField>
          )}
          <Tabs value={mode} onChange={(_event, value: Mode) => setMode(value)} aria-label={t("folders.addFrom")}>
            <Tab value="library" label={t("folders.fromLibrary")} id={`${titleId}-library`} aria-controls={`${titleId}-panel`} />
            <Tab value="link" label={t("folders.fromLink")} id={`${titleId}-link`} aria-controls={`${titleId}-panel`} />
          </Tabs>
          {add.isError && (
            <Alert severity="error" role="alert">
              {isApiError(add.error, "already_in_folder") ? t("folders.alreadyInFolder") : message(add.error)}
            </Alert>
          )}
          <Box role="tabpanel" id={`${titleId}-panel`} aria-labelledby={`${titleId}-${mode}`}>
            {mode === "library" ? (
              <FromLibrary onAdd={addItem} added={added} pending={pending} />
            ) : (
              <Box component="form" noValidate onSubmit={addLink}>
                <Stack spacing={2}>
                  <TextField {...link.field("url")} label={t("add.url")} type="url" placeholder="https://" required fullWidth />
                  <TextField {...link.field("title")} label={t("form.title")} required fullWidth />
                  <Box>
                    <Button type="submit" variant="contained" loading={add.isPending}>
                      {t("folders.addLink")}
                    </Button>
                  </Box>
                </Stack>
              </Box>
            )}
          </Box>
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t("folders.done")}</Button>
      </DialogActions>
    </Dialog>
  );
}
