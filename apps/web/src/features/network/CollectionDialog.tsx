import { useCallback, useId, useState } from "react";
import { useForm } from "react-hook-form";
import { zodResolver } from "@hookform/resolvers/zod";
import { z } from "zod";
import Alert from "@mui/material/Alert";
import Autocomplete from "@mui/material/Autocomplete";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import Dialog from "@mui/material/Dialog";
import DialogActions from "@mui/material/DialogActions";
import DialogContent from "@mui/material/DialogContent";
import DialogTitle from "@mui/material/DialogTitle";
import Stack from "@mui/material/Stack";
import TextField from "@mui/material/TextField";
import useMediaQuery from "@mui/material/useMediaQuery";
import type { Theme } from "@mui/material/styles";
import { useTranslation } from "react-i18next";
import { fieldProps } from "../../components/formField";
import { useErrorMessage } from "../../i18n/useErrorMessage";
import { toast } from "../../lib/toast";
import { useCreateCollection, useUpdateCollection, type CollectionFields } from "./hooks";
import { useAutocompleteTexts } from "../../components/autocompleteTexts";
import type { CollectionDetail } from "./types";

const SKILLS_MAX = 20;

// The same limits as the server's CreateCollectionRequest; messages are codes translated below.
export const CollectionForm = z.object({
  title: z.string().trim().min(1, { message: "required" }).max(200, { message: "too_long" }),
  description: z.string().trim().max(5000, { message: "too_long" }),
  cover_url: z
    .string()
    .trim()
    .max(2048, { message: "too_long" })
    .refine((value) => value === "" || (/^https?:\/\/\S+$/i.test(value) && URL.canParse(value)), { message: "invalid_url" }),
  // Skills are lowercase everywhere (spec §3 keys plans' skills by lowercase name).
  skills: z.array(z.string().trim().toLowerCase().min(1).max(60, { message: "skill_too_long" })).max(SKILLS_MAX, { message: "too_many_skills" }),
});
type CollectionFormValues = z.input<typeof CollectionForm>;
type CollectionFormOutput = z.output<typeof CollectionForm>;

const FORM_ERRORS = ["skill_too_long", "too_many_skills"] as const;
const isFormError = (code: string): code is (typeof FORM_ERRORS)[number] => (FORM_ERRORS as readonly string[]).includes(code);

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
export function CollectionDialog(props: CollectionDialogProps) {
  const [round, setRound] = useState(0);
  const titleId = useId();
  const fullScreen = useMediaQuery((theme: Theme) => theme.breakpoints.down("sm"));
  return (
    <Dialog
      open={props.open}
      onClose={props.onClose}
      aria-labelledby={titleId}
      fullWidth
      maxWidth="sm"
      fullScreen={fullScreen}
      slotProps={{ transition: { onExited: () => setRound((n) => n + 1) } }}
    >
      <CollectionFormBody key={`${round}-${props.collection?.id ?? "new"}`} titleId={titleId} {...props} />
    </Dialog>
  );
}

function CollectionFormBody({ titleId, onClose, collection, onSaved }: CollectionDialogProps & { titleId: string }) {
  const { t } = useTranslation("network");
  const errorMessage = useErrorMessage();
  const texts = useAutocompleteTexts();
  const create = useCreateCollection();
  const update = useUpdateCollection(collection?.id ?? 0);
  const save = collection ? update : create;
  const form = useForm<CollectionFormValues, unknown, CollectionFormOutput>({
    resolver: zodResolver(CollectionForm),
    defaultValues: {
      title: collection?.title ?? "",
      description: collection?.description ?? "",
      cover_url: collection?.cover_url ?? "",
      skills: collection?.skills ?? [],
    },
  });
  const skills = form.watch("skills");
  const skillsError = form.formState.errors.skills;
  // An error of the list (too many) or of one skill (too long).
  const skillsCode = skillsError?.message ?? (Array.isArray(skillsError) ? skillsError.find((e) => e?.message)?.message : undefined);
  const message = useCallback((code: string) => (isFormError(code) ? t(`collectionForm.errors.${code}`) : errorMessage(code)), [t, errorMessage]);

  const submit = form.handleSubmit((values) =>
    save.mutate(toCollectionFields(values), {
      onSuccess: (saved) => {
        toast(collection ? t("collectionForm.saved") : t("collectionForm.created"), "success");
        onSaved?.(saved);
        onClose();
      },
    }),
  );

  return (
    <Box component="form" noValidate onSubmit={submit} sx={{ display: "contents" }}>
      <DialogTitle id={titleId}>{collection ? t("collectionForm.editTitle") : t("collectionForm.createTitle")}</DialogTitle>
      <DialogContent>
        <Stack spacing={2.5} sx={{ pt: 1 }}>
          {save.isError && (
            <Alert severity="error" role="alert">
              {errorMessage(save.error)}
            </Alert>
          )}
          <TextField {...fieldProps(form, "title", message)} label={t("collectionForm.title")} required fullWidth autoFocus />
          <TextField {...fieldProps(form, "description", message)} label={t("collectionForm.description")} multiline minRows={3} fullWidth />
          <TextField
            {...fieldProps(form, "cover_url", message)}
            label={t("collectionForm.cover")}
            type="url"
            placeholder="https://"
            fullWidth
          />
          <Autocomplete
            {...texts}
            multiple
            freeSolo
            autoSelect
            options={[] as string[]}
            value={skills}
            // Controlled through setValue (not Controller, which would grow the /login bundle).
            onChange={(_event, next) =>
              form.setValue("skills", [...new Set(next.map((skill) => skill.trim().toLowerCase()).filter(Boolean))], {
                shouldDirty: true,
                shouldValidate: form.formState.isSubmitted,
              })
            }
            renderInput={(params) => (
              <TextField
                {...params}
                label={t("collectionForm.skills")}
                error={Boolean(skillsCode)}
                helperText={skillsCode ? message(skillsCode) : t("collectionForm.skillsHint", { count: SKILLS_MAX })}
              />
            )}
          />
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t("actions.cancel")}</Button>
        <Button type="submit" variant="contained" loading={save.isPending}>
          {collection ? t("collectionForm.save") : t("collectionForm.create")}
        </Button>
      </DialogActions>
    </Box>
  );
}
