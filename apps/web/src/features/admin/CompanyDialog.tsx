import { useId, useState, type ChangeEvent } from "react";
import { useForm } from "react-hook-form";
import { zodResolver } from "@hookform/resolvers/zod";
import Alert from "@mui/material/Alert";
import Avatar from "@mui/material/Avatar";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import Dialog from "@mui/material/Dialog";
import DialogActions from "@mui/material/DialogActions";
import DialogContent from "@mui/material/DialogContent";
import DialogTitle from "@mui/material/DialogTitle";
import FormControlLabel from "@mui/material/FormControlLabel";
import FormHelperText from "@mui/material/FormHelperText";
import Stack from "@mui/material/Stack";
import Switch from "@mui/material/Switch";
import TextField from "@mui/material/TextField";
import Typography from "@mui/material/Typography";
import UploadOutlined from "@mui/icons-material/UploadOutlined";
import { useTranslation } from "react-i18next";
import { fieldProps } from "../../components/formField";
import { toast } from "../../lib/toast";
import type { AdminCompany } from "./api";
import {
  CompanyForm,
  MAX_LOGO_CHARS,
  companyBody,
  companyFormValues,
  companyPatch,
  companyServerErrors,
  invalidAllowlistEntry,
  isCurrency,
  type CompanyField,
} from "./forms";
import { useCreateCompany, useUpdateCompany } from "./hooks";
import { useAdminError, useFormMessage } from "./useAdminError";

const LOGO_TYPES = "image/png,image/jpeg,image/webp,image/svg+xml";

function readAsDataUrl(file: File): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(reader.error ?? new Error("read failed"));
    reader.readAsDataURL(file);
  });
}

/** The currency's name in the interface language ("Euro"), to confirm a typed code. */
function currencyName(code: string, locale: string): string | null {
  try {
    const name = new Intl.DisplayNames(locale, { type: "currency" }).of(code);
    return name && name !== code ? name : null;
  } catch {
    return null;
  }
}

/**
 * Creates a company, or edits one: name, domain, logo (a link or an uploaded picture), currency,
 * registration allow-list, and whether its hr and L&D leaders must use two-factor sign-in. Each field says what is wrong with it, the server's refusals too.
 */
export function CompanyDialog({ company, onClose }: { company?: AdminCompany; onClose: () => void }) {
  const { t, i18n } = useTranslation("admin");
  const titleId = useId();
  const formMessage = useFormMessage();
  const errorMessage = useAdminError();
  const create = useCreateCompany();
  const update = useUpdateCompany();
  const mutation = company ? update : create;
  const form = useForm({ resolver: zodResolver(CompanyForm), defaultValues: companyFormValues(company) });
  const [logoName, setLogoName] = useState<string | null>(null);
  const values = form.watch();
  const logo = values.url_photo.trim();
  const uploaded = logo.startsWith("data:");
  const currency = values.currency.trim().toUpperCase();
  const named = isCurrency(currency) ? currencyName(currency, i18n.language) : null;

  // The server's refusals land on the fields they concern; what names no field stays above the form.
  const serverFields = companyServerErrors(mutation.error);
  const generalError = mutation.isError && Object.keys(serverFields).length === 0;
  const onError = (error: unknown) => {
    for (const [field, code] of Object.entries(companyServerErrors(error)))
      form.setError(field as CompanyField, { type: "server", message: code }, { shouldFocus: true });
  };

  const message = (code: string) => formMessage(code, { entry: invalidAllowlistEntry(values.registration_allowlist) ?? "" });
  const field = (name: CompanyField) => fieldProps(form, name, message);

  const submit = form.handleSubmit((formValues) => {
    const done = (saved: AdminCompany) => {
      toast(t(company ? "companies.saved" : "companies.created", { name: saved.name }), "success");
      onClose();
    };
    if (company) {
      const patch = companyPatch(company, formValues);
      if (Object.keys(patch).length === 0) return onClose();
      update.mutate({ id: company.id, ...patch }, { onSuccess: done, onError });
    } else {
      create.mutate(companyBody(formValues), { onSuccess: done, onError });
    }
  });

  const upload = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = "";
    if (!file) return;
    const dataUrl = await readAsDataUrl(file).catch(() => "");
    if (dataUrl.length > MAX_LOGO_CHARS) {
      form.setError("url_photo", { type: "upload", message: "logoTooLarge" });
      return;
    }
    setLogoName(file.name);
    form.setValue("url_photo", dataUrl, { shouldValidate: true, shouldDirty: true });
  };

  const logoField = field("url_photo");
  const domainField = field("domain");
  const currencyField = field("currency");
  const allowlistField = field("registration_allowlist");
  return (
    <Dialog open onClose={onClose} aria-labelledby={titleId} fullWidth maxWidth="sm" scroll="body">
      <DialogTitle id={titleId}>{company ? t("companyForm.editTitle", { name: company.name }) : t("companyForm.createTitle")}</DialogTitle>
      <DialogContent>
        <Box component="form" id={`${titleId}-form`} noValidate onSubmit={submit} sx={{ pt: 1 }}>
          <Stack spacing={2.5}>
            {generalError && (
              <Alert severity="error" role="alert">
                {errorMessage(mutation.error)}
              </Alert>
            )}
            <TextField label={t("companyForm.name")} required autoFocus autoComplete="off" {...field("name")} />
            <TextField
              label={t("companyForm.domain")}
              required
              autoComplete="off"
              {...domainField}
              helperText={domainField.helperText ?? t("companyForm.domainHelp")}
            />
            <Box sx={{ display: "flex", gap: 2, alignItems: "flex-start" }}>
              <Avatar
                src={logo && !logoField.error ? logo : undefined}
                alt={t("companyForm.logoPreview")}
                variant="rounded"
                sx={{ width: 56, height: 56, mt: 0.5, bgcolor: "primary.main" }}
              >
                {(values.name.trim() || "?").slice(0, 1).toUpperCase()}
              </Avatar>
              <Box sx={{ flex: 1, minWidth: 0 }}>
                {uploaded ? (
                  <Box sx={{ display: "flex", flexWrap: "wrap", alignItems: "center", gap: 1, minHeight: 56 }}>
                    <Typography sx={{ flex: "1 1 160px", overflowWrap: "anywhere" }}>
                      {logoName ? t("companyForm.logoUploaded", { name: logoName }) : t("companyForm.logoStored")}
                    </Typography>
                    <Button onClick={() => form.setValue("url_photo", "", { shouldValidate: true, shouldDirty: true })}>{t("companyForm.logoRemove")}</Button>
                  </Box>
                ) : (
                  <TextField
                    label={t("companyForm.logo")}
                    type="url"
                    autoComplete="off"
                    fullWidth
                    {...logoField}
                    helperText={logoField.helperText ?? t("companyForm.logoHelp")}
                  />
                )}
                {uploaded && logoField.helperText && (
                  <Typography role="alert" variant="caption" color="error">
                    {logoField.helperText}
                  </Typography>
                )}
                <Button component="label" size="small" startIcon={<UploadOutlined />} sx={{ mt: 1 }}>
                  {t("companyForm.logoUpload")}
                  <input type="file" accept={LOGO_TYPES} hidden onChange={(event) => void upload(event)} />
                </Button>
              </Box>
            </Box>
            <TextField
              label={t("companyForm.currency")}
              required
              autoComplete="off"
              {...currencyField}
              slotProps={{ htmlInput: { maxLength: 3, style: { textTransform: "uppercase" } } }}
              helperText={currencyField.helperText ?? named ?? t("companyForm.currencyHelp")}
            />
            <TextField
              label={t("companyForm.allowlist")}
              multiline
              minRows={3}
              autoComplete="off"
              {...allowlistField}
              helperText={allowlistField.helperText ?? t("companyForm.allowlistHelp")}
            />
            <Box>
              <FormControlLabel
                control={
                  <Switch
                    checked={values.require_two_factor}
                    onChange={(event) => form.setValue("require_two_factor", event.target.checked, { shouldDirty: true })}
                    slotProps={{ input: { "aria-describedby": `${titleId}-two-factor-help` } }}
                  />
                }
                label={t("companyForm.requireTwoFactor")}
              />
              <FormHelperText id={`${titleId}-two-factor-help`} sx={{ mt: 0 }}>
                {t("companyForm.requireTwoFactorHelp")}
              </FormHelperText>
            </Box>
          </Stack>
        </Box>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t("actions.cancel")}</Button>
        <Button type="submit" form={`${titleId}-form`} variant="contained" loading={mutation.isPending}>
          {company ? t("actions.save") : t("companyForm.create")}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
