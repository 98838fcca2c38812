import { useEffect, useId, useRef, useState } from "react";
import Alert from "@mui/material/Alert";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import Dialog from "@mui/material/Dialog";
import DialogActions from "@mui/material/DialogActions";
import DialogContent from "@mui/material/DialogContent";
import DialogTitle from "@mui/material/DialogTitle";
import Paper from "@mui/material/Paper";
import Stack from "@mui/material/Stack";
import TextField from "@mui/material/TextField";
import Typography from "@mui/material/Typography";
import { useTranslation } from "react-i18next";
import type { AttachToPlanRequest, ContentPreview } from "@learnward/contracts";
import { Img } from "../../components/Img";
import { useSchemaForm } from "../../components/useSchemaForm";
import { useErrorMessage } from "../../i18n/useErrorMessage";
import { isApiError } from "../../lib/api";
import { toast } from "../../lib/toast";
import { ContentFields, useContentMessages } from "./ContentFields";
import { ContentTypeIcon } from "./ContentTypeIcon";
import { ContentForm, UrlForm, contentFields, contentFormValues } from "./forms";
import { useLibraryFormat } from "./format";
import { usePreviewContent, useSaveContent } from "./hooks";
import { attachToPlan } from "../network/planSkills/api";
import { PlanSkillSelect } from "../network/planSkills/PlanSkillSelect";
import type { SharedLink } from "./shared";

/** What the page said about the link: the metadata preview, or that it could not be read. */
function PreviewSummary({ preview }: { preview: ContentPreview }) {
  const { t } = useTranslation("home");
  const format = useLibraryFormat();
  const facts = [format.type(preview.content_type), format.provider(preview.provider), preview.author, format.duration(preview.duration_s)].filter(Boolean);
  return (
    <Stack spacing={1.5} component="section" aria-label={t("add.previewLabel")}>
      {!preview.readable && (
        <Alert severity="warning" role="status">
          {t("add.unreadable")}
        </Alert>
      )}
      <Paper variant="outlined" sx={{ display: "flex", gap: 2, p: 1.5 }}>
        <Img
          src={preview.image_url}
          alt=""
          sizes="96px"
          eager
          fallback={<ContentTypeIcon type={preview.content_type} />}
          sx={{ width: 96, height: 96, flex: "0 0 96px", borderRadius: 1 }}
        />
        <Box sx={{ minWidth: 0 }}>
          <Typography variant="caption" color="text.secondary">
            {facts.join(" · ")}
          </Typography>
          <Typography sx={{ fontWeight: 600, overflowWrap: "anywhere" }}>{preview.title ?? t("add.noTitle")}</Typography>
          {preview.description && (
            <Typography
              variant="body2"
              color="text.secondary"
              sx={{ display: "-webkit-box", WebkitLineClamp: 3, WebkitBoxOrient: "vertical", overflow: "hidden" }}
            >
              {preview.description}
            </Typography>
          )}
        </Box>
      </Paper>
    </Stack>
  );
}

/**
 * Add content: paste a link, see what the page says about it (POST /api/contentuser/preview/),
 * correct the fields, save (POST /api/contentuser/save/; 409: it is already in the library).
 * A link shared to Learnward (`shared`) arrives filled in and is read at once.
 */
export default function AddContentDialog({ open, onClose, shared }: { open: boolean; onClose: () => void; shared?: SharedLink }) {
  const { t } = useTranslation("home");
  const { t: tNetwork } = useTranslation("network");
  const titleId = useId();
  const message = useErrorMessage();
  const messages = useContentMessages();
  const preview = usePreviewContent();
  const save = useSaveContent();
  const [previewed, setPreviewed] = useState<ContentPreview | null>(null);
  const [countsTowards, setCountsTowards] = useState<AttachToPlanRequest | null>(null);
  // Two forms checked with their schemas (useSchemaForm): the link to read, then the item's fields.
  const link = useSchemaForm(UrlForm, { defaultValues: { url: shared?.url ?? "" } });
  const details = useSchemaForm(ContentForm, { defaultValues: {}, messages });

  const urlField = link.field("url", t("add.urlHint"));
  const readPage = link.form.handleSubmit(({ url }) => {
    save.reset();
    preview.mutate(url, {
      onSuccess: (result) => {
        setPreviewed(result);
        const values = contentFormValues(result);
        // The title the share came with, where the page gave none (it could not be read).
        if (!values.title && shared?.title && url === shared.url) values.title = shared.title;
        details.form.reset(values);
      },
    });
  });

  // Once per dialog, not again when React runs effects twice in development.
  const readShared = useRef(false);
  useEffect(() => {
    if (!shared?.url || readShared.current) return;
    readShared.current = true;
    void readPage();
  }, [shared, readPage]);

  const submit = details.form.handleSubmit((values) => {
    if (!previewed) return;
    save.mutate(
      // The page was just read for the preview: save what the person sees, without reading it again.
      { url: previewed.url, ...contentFields(values, previewed), fetch_metadata: false },
      {
        onSuccess: (item) => {
          toast(item.course_status === "wishlist" ? t("add.savedCourse") : t("add.saved"), "success");
          // The item is saved either way; a plan that refuses it (finished meanwhile) is said apart.
          if (countsTowards) {
            attachToPlan(item.id_primary, countsTowards).catch((error: unknown) =>
              toast(tNetwork("planSkills.notCounted", { reason: message(error) }), "error"),
            );
          }
          onClose();
        },
      },
    );
  });

  const alreadySaved = save.isError && isApiError(save.error, "already_in_library");

  return (
    <Dialog open={open} onClose={onClose} aria-labelledby={titleId} fullWidth maxWidth="sm" scroll="body">
      <DialogTitle id={titleId}>{t("add.title")}</DialogTitle>
      <DialogContent>
        <Stack spacing={2.5}>
          <Box component="form" noValidate onSubmit={readPage} sx={{ display: "flex", gap: 1, alignItems: "flex-start", pt: 1 }}>
            <TextField
              {...urlField}
              onChange={(event) => {
                void urlField.onChange(event);
                // A different link needs a new preview.
                if (previewed) setPreviewed(null);
              }}
              label={t("add.url")}
              type="url"
              placeholder="https://"
              autoFocus
              required
              fullWidth
            />
            <Button type="submit" variant="outlined" loading={preview.isPending} sx={{ flex: "0 0 auto", mt: 1 }}>
              {t("add.readPage")}
            </Button>
          </Box>
          {preview.isError && (
            <Alert severity="error" role="alert">
              {message(preview.error)}
            </Alert>
          )}
          {previewed && (
            <>
              <PreviewSummary preview={previewed} />
              <Box component="form" id={`${titleId}-details`} noValidate onSubmit={submit}>
                <Typography variant="h3" component="h3" sx={{ fontSize: "1rem", mb: 2 }}>
                  {t("add.detailsHeading")}
                </Typography>
                <ContentFields fields={details} />
                <Box sx={{ mt: 2.5 }}>
                  <PlanSkillSelect value={countsTowards} onChange={setCountsTowards} />
                </Box>
              </Box>
            </>
          )}
          {save.isError && (
            <Alert severity={alreadySaved ? "info" : "error"} role="alert">
              {alreadySaved ? t("add.alreadySaved") : message(save.error)}
            </Alert>
          )}
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t("actions.cancel")}</Button>
        <Button type="submit" form={`${titleId}-details`} variant="contained" disabled={!previewed} loading={save.isPending}>
          {t("add.save")}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
