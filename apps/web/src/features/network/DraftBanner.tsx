import { useId, useState } from "react";
import { Link as RouterLink } from "react-router";
import Alert from "@mui/material/Alert";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import Paper from "@mui/material/Paper";
import Stack from "@mui/material/Stack";
import Typography from "@mui/material/Typography";
import DeleteOutlined from "@mui/icons-material/DeleteOutlined";
import EditNoteOutlined from "@mui/icons-material/EditNoteOutlined";
import PublishOutlined from "@mui/icons-material/PublishOutlined";
import VisibilityOutlined from "@mui/icons-material/VisibilityOutlined";
import { useTranslation } from "react-i18next";
import { useErrorMessage } from "../../i18n/useErrorMessage";
import { toast } from "../../lib/toast";
import { collectionPath } from "./format";
import { useDiscardDraft } from "./hooks";
import { RequestPublishDialog } from "./RequestPublishDialog";
import { ConfirmDialog } from "../../components/ConfirmDialog";
import type { CollectionDetail } from "./types";

/**
 * The owner's draft of a published collection, for the owner and the L&D leader: its
 * state, the way between it and the published version, and, for the owner, sending and discarding it.
 * Colleagues are sent no draft, so they see nothing here.
 */
export function DraftBanner({ collection }: { collection: CollectionDetail }) {
  const { t } = useTranslation("network");
  const headingId = useId();
  const [submitting, setSubmitting] = useState(false);
  const [discarding, setDiscarding] = useState(false);
  const { draft, abilities } = collection;
  if (!draft) return null;
  const path = collectionPath(collection);

  if (collection.version === "live") {
    // The owner's page shows their draft unless asked otherwise; the L&D leader asks for it.
    return (
      <Alert
        severity="info"
        sx={{ mb: 3 }}
        action={
          <Button color="inherit" size="small" component={RouterLink} to={abilities.edit ? path : `${path}?version=draft`}>
            {t("draft.showDraft")}
          </Button>
        }
      >
        {t("draft.viewingLive")}
      </Alert>
    );
  }

  return (
    <Paper
      variant="outlined"
      component="section"
      aria-labelledby={headingId}
      sx={{ p: 2, mb: 3, borderColor: draft.state === "rejected" ? "warning.main" : "info.main" }}
    >
      <Box sx={{ display: "flex", gap: 1.5, alignItems: "flex-start" }}>
        <EditNoteOutlined color={draft.state === "rejected" ? "warning" : "info"} aria-hidden />
        <Box sx={{ flex: 1, minWidth: 0 }}>
          <Typography id={headingId} variant="h2" sx={{ fontSize: "1.05rem", fontWeight: 600 }}>
            {t(`draft.states.${draft.state}.title`)}
          </Typography>
          <Typography variant="body2" color="text.secondary" sx={{ mt: 0.5 }}>
            {abilities.edit ? t(`draft.states.${draft.state}.text`) : t("draft.reviewerText")}
          </Typography>
          {draft.state === "rejected" && draft.reason && (
            <Typography variant="body2" sx={{ mt: 1, whiteSpace: "pre-line" }}>
              <Box component="span" sx={{ fontWeight: 600 }}>
                {t("requests.reasonLabel")}
              </Box>{" "}
              <span>{draft.reason}</span>
            </Typography>
          )}
          <Stack direction="row" sx={{ mt: 1.5, flexWrap: "wrap", gap: 1 }}>
            {abilities.submit_draft && (
              <Button variant="contained" size="small" startIcon={<PublishOutlined />} onClick={() => setSubmitting(true)}>
                {t("draft.submit")}
              </Button>
            )}
            <Button variant="outlined" size="small" startIcon={<VisibilityOutlined />} component={RouterLink} to={`${path}?version=live`}>
              {t("draft.showLive")}
            </Button>
            {abilities.discard_draft && (
              <Button color="error" size="small" startIcon={<DeleteOutlined />} onClick={() => setDiscarding(true)}>
                {t("draft.discard")}
              </Button>
            )}
          </Stack>
        </Box>
      </Box>
      <RequestPublishDialog kind="edit" collectionId={collection.id} open={submitting} onClose={() => setSubmitting(false)} />
      <DiscardDialog collection={collection} open={discarding} onClose={() => setDiscarding(false)} />
    </Paper>
  );
}

function DiscardDialog({ collection, open, onClose }: { collection: CollectionDetail; open: boolean; onClose: () => void }) {
  const { t } = useTranslation("network");
  const errorMessage = useErrorMessage();
  const discard = useDiscardDraft(collection.id);
  return (
    <ConfirmDialog
      open={open}
      title={t("draft.discardTitle")}
      text={t(collection.draft?.state === "in_review" ? "draft.discardTextInReview" : "draft.discardText")}
      confirm={t("draft.discard")}
      cancel={t("actions.cancel")}
      error={discard.isError ? errorMessage(discard.error) : null}
      pending={discard.isPending}
      onClose={onClose}
      onConfirm={() =>
        discard.mutate(undefined, {
          onSuccess: () => {
            toast(t("draft.discarded"), "success");
            onClose();
          },
        })
      }
    />
  );
}
