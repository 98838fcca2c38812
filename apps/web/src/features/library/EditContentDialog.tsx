import { useTranslation } from "react-i18next";
import type { ContentItem } from "@learnward/contracts";
import { FormDialog } from "../../components/FormDialog";
import { toast } from "../../lib/toast";
import { ContentFields, useContentMessages } from "./ContentFields";
import { ContentForm, contentFields, contentFormValues, type ContentFormValues } from "./forms";
import { useUpdateContent, type UpdateContent } from "./hooks";

/** The fields that differ from the saved item: PATCH sends only those. */
function changesOf(item: ContentItem, fields: ReturnType<typeof contentFields>): UpdateContent {
  const changes: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(fields)) {
    if (value !== undefined && value !== item[key as keyof ContentItem]) changes[key] = value;
  }
  return changes as UpdateContent;
}

/** Edit my saved copy of an item (PATCH /api/contentuser/{id}/): the one dialog form, checked with ContentForm. */
export default function EditContentDialog({ item, onClose }: { item: ContentItem; onClose: () => void }) {
  const { t } = useTranslation("home");
  const messages = useContentMessages();
  const update = useUpdateContent();

  const save = async (values: ContentFormValues) => {
    const changes = changesOf(item, contentFields(values, item));
    if (Object.keys(changes).length === 0) return;
    await update.mutateAsync({ id: item.id_primary, changes });
    toast(t("edit.saved"), "success");
  };

  return (
    <FormDialog
      schema={ContentForm}
      defaultValues={contentFormValues(item)}
      title={t("edit.title")}
      submitLabel={t("edit.save")}
      cancelLabel={t("actions.cancel")}
      messages={messages}
      onSubmit={save}
      onClose={onClose}
    >
      {(fields) => <ContentFields fields={fields} />}
    </FormDialog>
  );
}
