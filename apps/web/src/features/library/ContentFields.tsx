import MenuItem from "@mui/material/MenuItem";
import Stack from "@mui/material/Stack";
import TextField from "@mui/material/TextField";
import { useTranslation } from "react-i18next";
import { ContentType } from "@learnward/contracts";
import type { FieldMessages, FormFields } from "../../components/FormDialog";
import type { ContentForm } from "./forms";

/** The form's own words for its codes; the rest are the errors namespace's. */
export function useContentMessages(): FieldMessages<typeof ContentForm> {
  const { t } = useTranslation("home");
  return { minutes: { invalid_minutes: t("form.invalidMinutes") } };
}

/** Title, type, author, duration, description, picture link and visibility of an item; limits from ContentForm. */
export function ContentFields({ fields }: { fields: FormFields<typeof ContentForm> }) {
  const { t } = useTranslation("home");
  const { field, form } = fields;
  return (
    <Stack spacing={2}>
      <TextField {...field("title")} label={t("form.title")} required fullWidth />
      <TextField {...field("content_type")} select label={t("form.type")} value={form.watch("content_type")} fullWidth>
        {ContentType.options.map((type) => (
          <MenuItem key={type} value={type}>
            {t(`types.${type}`)}
          </MenuItem>
        ))}
      </TextField>
      <TextField {...field("author")} label={t("form.author")} fullWidth />
      <TextField {...field("minutes")} label={t("form.minutes")} fullWidth slotProps={{ htmlInput: { inputMode: "numeric", pattern: "[0-9]*" } }} />
      <TextField {...field("description")} label={t("form.description")} multiline minRows={2} maxRows={6} fullWidth />
      <TextField {...field("image_url")} label={t("form.imageUrl")} type="url" placeholder="https://" fullWidth />
      <TextField {...field("visibility")} select label={t("form.visibility")} value={form.watch("visibility")} fullWidth>
        <MenuItem value="public">{t("form.public")}</MenuItem>
        <MenuItem value="private">{t("form.private")}</MenuItem>
      </TextField>
    </Stack>
  );
}
