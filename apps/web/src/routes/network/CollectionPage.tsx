import { lazy, Suspense, useEffect, useState } from "react";
import { Link as RouterLink, useNavigate, useParams, useSearchParams } from "react-router";
import Alert from "@mui/material/Alert";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import Chip from "@mui/material/Chip";
import Paper from "@mui/material/Paper";
import Stack from "@mui/material/Stack";
import Typography from "@mui/material/Typography";
import AssignmentIndOutlined from "@mui/icons-material/AssignmentIndOutlined";
import BookmarkAddOutlined from "@mui/icons-material/BookmarkAddOutlined";
import BookmarkRemoveOutlined from "@mui/icons-material/BookmarkRemoveOutlined";
import CollectionsBookmarkOutlined from "@mui/icons-material/CollectionsBookmarkOutlined";
import EditOutlined from "@mui/icons-material/EditOutlined";
import EmojiEventsOutlined from "@mui/icons-material/EmojiEventsOutlined";
import PublishOutlined from "@mui/icons-material/PublishOutlined";
import { useTranslation } from "react-i18next";
import { useMe } from "../../app/session";
import { EmptyState } from "../../components/EmptyState";
import { PageHeader } from "../../components/PageHeader";
import { useErrorMessage } from "../../i18n/useErrorMessage";
import { isApiError } from "../../lib/api";
import { toast } from "../../lib/toast";
import { PathSkillLevel } from "../../features/skills/PathSkillLevel";
import { RequiredFor } from "../../features/compliance/RequiredFor";
import { collectionPath, useNetworkFormat } from "../../features/network/format";
import { useCollection, useFollow } from "../../features/network/hooks";
import { CollectionItems } from "../../features/network/CollectionItems";
import { DraftBanner } from "../../features/network/DraftBanner";
import { RequestPublishDialog } from "../../features/network/RequestPublishDialog";
import { CollectionCover, ProgressLine, StatusChip } from "../../features/network/visuals";
import type { CollectionDetail } from "../../features/network/types";
import { LoadFailed } from "../../components/LoadFailed";
import { Loading } from "../../components/Loading";

// The assign dialog brings the form library and pickers: only planners who open it load them.
const AssignPlanDialog = lazy(() => import("../../features/network/AssignPlanDialog").then((m) => ({ default: m.AssignPlanDialog })));

/** /collaborative-network/collections/{id}/{slug} (spec §2): a collection, found by id; the slug follows the title. */
export default function CollectionPage() {
  const { t } = useTranslation("network");
  const params = useParams();
  const navigate = useNavigate();
  const id = /^\d{1,10}$/.test(params.id ?? "") ? Number(params.id) : null;
  // ?version=live (the published version) or ?version=draft (the owner's changes).
  const [search] = useSearchParams();
  const asked = search.get("version");
  const version = asked === "live" || asked === "draft" ? asked : undefined;
  const collection = useCollection(id && id > 0 && id <= 2_147_483_647 ? id : null, version);

  // spec §2: a wrong or stale slug is replaced by the title's, without a new history entry.
  const rightSlug = collection.data?.slug;
  useEffect(() => {
    if (rightSlug !== undefined && id !== null && params.slug !== rightSlug) {
      void navigate({ pathname: collectionPath({ id, title: "", slug: rightSlug }), search: version ? `?version=${version}` : "" }, { replace: true });
    }
  }, [rightSlug, params.slug, id, navigate, version]);

  if (id === null || isApiError(collection.error, "not_found")) {
    return (
      <>
        <PageHeader title={t("collection.notFoundTitle")} />
        <EmptyState
          icon={<CollectionsBookmarkOutlined />}
          title={t("collection.notFoundHeading")}
          description={t("collection.notFoundDescription")}
          action={
            <Button component={RouterLink} to="/collaborative-network" variant="contained">
              {t("collection.toLearningPaths")}
            </Button>
          }
        />
      </>
    );
  }
  if (collection.isError) {
    return (
      <>
        <PageHeader title={t("collection.title")} />
        <LoadFailed error={collection.error} onRetry={() => void collection.refetch()} />
      </>
    );
  }
  if (!collection.data) {
    return (
      <>
        <PageHeader title={t("collection.title")} />
        <Loading label={t("collection.loading")} py={6} />
      </>
    );
  }
  return <CollectionView collection={collection.data} />;
}

function CollectionView({ collection }: { collection: CollectionDetail }) {
  const { t } = useTranslation("network");
  const me = useMe();
  const format = useNetworkFormat();
  const follow = useFollow(collection.id);
  const errorMessage = useErrorMessage();
  const [publishing, setPublishing] = useState(false);
  const [assigning, setAssigning] = useState(false);
  // Mounted from the first opening on, so that closing it animates.
  const [assignLoaded, setAssignLoaded] = useState(false);
  const { done, total } = collection.progress;
  const complete = total > 0 && done === total;
  const isPlanner = me.abilities.assign_plans;
  const duration = format.duration(collection.duration_s);

  const toggleFollow = () =>
    follow.mutate(!collection.following, {
      onSuccess: (detail) => toast(detail.following ? t("collection.followed") : t("collection.unfollowed"), "success"),
      onError: (error) => toast(errorMessage(error), "error"),
    });

  const actions = (
    <Stack direction="row" sx={{ flexWrap: "wrap", gap: 1 }}>
      {(collection.abilities.follow || collection.following) && (
        <Button
          variant={collection.following ? "outlined" : "contained"}
          startIcon={collection.following ? <BookmarkRemoveOutlined /> : <BookmarkAddOutlined />}
          onClick={toggleFollow}
          loading={follow.isPending}
          aria-pressed={collection.following}
        >
          {collection.following ? t("collection.unfollow") : t("collection.follow")}
        </Button>
      )}
      {collection.abilities.edit && (
        <Button component={RouterLink} to={`/collaborative-network/library?edit=${collection.id}`} variant="outlined" startIcon={<EditOutlined />}>
          {t("collection.edit")}
        </Button>
      )}
      {collection.abilities.request_publish && (
        <Button variant="outlined" startIcon={<PublishOutlined />} onClick={() => setPublishing(true)}>
          {t("publish.request")}
        </Button>
      )}
      {/* Plans are built from learning paths: only a published collection can be assigned. */}
      {isPlanner && collection.status === "published" && (
        <Button
          variant="outlined"
          startIcon={<AssignmentIndOutlined />}
          onClick={() => {
            setAssignLoaded(true);
            setAssigning(true);
          }}
        >
          {t("collection.assign")}
        </Button>
      )}
    </Stack>
  );

  return (
    <>
      <PageHeader title={collection.title} description={collection.description ?? undefined} actions={actions} />
      <DraftBanner collection={collection} />
      <Box sx={{ display: "grid", gap: 3, gridTemplateColumns: { xs: "1fr", md: "minmax(0, 1fr) 320px" }, alignItems: "start" }}>
        <Box sx={{ minWidth: 0, order: { xs: 2, md: 1 } }}>
          <CollectionItems collection={collection} />
        </Box>
        <Paper variant="outlined" component="aside" aria-label={t("collection.about")} sx={{ p: 2, order: { xs: 1, md: 2 } }}>
          <Stack spacing={2}>
            <CollectionCover src={collection.cover_url} width={640} />
            <Box sx={{ display: "flex", flexWrap: "wrap", gap: 1, alignItems: "center" }}>
              <StatusChip kind="collection" status={collection.status} />
              <Typography variant="body2" color="text.secondary">
                {[t("card.by", { name: collection.owner.display_name }), t("card.items", { count: collection.items_count }), duration]
                  .filter(Boolean)
                  .join(" · ")}
              </Typography>
            </Box>
            {collection.skills.length > 0 && (
              <Box role="group" aria-label={t("card.skills")} sx={{ display: "flex", flexWrap: "wrap", gap: 0.5 }}>
                {collection.skills.map((skill) => (
                  <Chip key={skill} size="small" label={skill} />
                ))}
              </Box>
            )}
            {collection.skills.length > 0 && <PathSkillLevel collectionId={collection.id} published={collection.status === "published"} />}
            {me.abilities.manage_compliance && collection.status === "published" && <RequiredFor collectionId={collection.id} />}
            <ProgressLine done={done} total={total} label={t("progress.mine")} />
            {complete && (
              <Alert icon={<EmojiEventsOutlined />} severity="success">
                {t("collection.complete")}
              </Alert>
            )}
          </Stack>
        </Paper>
      </Box>
      <RequestPublishDialog collectionId={collection.id} open={publishing} onClose={() => setPublishing(false)} />
      {isPlanner && assignLoaded && (
        <Suspense fallback={null}>
          <AssignPlanDialog
            open={assigning}
            onClose={() => setAssigning(false)}
            collection={{ id: collection.id, title: collection.title, skills: collection.skills }}
          />
        </Suspense>
      )}
    </>
  );
}
