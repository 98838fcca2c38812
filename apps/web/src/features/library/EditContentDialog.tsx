import { useId } from "react";
import { useForm } from "react-hook-form";
import { zodResolver } from "@hookform/resolvers/zod";
import Alert from "@mui/material/Alert";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import Dialog from "@mui/material/Dialog";
import DialogActions from "@mui/material/DialogActions";
import DialogContent from "@mui/material/DialogContent";
import DialogTitle from "@mui/material/DialogTitle";
import { useTranslation } from "react-i18next";
import type { ContentItem } from "@learnward/contracts";
import { useErrorMessage } from "../../i18n/useErrorMessage";
import { toast } from "../../lib/toast";
import { ContentFields } from "./ContentFields";
import { ContentForm, contentFields, contentFormValues } from "./forms";
import { useUpdateContent, type UpdateContent } from "./hooks";

/** The fields that differ from the saved item: PATCH sends only those. */
function changesOf(item: ContentItem, fields: ReturnType<typeof contentFields>): UpdateContent {
  const changes: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(fields)) {
    if (value !== undefined && value !== item[key as keyof ContentItem]) changes[key] = value;
  }
  return changes as UpdateContent;
}

/** Edit my saved copy of an item (PATCH /api/contentuser/{id}/). */
export default function EditContentDialog({ item, onClose }: { item: ContentItem; onClose: () => void }) {
  const { t } = useTranslation("home");
  const titleId = useId();
  const message = useErrorMessage();
  const update = useUpdateContent();
  const form = useForm({ resolver: zodResolver(ContentForm), defaultValues: contentFormValues(item) });

  const submit = form.handleSubmit((values) => {
    const changes = changesOf(item, contentFields(values, item));
    if (Object.keys(changes).length === 0) return onClose();
    update.mutate(
      { id: item.id_primary, changes },
      {
        onSuccess: () => {
          toast(t("edit.saved"), "success");
          onClose();
        },
      },
    );
  });

  return (
    <Dialog open onClose={onClose} aria-labelledby={titleId} fullWidth maxWidth="sm" scroll="body">
      <DialogTitle id={titleId}>{t("edit.title")}</DialogTitle>
      <DialogContent>
        <Box component="form" id={`${titleId}-form`} noValidate onSubmit={submit} sx={{ pt: 1 }}>
          {update.isError && (
            <Alert severity="error" role="alert" sx={{ mb: 2 }}>
              {message(update.error)}
            </Alert>
          )}
          <ContentFields form={form} />
        </Box>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t("actions.cancel")}</Button>
        <Button type="submit" form={`${titleId}-form`} variant="contained" loading={update.isPending}>
          {t("edit.save")}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
