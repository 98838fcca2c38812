import { useState, type FormEvent } from "react";
import { Link as RouterLink } from "react-router";
import Alert from "@mui/material/Alert";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import Paper from "@mui/material/Paper";
import Stack from "@mui/material/Stack";
import TextField from "@mui/material/TextField";
import Typography from "@mui/material/Typography";
import ArrowBackOutlined from "@mui/icons-material/ArrowBackOutlined";
import CreateNewFolderOutlined from "@mui/icons-material/CreateNewFolderOutlined";
import DeleteOutlined from "@mui/icons-material/DeleteOutlined";
import EditOutlined from "@mui/icons-material/EditOutlined";
import PublishOutlined from "@mui/icons-material/PublishOutlined";
import VisibilityOutlined from "@mui/icons-material/VisibilityOutlined";
import { useTranslation } from "react-i18next";
import { PageHeader } from "../../../components/PageHeader";
import { useErrorMessage } from "../../../i18n/useErrorMessage";
import { isApiError } from "../../../lib/api";
import { toast } from "../../../lib/toast";
import { CollectionDialog } from "../CollectionDialog";
import { DraftBanner } from "../DraftBanner";
import { collectionPath } from "../format";
import { useAddSection, useCollection, useDeleteCollection, useDeleteSection, useMoveItem, useRemoveItem, useUpdateSection } from "../hooks";
import { RequestPublishDialog } from "../RequestPublishDialog";
import { ConfirmDialog } from "../../../components/ConfirmDialog";
import { StatusChip } from "../visuals";
import type { CollectionDetail } from "../types";
import { AddItemPanel } from "./AddItemPanel";
import { SortableOutline, type OutlineActions } from "./SortableOutline";
import { Loading } from "../../../components/Loading";

/**
 * Editing one of my collections: details, sections and items (added by link or from my library),
 * reordered by drag and drop. Loaded on its own, with dnd-kit, only when a collection is edited.
 */
export default function CollectionEditor({ id, onDone }: { id: number; onDone: () => void }) {
  const { t } = useTranslation("network");
  const collection = useCollection(id);
  const errorMessage = useErrorMessage();
  if (collection.isPending) {
    return (
      <>
        <PageHeader title={t("editor.loadingTitle")} />
        <Loading label={t("collection.loading")} py={6} />
      </>
    );
  }
  if (collection.isError) {
    return (
      <>
        <PageHeader title={t("editor.loadingTitle")} />
        <Alert
          severity="error"
          action={
            <Button color="inherit" size="small" onClick={onDone}>
              {t("editor.back")}
            </Button>
          }
        >
          {isApiError(collection.error, "not_found") ? t("collection.notFoundDescription") : errorMessage(collection.error)}
        </Alert>
      </>
    );
  }
  return <Editor collection={collection.data} onDone={onDone} />;
}

function Editor({ collection, onDone }: { collection: CollectionDetail; onDone: () => void }) {
  const { t } = useTranslation("network");
  const errorMessage = useErrorMessage();
  const [editingDetails, setEditingDetails] = useState(false);
  const [publishing, setPublishing] = useState(false);
  const [deleting, setDeleting] = useState(false);
  const moveItem = useMoveItem(collection.id);
  const updateSection = useUpdateSection(collection.id);
  const removeItem = useRemoveItem(collection.id);
  const deleteSection = useDeleteSection(collection.id);
  const fail = (error: unknown) => toast(errorMessage(error), "error");

  const actions: OutlineActions = {
    moveItem: (move) =>
      moveItem.mutateAsync(move).catch((error: unknown) => {
        fail(error);
        throw error;
      }),
    moveSection: ({ sectionId, position }) =>
      updateSection.mutateAsync({ sectionId, position }).catch((error: unknown) => {
        fail(error);
        throw error;
      }),
    renameSection: (section, title) =>
      updateSection.mutateAsync({ sectionId: section.id, title }).catch((error: unknown) => {
        fail(error);
        throw error;
      }),
    removeItem: (item) =>
      removeItem.mutate(item.id, { onSuccess: () => toast(t("editor.itemRemoved", { title: item.content.title }), "success"), onError: fail }),
    deleteSection: (section) =>
      deleteSection.mutate(section.id, { onSuccess: () => toast(t("editor.sectionDeleted", { title: section.title }), "success"), onError: fail }),
  };

  if (!collection.abilities.edit) {
    return (
      <>
        <PageHeader title={collection.title} />
        <Alert
          severity="info"
          action={
            <Button color="inherit" size="small" component={RouterLink} to={collectionPath(collection)}>
              {t("editor.view")}
            </Button>
          }
        >
          {t("editor.notYours")}
        </Alert>
      </>
    );
  }

  return (
    <>
      <PageHeader
        title={t("editor.title", { title: collection.title })}
        description={t("editor.description")}
        actions={
          <Stack direction="row" sx={{ flexWrap: "wrap", gap: 1 }}>
            <Button startIcon={<ArrowBackOutlined />} onClick={onDone}>
              {t("editor.back")}
            </Button>
            <Button component={RouterLink} to={collectionPath(collection)} variant="outlined" startIcon={<VisibilityOutlined />}>
              {t("editor.view")}
            </Button>
          </Stack>
        }
      />
      <DraftBanner collection={collection} />
      <Stack spacing={3}>
        <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 } }}>
          <Box sx={{ display: "flex", flexWrap: "wrap", alignItems: "center", gap: 1.5 }}>
            <StatusChip kind="collection" status={collection.status} />
            <Typography color="text.secondary" sx={{ flex: "1 1 240px" }}>
              {t(`editor.statusHint.${collection.status}`)}
            </Typography>
            <Stack direction="row" sx={{ flexWrap: "wrap", gap: 1 }}>
              <Button variant="outlined" startIcon={<EditOutlined />} onClick={() => setEditingDetails(true)}>
                {t("editor.editDetails")}
              </Button>
              {collection.abilities.request_publish && (
                <Button variant="contained" startIcon={<PublishOutlined />} onClick={() => setPublishing(true)}>
                  {t("publish.request")}
                </Button>
              )}
              <Button color="error" startIcon={<DeleteOutlined />} onClick={() => setDeleting(true)}>
                {t("editor.delete")}
              </Button>
            </Stack>
          </Box>
        </Paper>

        <AddItemPanel collection={collection} />

        <Paper variant="outlined" component="section" aria-labelledby="outline-heading" sx={{ p: { xs: 2, sm: 3 } }}>
          <Typography id="outline-heading" variant="h2" sx={{ fontSize: "1.2rem", mb: 0.5 }}>
            {t("editor.outline")}
          </Typography>
          <Typography color="text.secondary" variant="body2" sx={{ mb: 2 }}>
            {t("editor.outlineHint")}
          </Typography>
          <SortableOutline collection={collection} actions={actions} />
          <AddSection collectionId={collection.id} />
        </Paper>
      </Stack>

      <CollectionDialog open={editingDetails} onClose={() => setEditingDetails(false)} collection={collection} />
      <RequestPublishDialog collectionId={collection.id} open={publishing} onClose={() => setPublishing(false)} />
      <DeleteDialog collection={collection} open={deleting} onClose={() => setDeleting(false)} onDeleted={onDone} />
    </>
  );
}

function AddSection({ collectionId }: { collectionId: number }) {
  const { t } = useTranslation("network");
  const errorMessage = useErrorMessage();
  const add = useAddSection(collectionId);
  const [title, setTitle] = useState("");
  const [empty, setEmpty] = useState(false);
  const send = (event: FormEvent) => {
    event.preventDefault();
    const text = title.trim();
    if (!text) {
      setEmpty(true);
      return;
    }
    add.mutate(text, {
      onSuccess: () => {
        setTitle("");
        toast(t("editor.sectionAdded", { title: text }), "success");
      },
      onError: (error) => toast(errorMessage(error), "error"),
    });
  };
  return (
    <Box component="form" noValidate onSubmit={send} sx={{ display: "flex", gap: 1, mt: 2, alignItems: "flex-start", flexWrap: "wrap" }}>
      <TextField
        size="small"
        label={t("editor.newSection")}
        value={title}
        onChange={(event) => {
          setTitle(event.target.value.slice(0, 200));
          setEmpty(false);
        }}
        error={empty}
        helperText={empty ? t("editor.sectionRequired") : undefined}
        sx={{ flex: "1 1 240px" }}
      />
      <Button type="submit" variant="outlined" startIcon={<CreateNewFolderOutlined />} loading={add.isPending}>
        {t("editor.addSection")}
      </Button>
    </Box>
  );
}

function DeleteDialog({ collection, open, onClose, onDeleted }: { collection: CollectionDetail; open: boolean; onClose: () => void; onDeleted: () => void }) {
  const { t } = useTranslation("network");
  const errorMessage = useErrorMessage();
  const remove = useDeleteCollection();
  return (
    <ConfirmDialog
      open={open}
      title={t("editor.deleteTitle")}
      text={t("editor.deleteText", { title: collection.title })}
      confirm={t("editor.confirmDelete")}
      cancel={t("actions.cancel")}
      error={remove.isError ? errorMessage(remove.error) : null}
      pending={remove.isPending}
      onClose={onClose}
      onConfirm={() =>
        remove.mutate(collection.id, {
          onSuccess: () => {
            toast(t("editor.deleted", { title: collection.title }), "success");
            onClose();
            onDeleted();
          },
        })
      }
    />
  );
}
