import { useForm } from "react-hook-form";
import { zodResolver } from "@hookform/resolvers/zod";
import Alert from "@mui/material/Alert";
import Avatar from "@mui/material/Avatar";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import MenuItem from "@mui/material/MenuItem";
import Paper from "@mui/material/Paper";
import Stack from "@mui/material/Stack";
import TextField from "@mui/material/TextField";
import Typography from "@mui/material/Typography";
import { useTranslation } from "react-i18next";
import { LOCALES, type UserProfile } from "@learnward/contracts";
import { ProfileForm } from "../identity/forms";
import { useErrorMessage } from "../../i18n/useErrorMessage";
import { fieldProps } from "../../components/formField";
import { switchLocale } from "../../lib/locale";
import { useUpdateProfile, useUserProfile } from "./hooks";
import { toast } from "../../lib/toast";
import { LoadFailed } from "../../components/LoadFailed";
import { Loading } from "../../components/Loading";

function ProfileEditor({ profile }: { profile: UserProfile }) {
  const { t, i18n } = useTranslation(["settings", "common"]);
  const message = useErrorMessage();
  const update = useUpdateProfile(profile.uid);
  const form = useForm({
    resolver: zodResolver(ProfileForm),
    defaultValues: { displayName: profile.displayName, photoURL: profile.photoURL ?? "", locale: profile.locale },
  });
  const photo = form.watch("photoURL");
  const photoField = fieldProps(form, "photoURL", message);

  const save = form.handleSubmit((values) =>
    update.mutate(
      { displayName: values.displayName, photoURL: values.photoURL === "" ? null : values.photoURL, locale: values.locale },
      {
        onSuccess: (saved) => {
          form.reset({ displayName: saved.displayName, photoURL: saved.photoURL ?? "", locale: saved.locale });
          toast(t("profile.saved"), "success");
          // The language choice also lives in the NEXT_LOCALE cookie; reload in it when it changed.
          if (saved.locale !== i18n.language) switchLocale(saved.locale);
        },
      },
    ),
  );

  return (
    <Box component="form" noValidate onSubmit={save}>
      <Stack spacing={2.5}>
        {update.isError && (
          <Alert severity="error" role="alert">
            {message(update.error)}
          </Alert>
        )}
        <Box sx={{ display: "flex", alignItems: "center", gap: 2 }}>
          <Avatar src={photo || undefined} alt={t("profile.photoPreview")} sx={{ width: 64, height: 64 }} />
          <Box sx={{ minWidth: 0 }}>
            <Typography sx={{ fontWeight: 600 }} noWrap>
              {profile.email}
            </Typography>
            <Typography variant="body2" color="text.secondary">
              {t("profile.role", { role: t(`common:roles.${profile.role}`) })}
            </Typography>
          </Box>
        </Box>
        <TextField {...fieldProps(form, "displayName", message)} label={t("profile.name")} autoComplete="name" required fullWidth />
        <TextField
          {...photoField}
          label={t("profile.photoURL")}
          type="url"
          placeholder="https://"
          fullWidth
          helperText={photoField.helperText ?? t("profile.photoHint")}
        />
        <TextField {...fieldProps(form, "locale", message)} select label={t("profile.language")} value={form.watch("locale")} fullWidth>
          {LOCALES.map((locale) => (
            <MenuItem key={locale} value={locale} lang={locale}>
              {t(`common:language.${locale}`)}
            </MenuItem>
          ))}
        </TextField>
        <Box>
          <Button type="submit" variant="contained" loading={update.isPending} disabled={!form.formState.isDirty}>
            {t("profile.save")}
          </Button>
        </Box>
      </Stack>
    </Box>
  );
}

/** Settings → Personal Profile: name, photo and language (PATCH /api/user/profile/). */
export function PersonalProfile({ uid }: { uid: string }) {
  const { t } = useTranslation(["settings", "common"]);
  const profile = useUserProfile(uid);
  return (
    <Paper variant="outlined" component="section" aria-labelledby="personal-profile-heading" sx={{ p: { xs: 2, sm: 3 } }}>
      <Typography id="personal-profile-heading" variant="h2" sx={{ mb: 3 }}>
        {t("profile.heading")}
      </Typography>
      {profile.isPending ? (
        <Loading label={t("profile.loading")} />
      ) : profile.isError ? (
        <LoadFailed error={profile.error} onRetry={() => void profile.refetch()} />
      ) : (
        <ProfileEditor profile={profile.data} />
      )}
    </Paper>
  );
}
