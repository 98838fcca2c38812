import { lazy, Suspense, useState } from "react";
import { Link as RouterLink, useNavigate, useParams } from "react-router";
import { useQuery } from "@tanstack/react-query";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import Typography from "@mui/material/Typography";
import ArrowBack from "@mui/icons-material/ArrowBack";
import CreateNewFolderOutlined from "@mui/icons-material/CreateNewFolderOutlined";
import DeleteOutlined from "@mui/icons-material/DeleteOutlined";
import EditOutlined from "@mui/icons-material/EditOutlined";
import LockOutlined from "@mui/icons-material/LockOutlined";
import OpenInNew from "@mui/icons-material/OpenInNew";
import SearchOffOutlined from "@mui/icons-material/SearchOffOutlined";
import { useTranslation } from "react-i18next";
import type { ContentItemDetail } from "@learnward/contracts";
import { EmptyState } from "../../components/EmptyState";
import { LoadFailed } from "../../components/LoadFailed";
import { Loading } from "../../components/Loading";
import { PageHeader } from "../../components/PageHeader";
import { usePageTitle } from "../../components/usePageTitle";
import { useErrorMessage } from "../../i18n/useErrorMessage";
import { isApiError } from "../../lib/api";
import { toast } from "../../lib/toast";
import { ContentTypeIcon } from "../../features/library/ContentTypeIcon";
import { useLibraryFormat } from "../../features/library/format";
import { useDeleteContent } from "../../features/library/hooks";
import { ItemPicture } from "../../features/library/ItemHeading";
import { ItemStateControl } from "../../features/library/ItemStateControl";
import { ItemFolders, ItemSavers } from "../../features/library/item/ItemPeople";
import { libraryItemOptions } from "../../features/library/item/itemQueries";
import { ItemSection } from "../../features/library/item/ItemSection";
import { ItemTags } from "../../features/library/tags/ItemTags";
import { ItemHighlights, ItemNotes } from "../../features/library/notes/ItemNotes";
import { ReaderView } from "../../features/library/reader/ReaderView";
import { ItemPlanSkills } from "../../features/network/planSkills/ItemPlanSkills";
import { toastWithUndo } from "../../features/library/undoToast";

const EditContentDialog = lazy(() => import("../../features/library/EditContentDialog"));
const AddToFolderDialog = lazy(() => import("../../features/library/AddToFolderDialog"));

/** The largest id the server takes (a PostgreSQL integer). */
const MAX_ID = 2_147_483_647;
const isWebLink = (url: string) => /^https?:\/\//i.test(url);

/** An id that is not one of my items, or no id at all: said plainly, with the way back. */
function ItemNotFound() {
  const { t } = useTranslation("home");
  return (
    <>
      <PageHeader title={t("item.notFound.title")} />
      <EmptyState
        icon={<SearchOffOutlined />}
        title={t("item.notFound.heading")}
        description={t("item.notFound.description")}
        action={
          <Button component={RouterLink} to="/home" variant="contained">
            {t("item.notFound.back")}
          </Button>
        }
      />
    </>
  );
}

/** The item's actions beside its state: open its link, edit it, put it in a folder, delete it (with undo). */
function ItemActions({ item }: { item: ContentItemDetail }) {
  const { t } = useTranslation("home");
  const message = useErrorMessage();
  const navigate = useNavigate();
  const { remove, restore } = useDeleteContent();
  const [dialog, setDialog] = useState<"edit" | "folder" | null>(null);
  const deleteItem = () => {
    // The page of a deleted item has nothing to show: back to the library, where the undo is offered.
    void navigate("/home");
    void remove.mutateAsync(item).then(
      (removed) =>
        toastWithUndo(
          t("delete.done", { title: item.title }),
          t("delete.undo"),
          () =>
            void restore(item, removed).then(
              () => toast(t("delete.restored", { title: item.title }), "success"),
              (error: unknown) => toast(message(error), "error"),
            ),
        ),
      (error: unknown) => toast(message(error), "error"),
    );
  };
  return (
    <Box sx={{ display: "flex", flexWrap: "wrap", gap: 1, alignItems: "center" }}>
      <ItemStateControl item={item} />
      {isWebLink(item.url) && (
        <Button size="small" href={item.url} target="_blank" rel="noopener noreferrer" startIcon={<OpenInNew />}>
          {t("item.open")}
        </Button>
      )}
      <Button size="small" startIcon={<EditOutlined />} aria-haspopup="dialog" onClick={() => setDialog("edit")}>
        {t("card.edit")}
      </Button>
      <Button size="small" startIcon={<CreateNewFolderOutlined />} aria-haspopup="dialog" onClick={() => setDialog("folder")}>
        {t("card.addToFolder")}
      </Button>
      <Button size="small" color="error" startIcon={<DeleteOutlined />} disabled={remove.isPending} onClick={deleteItem}>
        {t("card.delete")}
      </Button>
      <Suspense fallback={null}>
        {dialog === "edit" && <EditContentDialog item={item} onClose={() => setDialog(null)} />}
        {dialog === "folder" && <AddToFolderDialog item={item} onClose={() => setDialog(null)} />}
      </Suspense>
    </Box>
  );
}

/** One saved item: its heading and actions, then its details, notes and reader beside its folders and savers. */
function ItemDetails({ item }: { item: ContentItemDetail }) {
  const { t, i18n } = useTranslation("home");
  const { t: tNetwork } = useTranslation("network");
  const format = useLibraryFormat();
  usePageTitle(item.title);
  const meta = [format.type(item.content_type), format.provider(item.provider)].filter(Boolean).join(" · ");
  const byline = [item.author, format.duration(item.duration_s)].filter(Boolean).join(" · ");
  const savedOn = new Intl.DateTimeFormat(i18n.language, { dateStyle: "long" }).format(new Date(item.created_at));
  return (
    <Box sx={{ minWidth: 0 }}>
      <Button component={RouterLink} to="/home" startIcon={<ArrowBack />} size="small" sx={{ mb: 2 }}>
        {t("item.back")}
      </Button>
      <Box component="header" sx={{ display: "flex", gap: 2, alignItems: "flex-start", mb: 2, minWidth: 0 }}>
        <ItemPicture src={item.image_url} type={item.content_type} width={88} />
        <Box sx={{ flex: 1, minWidth: 0 }}>
          <Typography variant="caption" color="text.secondary" sx={{ display: "flex", alignItems: "center", gap: 0.5, flexWrap: "wrap" }}>
            <ContentTypeIcon type={item.content_type} fontSize="inherit" />
            {meta}
          </Typography>
          <Typography variant="h1" sx={{ fontSize: { xs: "1.5rem", sm: "2rem" }, overflowWrap: "anywhere", my: 0.5 }}>
            {item.title}
          </Typography>
          {byline && <Typography color="text.secondary">{byline}</Typography>}
          <Typography variant="body2" color="text.secondary" sx={{ display: "flex", alignItems: "center", gap: 1, flexWrap: "wrap" }}>
            {t("item.savedOn", { date: savedOn })}
            {item.is_private && (
              <Box component="span" sx={{ display: "inline-flex", alignItems: "center", gap: 0.5 }}>
                <LockOutlined style={{ fontSize: 14 }} />
                {t("card.private")}
              </Box>
            )}
          </Typography>
        </Box>
      </Box>
      <ItemActions item={item} />
      <Box
        sx={{
          display: "grid",
          gap: 3,
          mt: 3,
          gridTemplateColumns: { xs: "minmax(0, 1fr)", md: "minmax(0, 2fr) minmax(0, 1fr)" },
          alignItems: "start",
        }}
      >
        <Box sx={{ display: "grid", gap: 3, minWidth: 0 }}>
          <ItemSection title={t("item.sections.details")}>
            {item.description && <Typography sx={{ whiteSpace: "pre-line", overflowWrap: "anywhere" }}>{item.description}</Typography>}
            <ItemTags itemId={item.id_primary} tags={item.tags ?? []} />
          </ItemSection>
          <ItemNotes itemId={item.id_primary} />
          <ItemHighlights itemId={item.id_primary} />
          <ItemSection title={t("item.sections.reader")}>
            <ReaderView itemId={item.id_primary} />
          </ItemSection>
        </Box>
        <Box sx={{ display: "grid", gap: 3, minWidth: 0 }}>
          <ItemSection title={tNetwork("planSkills.heading")}>
            <ItemPlanSkills itemId={item.id_primary} />
          </ItemSection>
          <ItemSection title={t("item.folders.title")}>
            <ItemFolders folders={item.folders} />
          </ItemSection>
          <ItemSection title={t("item.savedBy.title")}>
            <ItemSavers savedBy={item.saved_by} />
          </ItemSection>
        </Box>
      </Box>
    </Box>
  );
}

function ItemView({ id }: { id: number }) {
  const { t } = useTranslation("home");
  const item = useQuery(libraryItemOptions(id));
  if (item.isPending) return <Loading label={t("item.loading")} py={6} />;
  if (item.isError) {
    return isApiError(item.error, "not_found") ? <ItemNotFound /> : <LoadFailed error={item.error} onRetry={() => void item.refetch()} />;
  }
  return <ItemDetails item={item.data} />;
}

/** /home/item/:id: one of my saved items on a page of its own. Anyone else's id, or no id, is not found. */
export default function ItemPage() {
  const { id } = useParams();
  const number = /^\d{1,10}$/.test(id ?? "") ? Number(id) : 0;
  if (number < 1 || number > MAX_ID) return <ItemNotFound />;
  return <ItemView key={number} id={number} />;
}
