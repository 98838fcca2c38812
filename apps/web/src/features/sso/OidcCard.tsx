import { useForm } from "react-hook-form";
import { zodResolver } from "@hookform/resolvers/zod";
import { z } from "zod";
import Alert from "@mui/material/Alert";
import Box from "@mui/material/Box";
import Stack from "@mui/material/Stack";
import TextField from "@mui/material/TextField";
import Typography from "@mui/material/Typography";
import { useTranslation } from "react-i18next";
import type { OidcConnection } from "@learnward/contracts";
import { useErrorMessage } from "../../i18n/useErrorMessage";
import { fieldProps } from "../../components/formField";
import { isApiError } from "../../lib/api";
import { toast } from "../../lib/toast";
import { CompanySetting } from "../../components/CompanySetting";
import { SettingBody } from "../../components/SettingBody";
import type { SsoOwner } from "./api";
import { ConnectionSwitches } from "./ConnectionSwitches";
import { useOidcConnection, useUpdateOidcConnection } from "./hooks";

export const SSO_HEADING_ID = "sso-heading";

// The server reads the issuer's discovery document; here only the shape. The secret may stay empty once one is saved.
const OidcForm = z.object({
  issuer: z
    .string()
    .trim()
    .min(1, "required")
    .max(500, "too_long")
    .refine((v) => /^https?:\/\//i.test(v) && URL.canParse(v), "sso_issuer_invalid"),
  client_id: z.string().trim().min(1, "required").max(500, "too_long"),
  client_secret: z.string().max(2000, "too_long"),
  enabled: z.boolean(),
  require_sso: z.boolean(),
});
type Fields = z.infer<typeof OidcForm>;

const valuesOf = (c: OidcConnection): Fields => ({
  issuer: c.issuer ?? "",
  client_id: c.client_id ?? "",
  client_secret: "",
  enabled: c.enabled,
  require_sso: c.require_sso,
});

function OidcEditor({ connection, owner }: { connection: OidcConnection; owner: SsoOwner }) {
  const { t } = useTranslation("settings");
  const message = useErrorMessage();
  const update = useUpdateOidcConnection(owner);
  const form = useForm({ resolver: zodResolver(OidcForm), defaultValues: valuesOf(connection) });

  const save = form.handleSubmit(({ client_secret, ...values }) =>
    update.mutate(
      // An empty secret keeps the saved one.
      { ...values, ...(client_secret ? { client_secret } : {}) },
      {
        onSuccess: (saved) => {
          form.reset(valuesOf(saved));
          toast(t("sso.saved"), "success");
        },
        onError: (error) => {
          if (isApiError(error, "sso_issuer_invalid")) form.setError("issuer", { message: "sso_issuer_invalid" });
          if (isApiError(error, "sso_secret_required")) form.setError("client_secret", { message: "sso_secret_required" });
        },
      },
    ),
  );
  const onField = update.isError && (isApiError(update.error, "sso_issuer_invalid") || isApiError(update.error, "sso_secret_required"));

  return (
    <Box component="form" noValidate onSubmit={save}>
      <Stack spacing={2.5}>
        {update.isError && !onField && (
          <Alert severity="error" role="alert">
            {message(update.error)}
          </Alert>
        )}
        <Box>
          <Typography variant="body2">{t("sso.redirectUri")}</Typography>
          <Typography variant="body2" component="code" sx={{ wordBreak: "break-all" }}>
            {connection.redirect_uri}
          </Typography>
        </Box>
        <TextField {...fieldProps(form, "issuer", message)} label={t("sso.issuer")} type="url" placeholder="https://" autoComplete="off" required fullWidth />
        <TextField {...fieldProps(form, "client_id", message)} label={t("sso.clientId")} autoComplete="off" required fullWidth />
        {(() => {
          const field = fieldProps(form, "client_secret", message);
          return (
            <TextField
              {...field}
              label={t("sso.clientSecret")}
              type="password"
              autoComplete="new-password"
              fullWidth
              helperText={field.helperText ?? (connection.client_secret_set ? t("sso.secretKept") : undefined)}
            />
          );
        })()}
        <ConnectionSwitches
          texts="sso"
          enabled={form.register("enabled")}
          requireSso={form.register("require_sso")}
          connection={connection}
          saving={update.isPending}
        />
      </Stack>
    </Box>
  );
}

function OidcBody({ owner }: { owner: SsoOwner }) {
  const { t } = useTranslation("settings");
  const connection = useOidcConnection(owner);
  return (
    <SettingBody query={connection} loadingLabel={t("sso.loading")}>
      {(saved) => <OidcEditor connection={saved} owner={owner} />}
    </SettingBody>
  );
}

/** Settings → Single sign-on: hr connects the company's OpenID Connect provider. */
export function OidcCard() {
  return <CompanySetting texts="sso" headingId={SSO_HEADING_ID} Body={OidcBody} />;
}

/** The same, for the platform admin in a company's details (the admin or hr sets it). */
export function CompanyOidcSection({ companyId }: { companyId: number }) {
  return <CompanySetting texts="sso" companyId={companyId} Body={OidcBody} />;
}
