import { useId, useState, type ChangeEvent } from "react";
import type { UseFormReturn } from "react-hook-form";
import Avatar from "@mui/material/Avatar";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import FormControlLabel from "@mui/material/FormControlLabel";
import FormHelperText from "@mui/material/FormHelperText";
import Switch from "@mui/material/Switch";
import TextField from "@mui/material/TextField";
import Typography from "@mui/material/Typography";
import UploadOutlined from "@mui/icons-material/UploadOutlined";
import { useTranslation } from "react-i18next";
import { FormDialog, type FieldMessages } from "../../components/FormDialog";
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
  type CompanyFormValues,
} from "./forms";
import { useCreateCompany, useUpdateCompany } from "./hooks";
import { useAdminError, useFormMessage } from "./useAdminError";

const LOGO_TYPES = "image/png,image/jpeg,image/webp,image/svg+xml";

type Form = UseFormReturn<CompanyFormValues, unknown, ReturnType<typeof CompanyForm.parse>>;

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
 * registration allow-list, and whether its hr and L&D leaders must use two-factor sign-in. Each field
 * says what is wrong with it, the server's refusals too. The one dialog form (FormDialog), checked
 * with CompanyForm: the contract's own rules and limits.
 */
export function CompanyDialog({ company, onClose }: { company?: AdminCompany; onClose: () => void }) {
  const { t, i18n } = useTranslation("admin");
  const twoFactorHelpId = useId();
  const formMessage = useFormMessage();
  const errorMessage = useAdminError();
  const create = useCreateCompany();
  const update = useUpdateCompany();
  const [logoName, setLogoName] = useState<string | null>(null);

  // The admin namespace's words for the form's own codes ("required" and "too_long" are the app's usual ones).
  const own = (...codes: string[]) => Object.fromEntries(codes.map((code) => [code, formMessage(code)]));
  const messages: FieldMessages<typeof CompanyForm> = {
    domain: own("invalidDomain"),
    url_photo: own("invalidLogo", "logoTooLarge"),
    currency: own("invalidCurrency"),
    registration_allowlist: own("allowlistTooLong"),
  };

  // The server's refusals land on the fields they concern; what names no field stays above the form.
  const refusedFields = (error: unknown) => Object.entries(companyServerErrors(error)) as [CompanyField, string][];

  const save = (values: CompanyFormValues, form: Form): Promise<unknown> => {
    const done = (saved: AdminCompany) => toast(t(company ? "companies.saved" : "companies.created", { name: saved.name }), "success");
    let sent: Promise<AdminCompany>;
    if (company) {
      const patch = companyPatch(company, values);
      if (Object.keys(patch).length === 0) return Promise.resolve();
      sent = update.mutateAsync({ id: company.id, ...patch });
    } else {
      sent = create.mutateAsync(companyBody(values));
    }
    return sent.then(done, (error: unknown) => {
      // Every field the refusal names; FormDialog then focuses the first.
      for (const [field, code] of refusedFields(error)) form.setError(field, { type: "server", message: formMessage(code) });
      throw error;
    });
  };

  return (
    <FormDialog
      schema={CompanyForm}
      defaultValues={companyFormValues(company)}
      title={company ? t("companyForm.editTitle", { name: company.name }) : t("companyForm.createTitle")}
      submitLabel={company ? t("actions.save") : t("companyForm.create")}
      cancelLabel={t("actions.cancel")}
      messages={messages}
      errorText={errorMessage}
      fieldRefusal={(error) => {
        const [first] = refusedFields(error);
        return first ? { field: first[0], message: formMessage(first[1]) } : null;
      }}
      onSubmit={save}
      onClose={onClose}
    >
      {({ form, field, control, codeOf }) => {
        const values = form.watch();
        const logo = values.url_photo.trim();
        const uploaded = logo.startsWith("data:");
        const currency = values.currency.trim().toUpperCase();
        const named = isCurrency(currency) ? currencyName(currency, i18n.language) : null;
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
        const logoField = field("url_photo", t("companyForm.logoHelp"));
        const currencyField = field("currency", named ?? t("companyForm.currencyHelp"));
        const allowlistField = field("registration_allowlist", t("companyForm.allowlistHelp"));
        // The allow-list's message names the entry the server would refuse.
        const allowlistCode = codeOf("registration_allowlist");
        const allowlistHelp =
          allowlistCode === "invalidAllowlist"
            ? formMessage("invalidAllowlist", { entry: invalidAllowlistEntry(values.registration_allowlist) ?? "" })
            : allowlistField.helperText;
        const twoFactor = control("require_two_factor");
        return (
          <>
            <TextField label={t("companyForm.name")} required autoFocus autoComplete="off" {...field("name")} />
            <TextField label={t("companyForm.domain")} required autoComplete="off" {...field("domain", t("companyForm.domainHelp"))} />
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
                  <TextField label={t("companyForm.logo")} type="url" autoComplete="off" fullWidth {...logoField} />
                )}
                {uploaded && logoField.error && (
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
            />
            <TextField label={t("companyForm.allowlist")} multiline minRows={3} autoComplete="off" {...allowlistField} helperText={allowlistHelp} />
            <Box>
              <FormControlLabel
                control={
                  <Switch
                    checked={Boolean(twoFactor.value)}
                    onChange={(event) => twoFactor.onChange(event.target.checked)}
                    slotProps={{ input: { "aria-describedby": twoFactorHelpId } }}
                  />
                }
                label={t("companyForm.requireTwoFactor")}
              />
              <FormHelperText id={twoFactorHelpId} sx={{ mt: 0 }}>
                {t("companyForm.requireTwoFactorHelp")}
              </FormHelperText>
            </Box>
          </>
        );
      }}
    </FormDialog>
  );
}
