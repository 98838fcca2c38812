import { useCallback } from "react";
import type { UseFormReturn } from "react-hook-form";
import MenuItem from "@mui/material/MenuItem";
import Stack from "@mui/material/Stack";
import TextField from "@mui/material/TextField";
import { useTranslation } from "react-i18next";
import { ContentType } from "@learnward/contracts";
import { fieldProps } from "../../components/formField";
import { useErrorMessage } from "../../i18n/useErrorMessage";
import type { ContentForm, ContentFormValues } from "./forms";
import type { z } from "zod";

/** Validation codes: the library's own first, then the shared ones of the errors namespace. */
export function useFieldMessage(): (code: string) => string {
  const { t, i18n } = useTranslation("home");
  const message = useErrorMessage();
  return useCallback(
    (code: string) => (code === "invalid_minutes" && i18n.exists("form.invalidMinutes", { ns: "home" }) ? t("form.invalidMinutes") : message(code)),
    [t, i18n, message],
  );
}

type Form = UseFormReturn<ContentFormValues, unknown, z.output<typeof ContentForm>>;

/** Title, type, author, duration, description, picture link and visibility of an item. */
export function ContentFields({ form }: { form: Form }) {
  const { t } = useTranslation("home");
  const message = useFieldMessage();
  return (
    <Stack spacing={2}>
      <TextField {...fieldProps(form, "title", message)} label={t("form.title")} required fullWidth />
      <TextField {...fieldProps(form, "content_type", message)} select label={t("form.type")} value={form.watch("content_type")} fullWidth>
        {ContentType.options.map((type) => (
          <MenuItem key={type} value={type}>
            {t(`types.${type}`)}
          </MenuItem>
        ))}
      </TextField>
      <TextField {...fieldProps(form, "author", message)} label={t("form.author")} fullWidth />
      <TextField
        {...fieldProps(form, "minutes", message)}
        label={t("form.minutes")}
        fullWidth
        slotProps={{ htmlInput: { inputMode: "numeric", pattern: "[0-9]*" } }}
      />
      <TextField {...fieldProps(form, "description", message)} label={t("form.description")} multiline minRows={2} maxRows={6} fullWidth />
      <TextField {...fieldProps(form, "image_url", message)} label={t("form.imageUrl")} type="url" placeholder="https://" fullWidth />
      <TextField {...fieldProps(form, "visibility", message)} select label={t("form.visibility")} value={form.watch("visibility")} fullWidth>
        <MenuItem value="public">{t("form.public")}</MenuItem>
        <MenuItem value="private">{t("form.private")}</MenuItem>
      </TextField>
    </Stack>
  );
}
