import { z } from "zod";
import Autocomplete from "@mui/material/Autocomplete";
import TextField from "@mui/material/TextField";
import { useTranslation } from "react-i18next";
import { CreateCollectionRequest } from "@learnward/contracts";
import { FormDialog } from "../../components/FormDialog";
import { maxOf } from "../../components/formRules";
import { toast } from "../../lib/toast";
import { useCreateCollection, useUpdateCollection, type CollectionFields } from "./hooks";
import { useAutocompleteTexts } from "../../components/autocompleteTexts";
import type { CollectionDetail } from "./types";

const rules = CreateCollectionRequest.shape;
const skillsRule = rules.skills.removeDefault();
const SKILLS_MAX = maxOf(skillsRule);

// The form holds text as typed ("" for none); the rules are the server's CreateCollectionRequest.
export const CollectionForm = z.object({
  title: rules.title,
  description: rules.description.unwrap().unwrap(),
  cover_url: z
    .string()
    .trim()
    .pipe(rules.cover_url.unwrap().unwrap().or(z.literal(""))),
  // Skills are lowercase everywhere (spec §3 keys plans' skills by lowercase name).
  skills: skillsRule,
});
type CollectionFormOutput = z.output<typeof CollectionForm>;

export function toCollectionFields(values: CollectionFormOutput): CollectionFields {
  return {
    title: values.title,
    description: values.description === "" ? null : values.description,
    cover_url: values.cover_url === "" ? null : values.cover_url,
    skills: [...new Set(values.skills)],
  };
}

interface CollectionDialogProps {
  open: boolean;
  onClose: () => void;
  /** Edit this collection; without it, create a new one. */
  collection?: CollectionDetail;
  onSaved?: (collection: CollectionDetail) => void;
}

/** Create a collection, or edit its title, description, cover and skills. */
export function CollectionDialog({ open, onClose, collection, onSaved }: CollectionDialogProps) {
  const { t } = useTranslation("network");
  const texts = useAutocompleteTexts();
  const create = useCreateCollection();
  const update = useUpdateCollection(collection?.id ?? 0);
  const save = collection ? update : create;
  return (
    <FormDialog
      open={open}
      schema={CollectionForm}
      defaultValues={{
        title: collection?.title ?? "",
        description: collection?.description ?? "",
        cover_url: collection?.cover_url ?? "",
        skills: collection?.skills ?? [],
      }}
      title={collection ? t("collectionForm.editTitle") : t("collectionForm.createTitle")}
      submitLabel={collection ? t("collectionForm.save") : t("collectionForm.create")}
      cancelLabel={t("actions.cancel")}
      fullScreenOnPhone
      onSubmit={async (values) => {
        const saved = await save.mutateAsync(toCollectionFields(values));
        toast(collection ? t("collectionForm.saved") : t("collectionForm.created"), "success");
        onSaved?.(saved);
      }}
      onClose={onClose}
    >
      {({ field, control, form }) => {
        const skills = control("skills");
        // An error of the list (too many) or of one skill (too long).
        const skillsError = form.formState.errors.skills;
        const skillsText = skillsError?.message
          ? t("collectionForm.errors.too_many_skills")
          : Array.isArray(skillsError) && skillsError.some((error) => error?.message)
            ? t("collectionForm.errors.skill_too_long")
            : undefined;
        return (
          <>
            <TextField label={t("collectionForm.title")} required fullWidth autoFocus {...field("title")} />
            <TextField label={t("collectionForm.description")} multiline minRows={3} fullWidth {...field("description")} />
            <TextField label={t("collectionForm.cover")} type="url" placeholder="https://" fullWidth {...field("cover_url")} />
            <Autocomplete
              {...texts}
              multiple
              freeSolo
              autoSelect
              options={[] as string[]}
              value={skills.value}
              onChange={(_event, next) => skills.onChange([...new Set(next.map((skill) => skill.trim().toLowerCase()).filter(Boolean))])}
              renderInput={(params) => (
                <TextField
                  {...params}
                  label={t("collectionForm.skills")}
                  error={Boolean(skillsText)}
                  helperText={skillsText ?? t("collectionForm.skillsHint", { count: SKILLS_MAX })}
                />
              )}
            />
          </>
        );
      }}
    </FormDialog>
  );
}
